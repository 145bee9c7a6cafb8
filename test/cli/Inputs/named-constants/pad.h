// The skew of the rows of the tile in header.cu.
#define PAD 0 // halves
