// Probe 2: what stops nvcc 13 from merging a thread's adjacent accesses
// (calls, branches, accesses of other arrays between), the widths it
// merges to, and the components of a vector load it keeps.
#include <cstdio>

__global__ void sqrtBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc = sqrtf(acc);
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void fminBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc = fminf(acc, f);
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void fabsBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc = fabsf(acc) + f;
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void fdivBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc = acc / f;
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void fastDivBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc = __fdividef(acc, f);
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void expBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc = expf(acc);
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void fastExpBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc = __expf(acc);
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void idivBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc += (float)(threadIdx.x / (n + 1u));
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void imodBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc += (float)(threadIdx.x % (n + 3u));
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void minBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc += (float)min(threadIdx.x, n);
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void popcBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc += (float)__popc(threadIdx.x ^ n);
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void ballotBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc += (float)__popc(__ballot_sync(0xffffffffu, acc > f));
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void fmaBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc = fmaf(acc, f, 1.f);
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void convBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc += (float)__float2int_rn(acc * f);
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void globalLoadBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  acc += out[threadIdx.x + 64u];
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void globalStoreBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  out[threadIdx.x + 64u] = acc;
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void ifSharedStoreBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  if (n > 3u) s[300u + threadIdx.x] = acc;
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void ifLongBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  if (n > 3u) {
    for (unsigned j = 0; j < n; ++j) out[j * 32u + threadIdx.x] = acc * (float)j;
  }
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void ifLaneBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 4
  if (threadIdx.x % 3u == 1u) out[threadIdx.x + 64u] = acc;
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void ucharPair(float *out, unsigned n, float f) {
  __shared__ unsigned char s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (unsigned char)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 1

  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 1
  out[threadIdx.x] = acc;
}

__global__ void shortPairBetweenNothing(float *out, unsigned n, float f) {
  __shared__ short s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (short)i;
  __syncthreads();
  float acc = (float)s[2u * threadIdx.x]; // @access load 2

  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 2
  out[threadIdx.x] = acc;
}

__global__ void storePairOtherStoreBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  __shared__ float r[64];
  s[2u * threadIdx.x] = (float)threadIdx.x; // @access store 4
  r[threadIdx.x] = f; // @access store 4
  s[2u * threadIdx.x + 1u] = (float)n; // @access store 4
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 3u % 64u] + r[threadIdx.x ^ 3u];
}

__global__ void loadPairOtherStoreBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  __shared__ float r[64];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = s[2u * threadIdx.x]; // @access load 4
  r[threadIdx.x] = acc; // @access store 4
  acc += s[2u * threadIdx.x + 1u]; // @access load 4
  __syncthreads();
  out[threadIdx.x] = acc + r[threadIdx.x ^ 3u];
}

__global__ void storePairSameLoadBetween(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  s[2u * threadIdx.x] = f; // @access store 4
  float acc = s[256u + threadIdx.x]; // @access load 4
  s[2u * threadIdx.x + 1u] = acc; // @access store 4
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 3u % 64u];
}

__global__ void ucharStoreQuad(float *out, unsigned n, float f) {
  __shared__ unsigned char s[512];
  s[4u * threadIdx.x] = (unsigned char)threadIdx.x; // @access store 1
  s[4u * threadIdx.x + 1u] = (unsigned char)n; // @access store 1
  s[4u * threadIdx.x + 2u] = 2; // @access store 1
  s[4u * threadIdx.x + 3u] = 3; // @access store 1
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 5u % 128u];
}

__global__ void shortStorePair(float *out, unsigned n, float f) {
  __shared__ short s[512];
  s[2u * threadIdx.x] = (short)threadIdx.x; // @access store 2
  s[2u * threadIdx.x + 1u] = (short)n; // @access store 2
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 5u % 128u];
}

__global__ void floatStoreEight(float *out, unsigned n, float f) {
  __shared__ float s[512];
#pragma unroll
  for (unsigned k = 0; k < 8u; ++k)
    s[8u * threadIdx.x + k] = f * (float)k; // @access store 4
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 5u % 256u];
}

__global__ void float2Pair(float *out, unsigned n, float f) {
  __shared__ float2 s[128];
  for (unsigned i = threadIdx.x; i < 128u; i += blockDim.x) s[i] = make_float2((float)i, f);
  __syncthreads();
  float2 a = s[2u * threadIdx.x]; // @access load 8
  float2 b = s[2u * threadIdx.x + 1u]; // @access load 8
  out[threadIdx.x] = a.x * b.y + a.y * b.x;
}

__global__ void float4Pair(float *out, unsigned n, float f) {
  __shared__ float4 s[64];
  for (unsigned i = threadIdx.x; i < 64u; i += blockDim.x) s[i] = make_float4((float)i, f, 1.f, 2.f);
  __syncthreads();
  float4 a = s[2u * threadIdx.x]; // @access load 16
  float4 b = s[2u * threadIdx.x + 1u]; // @access load 16
  out[threadIdx.x] = a.x * b.y + a.z * b.w + a.y + a.w + b.x + b.z;
}

__global__ void volatilePair(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  volatile float *v = s;
  float acc = v[2u * threadIdx.x]; // @access load 4
  acc += v[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void runtimeUnroll2(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  for (unsigned k = 0; k < n; ++k)
    acc += s[16u * threadIdx.x + k]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void runtimeLoopPairsTid(float *out, unsigned n, float f) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  for (unsigned k = 0; k < n; ++k) {
    acc += s[64u * k + 2u * threadIdx.x]; // @access load 4
    acc += s[64u * k + 2u * threadIdx.x + 1u]; // @access load 4
  }
  out[threadIdx.x] = acc;
}

__global__ void blockDimLoopPairs(float *out, unsigned n, float f) {
  __shared__ float s[1024];
  for (unsigned i = threadIdx.x; i < 1024u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  for (unsigned k = threadIdx.x; k < 512u; k += blockDim.x) {
    acc += s[2u * k]; // @access load 4
    acc += s[2u * k + 1u]; // @access load 4
  }
  out[threadIdx.x] = acc;
}

__global__ void float4XW(float *out, unsigned n, const float4 *in) {
  __shared__ float4 s[32];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.x * w.w) + (float)n;
}

__global__ void float4XYW(float *out, unsigned n, const float4 *in) {
  __shared__ float4 s[32];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.x * w.y * w.w) + (float)n;
}

__global__ void float4Z(float *out, unsigned n, const float4 *in) {
  __shared__ float4 s[32];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.z) + (float)n;
}

__global__ void int4XYZW(float *out, unsigned n, const int4 *in) {
  __shared__ int4 s[32];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  int4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.x * w.y * w.z * w.w) + (float)n;
}

__global__ void double2X(float *out, unsigned n, const double2 *in) {
  __shared__ double2 s[32];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  double2 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.x) + (float)n;
}

int main() {
  float *out = nullptr;
  void *vin = nullptr;
  if (cudaMalloc(&out, 65536 * sizeof(float)) != cudaSuccess) return 2;
  if (cudaMalloc(&vin, 32 * 16) != cudaSuccess) return 2;
  cudaMemset(vin, 0, 32 * 16);
  sqrtBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  fminBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  fabsBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  fdivBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  fastDivBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  expBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  fastExpBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  idivBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  imodBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  minBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  popcBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  ballotBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  fmaBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  convBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  globalLoadBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  globalStoreBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  ifSharedStoreBetween<<<1, dim3(32, 1, 1)>>>(out, 4u, 3.f);
  ifLongBetween<<<1, dim3(32, 1, 1)>>>(out, 4u, 3.f);
  ifLaneBetween<<<1, dim3(32, 1, 1)>>>(out, 4u, 3.f);
  ucharPair<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  shortPairBetweenNothing<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  storePairOtherStoreBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  loadPairOtherStoreBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  storePairSameLoadBetween<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  ucharStoreQuad<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  shortStorePair<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  floatStoreEight<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  float2Pair<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  float4Pair<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  volatilePair<<<1, dim3(32, 1, 1)>>>(out, 1u, 3.f);
  runtimeUnroll2<<<1, dim3(32, 1, 1)>>>(out, 4u, 3.f);
  runtimeLoopPairsTid<<<1, dim3(32, 1, 1)>>>(out, 4u, 3.f);
  blockDimLoopPairs<<<1, dim3(64, 1, 1)>>>(out, 1u, 3.f);
  float4XW<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float4 *)vin);
  float4XYW<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float4 *)vin);
  float4Z<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float4 *)vin);
  int4XYZW<<<1, dim3(32, 1, 1)>>>(out, 1u, (const int4 *)vin);
  double2X<<<1, dim3(32, 1, 1)>>>(out, 1u, (const double2 *)vin);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
