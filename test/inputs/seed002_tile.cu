// bankfix-args: --block-dim=32,32
// Seed 002: kernelWithBankConflict stores and loads tile[threadIdx.x]
// [threadIdx.y] with block 32x32: 32-way both ways.
// kernelWithoutBankConflict pads to [TILE_DIM + 1]: no conflict.
#include <cstdio>

#define TILE_DIM 32

__global__ void kernelWithBankConflict(float *input, float *output) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  int y = threadIdx.y + blockIdx.y * blockDim.y;

  tile[threadIdx.x][threadIdx.y] = input[x * TILE_DIM + y];
  __syncthreads();
  output[x * TILE_DIM + y] = tile[threadIdx.x][threadIdx.y];
}

__global__ void kernelWithoutBankConflict(float *input, float *output) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  int y = threadIdx.y + blockIdx.y * blockDim.y;

  tile[threadIdx.x][threadIdx.y] = input[x * TILE_DIM + y];
  __syncthreads();
  output[x * TILE_DIM + y] = tile[threadIdx.x][threadIdx.y];
}

int main() {
  float *d_input, *d_output;
  cudaMalloc(&d_input, TILE_DIM * TILE_DIM * sizeof(float));
  cudaMalloc(&d_output, TILE_DIM * TILE_DIM * sizeof(float));
  dim3 blockDim(TILE_DIM, TILE_DIM);
  dim3 gridDim(1, 1);
  kernelWithBankConflict<<<gridDim, blockDim>>>(d_input, d_output);
  kernelWithoutBankConflict<<<gridDim, blockDim>>>(d_input, d_output);
  cudaDeviceSynchronize();
  printf("done\n");
  cudaFree(d_input);
  cudaFree(d_output);
  return 0;
}
// bankfix-explain: --explain
