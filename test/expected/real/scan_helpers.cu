// A work-efficient (up-sweep, down-sweep) block scan written the way sample
// code splits it: the kernel keeps the data in one shared array and passes
// it to helper functions that index it through their pointer parameter.
// Without padding the tree levels hit the same banks: 2-way at the first
// level, up to 16-way further up.
#include <cstdio>
#include <vector>

#define SCAN_ELEMENTS 256

__device__ void upSweep(float *temp, int tid, int n) {
  int offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      temp[bi + bi / 32] += temp[ai + ai / 32];
    }
    offset *= 2;
  }
}

__device__ void downSweep(float *temp, int tid, int n) {
  int offset = n;
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      float t = temp[ai + ai / 32];
      temp[ai + ai / 32] = temp[bi + bi / 32];
      temp[bi + bi / 32] += t;
    }
  }
}

__global__ void blockScan(const float *in, float *out, int n) {
  __shared__ float temp[SCAN_ELEMENTS + 8];
  int tid = threadIdx.x;
  temp[2 * tid + 2 * tid / 32] = in[2 * tid];
  temp[2 * tid + 1 + (2 * tid + 1) / 32] = in[2 * tid + 1];
  upSweep(temp, tid, n);
  if (tid == 0)
    temp[n - 1 + (n - 1) / 32] = 0;
  downSweep(temp, tid, n);
  __syncthreads();
  out[2 * tid] = temp[2 * tid + 2 * tid / 32];
  out[2 * tid + 1] = temp[2 * tid + 1 + (2 * tid + 1) / 32];
}

int main() {
  std::vector<float> host(SCAN_ELEMENTS);
  for (int i = 0; i < SCAN_ELEMENTS; i++)
    host[i] = float(i % 7);
  float *in, *out;
  cudaMalloc(&in, SCAN_ELEMENTS * sizeof(float));
  cudaMalloc(&out, SCAN_ELEMENTS * sizeof(float));
  cudaMemcpy(in, host.data(), SCAN_ELEMENTS * sizeof(float),
             cudaMemcpyHostToDevice);
  blockScan<<<1, SCAN_ELEMENTS / 2>>>(in, out, SCAN_ELEMENTS);
  cudaMemcpy(host.data(), out, SCAN_ELEMENTS * sizeof(float),
             cudaMemcpyDeviceToHost);
  double sum = 0;
  for (float v : host)
    sum += v;
  cudaError_t e = cudaGetLastError();
  printf("checksum %.1f last %.1f (%s)\n", sum, host[SCAN_ELEMENTS - 1],
         cudaGetErrorString(e));
  return e != cudaSuccess;
}
