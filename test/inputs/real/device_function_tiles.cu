// Tiles written and read by __device__ helpers, as kernels split into
// small functions do: a pointer-to-row parameter, a reference-to-array
// parameter in a template, and one helper called from two kernels that run
// with different block shapes (judged per call).
#include <cstdio>

#define TILE 32

__device__ void put(float (*t)[TILE], float v) {
  t[threadIdx.x][threadIdx.y] = v;
}

template <int ROWS>
__device__ float get(const float (&t)[ROWS][TILE], int r, int c) {
  return t[r][c];
}

__global__ void tileSquare(float *out) {
  __shared__ float tile[TILE][TILE];
  put(tile, float(threadIdx.x));
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = get(tile, threadIdx.y, threadIdx.x);
}

__global__ void tileHalf(float *out) {
  __shared__ float tile[TILE][TILE];
  put(tile, float(threadIdx.y));
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = get(tile, threadIdx.x, threadIdx.y);
}

int main() {
  float *out;
  cudaMalloc(&out, TILE * TILE * sizeof(float));
  tileSquare<<<1, dim3(TILE, TILE)>>>(out);
  tileHalf<<<1, dim3(16, 16)>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
