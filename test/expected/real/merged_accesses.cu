// One thread's accesses to adjacent elements, which nvcc merges into one
// wider instruction when the first element is aligned to the merged width
// (docs/bank-model.md, "What nvcc 13 merges"), and the forms it does not merge.
#include <cstdio>

__global__ void mergedLoads(const float *in, float *out) {
  __shared__ float s[256];
  __shared__ double d[128];
  __shared__ short h[128];
  unsigned t = threadIdx.x;
  for (unsigned k = 0; k < 8; ++k)
    s[t + 32 * k] = in[t + 32 * k];
  for (unsigned k = 0; k < 4; ++k)
    d[t + 32 * k] = in[t + 32 * k];
  for (unsigned k = 0; k < 4; ++k)
    h[t + 32 * k] = short(t + k);
  __syncthreads();
  float a0 = s[2 * t];
  float a1 = s[2 * t + 1];
  float q0 = s[4 * t];
  float q1 = s[4 * t + 1];
  float q2 = s[4 * t + 2];
  float q3 = s[4 * t + 3];
  double d0 = d[2 * t];
  double d1 = d[2 * t + 1];
  short h0 = h[2 * t];
  short h1 = h[2 * t + 1];
  float o0 = s[2 * t + 1];
  float o1 = s[2 * t + 2];
  out[t] = a0 + a1 + q0 + q1 + q2 + q3 + float(d0 + d1) + h0 + h1 + o0 + o1;
}

__global__ void mergedStores(float *out) {
  __shared__ float s[64];
  __shared__ short h[2112];
  unsigned t = threadIdx.x;
  s[2 * t] = float(t);
  s[2 * t + 1] = float(t) + 0.5f;
  for (int k = 0; k < 64; ++k)
    h[64 * t + k + (64 * t + k) / 32] = short(t + k);
  __syncthreads();
  out[t] = s[(t + 1) % 64] + h[(t * 65) % 2048 + (t * 65) % 2048 / 32];
}

__global__ void narrowedVector(float *out) {
  __shared__ float rows[32][36];
  unsigned t = threadIdx.x;
  for (int k = 0; k < 32; ++k)
    rows[k][t] = float(k + t);
  __syncthreads();
  float4 v = reinterpret_cast<const float4 *>(rows[t % 32])[t / 8];
  out[t] = v.x + v.y;
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 256 * sizeof(float));
  cudaMalloc(&out, 256 * sizeof(float));
  cudaMemset(in, 0, 256 * sizeof(float));
  mergedLoads<<<1, 32>>>(in, out);
  mergedStores<<<1, 32>>>(out);
  narrowedVector<<<1, 32>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
