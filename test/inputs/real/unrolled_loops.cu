// Constant-trip loops as nvcc compiles them (docs/bank-model.md,
// "Constant-trip loops"): unrolled, fully or in part, and consecutive
// iterations merged, unless `#pragma unroll 1` keeps one iteration after
// the other. One load of consecutive words per iteration,
// t[y][(2x + j) % 64]: iterations j = 0 and 1 become one LDS.64 only where
// the loop is unrolled.
#include <cstdio>
__global__ void plain64(float *out) {
  __shared__ float t[8][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 64; ++j)
    acc += t[y][(2 * x + j) % 64];
  out[y * 32 + x] = acc;
}

__global__ void full128(float *out) {
  __shared__ float t[8][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  __syncthreads();
  float acc = 0;
#pragma unroll
  for (int j = 0; j < 128; ++j)
    acc += t[y][(2 * x + j) % 64];
  out[y * 32 + x] = acc;
}

__global__ void once8(float *out) {
  __shared__ float t[8][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  __syncthreads();
  float acc = 0;
#pragma unroll 1
  for (int j = 0; j < 8; ++j)
    acc += t[y][(2 * x + j) % 64];
  out[y * 32 + x] = acc;
}

// Two loads of one iteration, adjacent in every iteration: one LDS.64 per
// iteration.
__global__ void pairsIn128(float *out) {
  __shared__ float t[128][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  for (int r = y; r < 128; r += 8) {
    t[r][x] = x;
    t[r][x + 32] = r;
  }
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 128; ++j)
    acc += t[j][2 * x] * t[j][2 * x + 1];
  out[y * 32 + x] = acc;
}

// Four consecutive iterations of a loop too long to unroll fully: nvcc
// unrolls it by four and merges them into one LDS.128.
__global__ void quadsIn128(float *out) {
  __shared__ float s[8][4 * 32 + 128];
  unsigned x = threadIdx.x, y = threadIdx.y;
  for (int k = x; k < 4 * 32 + 128; k += 32)
    s[y][k] = k;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 128; ++j)
    acc += s[y][4 * x + j];
  out[y * 32 + x] = acc;
}

int main() {
  float *out;
  cudaMalloc(&out, 256 * sizeof(float));
  plain64<<<1, dim3(32, 8)>>>(out);
  full128<<<1, dim3(32, 8)>>>(out);
  once8<<<1, dim3(32, 8)>>>(out);
  pairsIn128<<<1, dim3(32, 8)>>>(out);
  quadsIn128<<<1, dim3(32, 8)>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
