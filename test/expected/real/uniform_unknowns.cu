// Values bankfix does not know, in the forms real kernels use: a stride
// passed as a kernel parameter, a guard against a parameter, a loop over a
// parameter, a guard on data read from memory, and the bounds check
// against blockIdx. Each is judged at its worst value (main() launches
// each kernel with that value, so the GPU measures the worst case), or
// exactly when every value gives the same.
#include <cstdio>

__global__ void strideParameter(float *out, int stride) {
  __shared__ float s[1056];
  unsigned tid = threadIdx.x;
  s[(tid * stride) % 1024 + (tid * stride) % 1024 / 32] = float(tid);
  __syncthreads();
  out[tid] = s[tid + tid / 32];
}

__global__ void thresholdGuard(float *out, int first) {
  __shared__ float s[1056];
  unsigned tid = threadIdx.x;
  if (tid >= first)
    s[(tid % 32) * 32 + (tid % 32) * 32 / 32] = float(tid);
  __syncthreads();
  out[tid] = s[tid + tid / 32];
}

__global__ void rotatedRows(float *out, int steps) {
  __shared__ float t[32][32];
  unsigned tid = threadIdx.x;
  t[tid / 32][tid % 32] = float(tid);
  __syncthreads();
  float acc = 0.0f;
  for (int i = 0; i < steps; ++i)
    acc += t[(tid + i) % 8][tid % 32];
  out[tid] = acc;
}

__global__ void dataGuard(float *out, const float *in) {
  __shared__ float t[32][33];
  unsigned tid = threadIdx.x;
  if (in[tid] > 0.0f)
    t[tid % 32][tid / 32] = in[tid];
  __syncthreads();
  out[tid] = t[tid / 32][tid % 32];
}

__global__ void boundsGuard(float *out, const float *in, int n) {
  __shared__ float s[528];
  unsigned tid = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + tid;
  if (gid < n)
    s[tid * 2 + tid * 2 / 32] = in[gid];
  __syncthreads();
  out[gid] = s[tid + tid / 32];
}

int main() {
  float *in, *out, ones[256];
  for (float &v : ones)
    v = 1.0f;
  cudaMalloc(&in, sizeof ones);
  cudaMalloc(&out, sizeof ones);
  cudaMemcpy(in, ones, sizeof ones, cudaMemcpyHostToDevice);
  strideParameter<<<1, 256>>>(out, 32);
  thresholdGuard<<<1, 256>>>(out, 0);
  rotatedRows<<<1, 256>>>(out, 1);
  dataGuard<<<1, 256>>>(out, in);
  boundsGuard<<<1, 256>>>(out, in, 256);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
