// Constant-trip loops without #pragma unroll: which does nvcc 13 (-O3,
// sm_90) unroll fully, so that consecutive iterations merge into wider
// loads and repeated loads of one address are made once? Each kernel is
// launched with one 32x8 block; ncu per line against bankfix's JSON.
// Written by gen_constant_loops.py; ncu per line: measured-constant_loops.txt.
#include <cstdio>

__global__ void adjacent2(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 2; ++j)
    acc += t[y][(x * 2 + j) % 64];
  out[y * 32 + x] = acc;
}

__global__ void adjacent4(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 4; ++j)
    acc += t[y][(x * 2 + j) % 64];
  out[y * 32 + x] = acc;
}

__global__ void adjacent8(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 8; ++j)
    acc += t[y][(x * 2 + j) % 64];
  out[y * 32 + x] = acc;
}

__global__ void adjacent16(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 16; ++j)
    acc += t[y][(x * 2 + j) % 64];
  out[y * 32 + x] = acc;
}

__global__ void adjacent32(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 32; ++j)
    acc += t[y][(x * 2 + j) % 64];
  out[y * 32 + x] = acc;
}

__global__ void adjacent64(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 64; ++j)
    acc += t[y][(x * 2 + j) % 64];
  out[y * 32 + x] = acc;
}

__global__ void adjacent128(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 128; ++j)
    acc += t[y][(x * 2 + j) % 64];
  out[y * 32 + x] = acc;
}

__global__ void adjacent256(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 256; ++j)
    acc += t[y][(x * 2 + j) % 64];
  out[y * 32 + x] = acc;
}

__global__ void adjacent600(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 600; ++j)
    acc += t[y][(x * 2 + j) % 64];
  out[y * 32 + x] = acc;
}

__global__ void repeat4(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 4; ++j)
    acc += t[y][(x + (j % 4) * 8) % 64];
  out[y * 32 + x] = acc;
}

__global__ void repeat16(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 16; ++j)
    acc += t[y][(x + (j % 4) * 8) % 64];
  out[y * 32 + x] = acc;
}

__global__ void repeat32(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 32; ++j)
    acc += t[y][(x + (j % 4) * 8) % 64];
  out[y * 32 + x] = acc;
}

__global__ void repeat64(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 64; ++j)
    acc += t[y][(x + (j % 4) * 8) % 64];
  out[y * 32 + x] = acc;
}

__global__ void repeat128(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 128; ++j)
    acc += t[y][(x + (j % 4) * 8) % 64];
  out[y * 32 + x] = acc;
}

__global__ void repeat600(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < 600; ++j)
    acc += t[y][(x + (j % 4) * 8) % 64];
  out[y * 32 + x] = acc;
}

__global__ void nest16x2(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b < 2; ++b)
      acc += t[(a + b) & 7][(x * 2) % 64];
  out[y * 32 + x] = acc;
}

__global__ void nest64x4(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 4; ++b)
      acc += t[(a + b) & 7][(x * 2) % 64];
  out[y * 32 + x] = acc;
}

__global__ void nest1000x2(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int a = 0; a < 1000; ++a)
    for (int b = 0; b < 2; ++b)
      acc += t[(a + b) & 7][(x * 2) % 64];
  out[y * 32 + x] = acc;
}

__global__ void nest2x3x2x3x2x2(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int c = 0; c < 2; ++c)
        for (int d = 0; d < 3; ++d)
          for (int e = 0; e < 2; ++e)
            for (int f = 0; f < 2; ++f)
              acc += t[(a + b + c + d + e + f) & 7][(x * 2) % 64];
  out[y * 32 + x] = acc;
}

__global__ void nest8x8x8(float *out) {
  __shared__ float t[32][64];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
  for (int a = 0; a < 8; ++a)
    for (int b = 0; b < 8; ++b)
      for (int c = 0; c < 8; ++c)
        acc += t[(a + b + c) & 7][(x * 2) % 64];
  out[y * 32 + x] = acc;
}

int main() {
  float *out;
  cudaMalloc(&out, 4096 * 4);
  adjacent2<<<1, dim3(32, 8)>>>(out);
  adjacent4<<<1, dim3(32, 8)>>>(out);
  adjacent8<<<1, dim3(32, 8)>>>(out);
  adjacent16<<<1, dim3(32, 8)>>>(out);
  adjacent32<<<1, dim3(32, 8)>>>(out);
  adjacent64<<<1, dim3(32, 8)>>>(out);
  adjacent128<<<1, dim3(32, 8)>>>(out);
  adjacent256<<<1, dim3(32, 8)>>>(out);
  adjacent600<<<1, dim3(32, 8)>>>(out);
  repeat4<<<1, dim3(32, 8)>>>(out);
  repeat16<<<1, dim3(32, 8)>>>(out);
  repeat32<<<1, dim3(32, 8)>>>(out);
  repeat64<<<1, dim3(32, 8)>>>(out);
  repeat128<<<1, dim3(32, 8)>>>(out);
  repeat600<<<1, dim3(32, 8)>>>(out);
  nest16x2<<<1, dim3(32, 8)>>>(out);
  nest64x4<<<1, dim3(32, 8)>>>(out);
  nest1000x2<<<1, dim3(32, 8)>>>(out);
  nest2x3x2x3x2x2<<<1, dim3(32, 8)>>>(out);
  nest8x8x8<<<1, dim3(32, 8)>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
