// One dynamic shared buffer carved into several arrays, one of them at an
// offset set by blockDim, and a byte buffer viewed as float4 and int.
#include <cstdio>

#define TILE 32

__global__ void carvedTiles(const float *in, float *out) {
  extern __shared__ float smem[];
  float *a = smem;
  float *b = smem + blockDim.x * blockDim.y + blockDim.x * blockDim.y / 32;
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  a[tx * (TILE + 1) + ty] = in[ty * TILE + tx];
  b[ty * (TILE + 1) + tx] = 2.0f * in[ty * TILE + tx];
  __syncthreads();
  float x = a[ty * (TILE + 1) + tx];
  float y = b[tx * (TILE + 1) + ty];
  out[ty * TILE + tx] = x + y;
}

__global__ void vectorView(const float4 *in, float *out) {
  extern __shared__ unsigned char raw[];
  float4 *rows = reinterpret_cast<float4 *>(raw);
  int *counts = reinterpret_cast<int *>(raw + 64 * sizeof(float4));
  unsigned tid = threadIdx.x;
  rows[tid] = in[tid];
  counts[2 * tid] = int(tid);
  __syncthreads();
  float4 v = rows[(2 * tid) % 64];
  int c = counts[tid];
  out[tid] = v.x + v.y + v.z + v.w + float(c);
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 64 * sizeof(float4) + TILE * TILE * sizeof(float));
  cudaMalloc(&out, TILE * TILE * sizeof(float));
  cudaMemset(in, 0, 64 * sizeof(float4));
  carvedTiles<<<1, dim3(TILE, TILE), 2 * TILE * TILE * sizeof(float) + 64 * sizeof(float)>>>(in,
                                                                        out);
  vectorView<<<1, 64, 64 * sizeof(float4) + 128 * sizeof(int)>>>(
      reinterpret_cast<const float4 *>(in), out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
