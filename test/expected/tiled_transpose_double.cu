// The tiled transpose of doubles with 32x8 threads (bank-model.md: double
// t[32][32]; t[tx][ty] takes 32 wavefronts per warp, [32][33] takes 2).
// 8-byte accesses are served per half-warp, so ideal is 2 wavefronts.
// Store tile[threadIdx.y + j][threadIdx.x]: 2, conflict-free. Load
// tile[threadIdx.x][threadIdx.y + j]: lanes 256 bytes apart, 16 distinct
// words in bank 0 (and 1) per half-warp: 32 wavefronts, 16-way.
// The block shape comes from the launch site.
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeTiledDouble(double *odata, const double *idata,
                                     int width) {
  __shared__ double tile[TILE_DIM][TILE_DIM + 1];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

void launch(double *out, const double *in, int width) {
  dim3 grid(width / TILE_DIM, width / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transposeTiledDouble<<<grid, block>>>(out, in, width);
}
// bankfix-explain: --explain
