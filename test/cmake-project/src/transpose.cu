#include "tile.cuh"

// A tile transpose: the column read conflicts TILE-way (32 with the
// build's -DTILE=32).
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[x * n + y] = tile[threadIdx.x][threadIdx.y];
}

void launchTranspose(float *out, const float *in, int n) {
  transpose<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(out, in, n);
}
