// Loops of more than 64 iterations, which nvcc keeps as loops: does it
// merge consecutive iterations whose elements are adjacent in every
// iteration (after unrolling the loop partially)? One 32x8 block each.
#include <cstdio>

__global__ void quads128(float *out) {
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

__global__ void pairs128(float *out) {
  __shared__ float s[8][2 * 32 + 128];
  unsigned x = threadIdx.x, y = threadIdx.y;
  for (int k = x; k < 2 * 32 + 128; k += 32)
    s[y][k] = k;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 128; ++j)
    acc += s[y][2 * x + j];
  out[y * 32 + x] = acc;
}

__global__ void evenPairs128(float *out) {
  __shared__ float s[8][2 * 32 + 256];
  unsigned x = threadIdx.x, y = threadIdx.y;
  for (int k = x; k < 2 * 32 + 256; k += 32)
    s[y][k] = k;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 128; ++j)
    acc += s[y][2 * x + 2 * j] * s[y][2 * x + 2 * j + 1];
  out[y * 32 + x] = acc;
}

int main() {
  float *out;
  cudaMalloc(&out, 256 * sizeof(float));
  quads128<<<1, dim3(32, 8)>>>(out);
  pairs128<<<1, dim3(32, 8)>>>(out);
  evenPairs128<<<1, dim3(32, 8)>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
