// Host code that nvcc's host compiler (GCC) accepts and clang does not:
// GCC's __builtin_va_arg_pack in a logging helper. bankfix reports clang's
// error once and still analyses the kernels, which parse cleanly.
#include <cstdio>

static inline __attribute__((always_inline)) int logLine(const char *Fmt, ...) {
  return printf(Fmt, __builtin_va_arg_pack());
}

#define TILE 32

__global__ void transposeNaive(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  unsigned x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * TILE + x];
  __syncthreads();
  out[y * TILE + x] = tile[x][y];
}

__global__ void histogram(const int *in, int *out) {
  __shared__ int bins[64];
  unsigned tid = threadIdx.x;
  bins[tid % 64] = 0;
  __syncthreads();
  atomicAdd(&bins[in[tid] % 64], 1);
  __syncthreads();
  out[tid] = bins[tid % 64];
}

int main() {
  float *in, *out;
  int *keys, *counts;
  cudaMalloc(&in, TILE * TILE * sizeof(float));
  cudaMalloc(&out, TILE * TILE * sizeof(float));
  cudaMalloc(&keys, 256 * sizeof(int));
  cudaMalloc(&counts, 256 * sizeof(int));
  cudaMemset(in, 0, TILE * TILE * sizeof(float));
  cudaMemset(keys, 0, 256 * sizeof(int));
  transposeNaive<<<1, dim3(TILE, TILE)>>>(in, out);
  histogram<<<1, 256>>>(keys, counts);
  cudaError_t e = cudaDeviceSynchronize();
  logLine("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
