// bankfix-args: --fix-style=swizzle
// A tiled transpose whose tile is written by columns and read back as
// float4 rows, as vectorised epilogues (CUTLASS-style) read shared memory;
// 32x8 threads, the loop unrolled (j = 0, 8, 16, 24).
// Store tile[threadIdx.x][threadIdx.y + j]: 32-way in each iteration.
// Load reinterpret_cast<float4 *>(tile[r])[q]: 8 lanes per row, 4 rows per
// warp, conflict-free (4 wavefronts, ideal 4); on the line of the store
// that uses it, where nvcc's line table puts it.
// Padding the rows by one float would misalign the float4 reads; padding
// by a whole float4 (tile[32][36]) keeps them aligned and is what
// --fix-style=auto gives. This file asks for the other style: an XOR
// swizzle of 16-byte granules, which keeps them whole with no extra
// memory; then the column store is 4-way, the fewest any such swizzle (or
// padding) reaches (32 rows of one column over the 8 banks a granule
// offset allows).
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeFloat4Rows(float *odata, const float *idata,
                                    int width) {
  __shared__ float tile[TILE_DIM][TILE_DIM];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.x][threadIdx.y + j] = idata[(y + j) * width + x];

  __syncthreads();

  int t = threadIdx.y * TILE_DIM + threadIdx.x;
  int r = t / 8, q = t % 8;
  float4 *out = reinterpret_cast<float4 *>(
      odata + (blockIdx.x * TILE_DIM + r) * width + blockIdx.y * TILE_DIM);
  out[q] = reinterpret_cast<float4 *>(tile[r])[q];
}

void launch(float *out, const float *in, int width) {
  dim3 grid(width / TILE_DIM, width / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transposeFloat4Rows<<<grid, block>>>(out, in, width);
}
