// The tiled transpose with 32x8 threads: each thread moves four elements,
// the loop `for (j = 0; j < 32; j += 8)` is unrolled (j = 0, 8, 16, 24).
// Store tile[threadIdx.y + j][threadIdx.x]: conflict-free. Load
// tile[threadIdx.x][threadIdx.y + j]: 32-way in each iteration.
// The block shape comes from the launch site.
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeTiled(float *odata, const float *idata, int width) {
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
  transposeTiled<<<grid, block>>>(out, in, width);
}
