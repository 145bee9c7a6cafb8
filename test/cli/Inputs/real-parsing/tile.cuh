#define TILE 32
