// The tiled transpose with 32x8 threads and a padded tile
// [TILE_DIM][TILE_DIM + 1]: no conflict in any iteration.
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeTiledPadded(float *odata, const float *idata,
                                     int width) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];

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

void launch(float *out, const float *in, int width) {
  dim3 grid(width / TILE_DIM, width / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transposeTiledPadded<<<grid, block>>>(out, in, width);
}
