// Shared accesses inside a lambda and a functor called from the kernel, as
// header-only libraries write them.
#include <cstdio>

struct ColumnSum {
  __device__ float operator()(const float (*t)[32], unsigned c) const {
    float s = 0.0f;
    for (int r = 0; r < 4; ++r)
      s += t[r][c];
    return s;
  }
};

__global__ void lambdaTiles(const float *in, float *out) {
  __shared__ float tile[32][32];
  auto load = [&](int k) { tile[threadIdx.x][k] = in[k * 32 + threadIdx.x]; };
  auto column = [&](int k) { return tile[k][threadIdx.x]; };
  load(threadIdx.y);
  __syncthreads();
  float a = column(threadIdx.y);
  ColumnSum sum;
  out[threadIdx.y * 32 + threadIdx.x] = a + sum(tile, threadIdx.x);
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 1024 * sizeof(float));
  cudaMalloc(&out, 1024 * sizeof(float));
  cudaMemset(in, 0, 1024 * sizeof(float));
  lambdaTiles<<<1, dim3(32, 32)>>>(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
