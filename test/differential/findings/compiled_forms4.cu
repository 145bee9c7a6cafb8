// Probe 4: what a declared alignment changes. Bytes and shorts of an array
// declared `__align__(16)` merge up to 16 bytes; a store to another static
// array between two loads stops their merge unless the loaded array is
// declared aligned to the merged width. A float4 passed by value to a
// function that reads two of its components is loaded as those two.
#include <cstdio>

__global__ void alignedCharEightStores(float *out, unsigned n) {
  __shared__ __align__(16) char c[32 * 8 + 16];
  for (unsigned k = 0; k < 8u; ++k)
    c[8u * threadIdx.x + k] = (char)(threadIdx.x + k); // @access store 1
  __syncthreads();
  out[threadIdx.x] = (float)c[(threadIdx.x * 5u) % 256u] + (float)n; // @access load 1
}

__global__ void plainCharEightStores(float *out, unsigned n) {
  __shared__ char c[32 * 8 + 16];
  for (unsigned k = 0; k < 8u; ++k)
    c[8u * threadIdx.x + k] = (char)(threadIdx.x + k); // @access store 1
  __syncthreads();
  out[threadIdx.x] = (float)c[(threadIdx.x * 5u) % 256u] + (float)n; // @access load 1
}

__global__ void alignedShortQuadLoads(float *out, unsigned n) {
  __shared__ __align__(16) short h[32 * 8];
  for (unsigned i = threadIdx.x; i < 256u; i += blockDim.x) h[i] = (short)i; // @access store 2
  __syncthreads();
  float acc = 0.f;
#pragma unroll
  for (unsigned k = 0; k < 8u; ++k)
    acc += (float)h[8u * threadIdx.x + k]; // @access load 2
  out[threadIdx.x] = acc + (float)n;
}

__global__ void plainShortQuadLoads(float *out, unsigned n) {
  __shared__ short h[32 * 8];
  for (unsigned i = threadIdx.x; i < 256u; i += blockDim.x) h[i] = (short)i; // @access store 2
  __syncthreads();
  float acc = 0.f;
#pragma unroll
  for (unsigned k = 0; k < 8u; ++k)
    acc += (float)h[8u * threadIdx.x + k]; // @access load 2
  out[threadIdx.x] = acc + (float)n;
}

__global__ void alignedPairOtherStoreBetween(float *out, unsigned n) {
  __shared__ __align__(16) float s[512];
  __shared__ float r[64];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i; // @access store 4
  __syncthreads();
  float acc = s[2u * threadIdx.x]; // @access load 4
  r[threadIdx.x] = acc; // @access store 4
  acc += s[2u * threadIdx.x + 1u]; // @access load 4
  __syncthreads();
  out[threadIdx.x] = acc + r[threadIdx.x ^ 3u] + (float)n; // @access load 4
}

__global__ void alignedQuadOtherStoreBetween(float *out, unsigned n) {
  __shared__ __align__(16) float s[512];
  __shared__ float r[64];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i; // @access store 4
  __syncthreads();
  float acc = s[4u * threadIdx.x]; // @access load 4
  acc += s[4u * threadIdx.x + 1u]; // @access load 4
  r[threadIdx.x] = acc; // @access store 4
  acc += s[4u * threadIdx.x + 2u]; // @access load 4
  acc += s[4u * threadIdx.x + 3u]; // @access load 4
  __syncthreads();
  out[threadIdx.x] = acc + r[threadIdx.x ^ 3u] + (float)n; // @access load 4
}

__global__ void plainQuadOtherStoreBetween(float *out, unsigned n) {
  __shared__ float s[512];
  __shared__ float r[64];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i; // @access store 4
  __syncthreads();
  float acc = s[4u * threadIdx.x]; // @access load 4
  acc += s[4u * threadIdx.x + 1u]; // @access load 4
  r[threadIdx.x] = acc; // @access store 4
  acc += s[4u * threadIdx.x + 2u]; // @access load 4
  acc += s[4u * threadIdx.x + 3u]; // @access load 4
  __syncthreads();
  out[threadIdx.x] = acc + r[threadIdx.x ^ 3u] + (float)n; // @access load 4
}

__device__ float outerSum(float4 w) { return w.x + w.w; }

__global__ void float4ByValue(float *out, unsigned n) {
  __shared__ float4 v[64];
  v[threadIdx.x] = make_float4(1.f, 2.f, 3.f, (float)n); // @access store 16
  __syncthreads();
  out[threadIdx.x] = outerSum(v[(threadIdx.x * 2u) % 64u]); // @access load 16
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 4096 * sizeof(float)) != cudaSuccess) return 2;
  alignedCharEightStores<<<1, dim3(32, 1, 1)>>>(out, 1u);
  plainCharEightStores<<<1, dim3(32, 1, 1)>>>(out, 1u);
  alignedShortQuadLoads<<<1, dim3(32, 1, 1)>>>(out, 1u);
  plainShortQuadLoads<<<1, dim3(32, 1, 1)>>>(out, 1u);
  alignedPairOtherStoreBetween<<<1, dim3(32, 1, 1)>>>(out, 1u);
  alignedQuadOtherStoreBetween<<<1, dim3(32, 1, 1)>>>(out, 1u);
  plainQuadOtherStoreBetween<<<1, dim3(32, 1, 1)>>>(out, 1u);
  float4ByValue<<<1, dim3(64, 1, 1)>>>(out, 1u);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
