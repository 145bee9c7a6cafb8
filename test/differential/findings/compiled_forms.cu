// Probe: what nvcc 13 (NVVM and ptxas) makes of one thread's accesses
// when nothing stops it: straight-line pairs and runs of adjacent
// elements of each width, calls and branches between them, stores,
// references and pointers, 2-D tiles, loops unrolled and not, and
// vector loads of which some components are used. One kernel per
// question; every marked line is one access in the source.
#include <cstdio>

__device__ __forceinline__ void order(float &a, float &b) {
  float x = a, y = b;
  a = fminf(x, y);
  b = fmaxf(x, y);
}

__device__ __forceinline__ float product(const float *p) { return p[0] * p[1]; }

__global__ void floatPair(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[2u * threadIdx.x + 0u]; // @access load 4
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void floatQuad(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[4u * threadIdx.x + 0u]; // @access load 4
  acc += (float)s[4u * threadIdx.x + 1u]; // @access load 4
  acc += (float)s[4u * threadIdx.x + 2u]; // @access load 4
  acc += (float)s[4u * threadIdx.x + 3u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void floatEight(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[8u * threadIdx.x + 0u]; // @access load 4
  acc += (float)s[8u * threadIdx.x + 1u]; // @access load 4
  acc += (float)s[8u * threadIdx.x + 2u]; // @access load 4
  acc += (float)s[8u * threadIdx.x + 3u]; // @access load 4
  acc += (float)s[8u * threadIdx.x + 4u]; // @access load 4
  acc += (float)s[8u * threadIdx.x + 5u]; // @access load 4
  acc += (float)s[8u * threadIdx.x + 6u]; // @access load 4
  acc += (float)s[8u * threadIdx.x + 7u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void floatTriple(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[3u * threadIdx.x + 0u]; // @access load 4
  acc += (float)s[3u * threadIdx.x + 1u]; // @access load 4
  acc += (float)s[3u * threadIdx.x + 2u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void floatPairOddFirst(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  acc += (float)s[2u * threadIdx.x + 2u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void floatPairReversed(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  acc += (float)s[2u * threadIdx.x + 0u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void doublePair(float *out, unsigned n) {
  __shared__ double s[256];
  for (unsigned i = threadIdx.x; i < 256u; i += blockDim.x) s[i] = (double)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[2u * threadIdx.x + 0u]; // @access load 8
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 8
  out[threadIdx.x] = acc + (float)n;
}

__global__ void doubleQuad(float *out, unsigned n) {
  __shared__ double s[256];
  for (unsigned i = threadIdx.x; i < 256u; i += blockDim.x) s[i] = (double)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[4u * threadIdx.x + 0u]; // @access load 8
  acc += (float)s[4u * threadIdx.x + 1u]; // @access load 8
  acc += (float)s[4u * threadIdx.x + 2u]; // @access load 8
  acc += (float)s[4u * threadIdx.x + 3u]; // @access load 8
  out[threadIdx.x] = acc + (float)n;
}

__global__ void shortPair(float *out, unsigned n) {
  __shared__ short s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (short)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[2u * threadIdx.x + 0u]; // @access load 2
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 2
  out[threadIdx.x] = acc + (float)n;
}

__global__ void shortQuad(float *out, unsigned n) {
  __shared__ short s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (short)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[4u * threadIdx.x + 0u]; // @access load 2
  acc += (float)s[4u * threadIdx.x + 1u]; // @access load 2
  acc += (float)s[4u * threadIdx.x + 2u]; // @access load 2
  acc += (float)s[4u * threadIdx.x + 3u]; // @access load 2
  out[threadIdx.x] = acc + (float)n;
}

__global__ void shortEight(float *out, unsigned n) {
  __shared__ short s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (short)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[8u * threadIdx.x + 0u]; // @access load 2
  acc += (float)s[8u * threadIdx.x + 1u]; // @access load 2
  acc += (float)s[8u * threadIdx.x + 2u]; // @access load 2
  acc += (float)s[8u * threadIdx.x + 3u]; // @access load 2
  acc += (float)s[8u * threadIdx.x + 4u]; // @access load 2
  acc += (float)s[8u * threadIdx.x + 5u]; // @access load 2
  acc += (float)s[8u * threadIdx.x + 6u]; // @access load 2
  acc += (float)s[8u * threadIdx.x + 7u]; // @access load 2
  out[threadIdx.x] = acc + (float)n;
}

__global__ void charPair(float *out, unsigned n) {
  __shared__ char s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (char)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[2u * threadIdx.x + 0u]; // @access load 1
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 1
  out[threadIdx.x] = acc + (float)n;
}

__global__ void charQuad(float *out, unsigned n) {
  __shared__ char s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (char)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[4u * threadIdx.x + 0u]; // @access load 1
  acc += (float)s[4u * threadIdx.x + 1u]; // @access load 1
  acc += (float)s[4u * threadIdx.x + 2u]; // @access load 1
  acc += (float)s[4u * threadIdx.x + 3u]; // @access load 1
  out[threadIdx.x] = acc + (float)n;
}

__global__ void charEight(float *out, unsigned n) {
  __shared__ char s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (char)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[8u * threadIdx.x + 0u]; // @access load 1
  acc += (float)s[8u * threadIdx.x + 1u]; // @access load 1
  acc += (float)s[8u * threadIdx.x + 2u]; // @access load 1
  acc += (float)s[8u * threadIdx.x + 3u]; // @access load 1
  acc += (float)s[8u * threadIdx.x + 4u]; // @access load 1
  acc += (float)s[8u * threadIdx.x + 5u]; // @access load 1
  acc += (float)s[8u * threadIdx.x + 6u]; // @access load 1
  acc += (float)s[8u * threadIdx.x + 7u]; // @access load 1
  out[threadIdx.x] = acc + (float)n;
}

__global__ void charSixteen(float *out, unsigned n) {
  __shared__ char s[1024];
  for (unsigned i = threadIdx.x; i < 1024u; i += blockDim.x) s[i] = (char)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[16u * threadIdx.x + 0u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 1u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 2u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 3u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 4u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 5u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 6u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 7u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 8u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 9u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 10u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 11u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 12u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 13u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 14u]; // @access load 1
  acc += (float)s[16u * threadIdx.x + 15u]; // @access load 1
  out[threadIdx.x] = acc + (float)n;
}

__global__ void intPairShfl(float *out, unsigned n) {
  __shared__ int s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (int)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[2u * threadIdx.x + 0u]; // @access load 4
  acc += __shfl_xor_sync(0xffffffffu, acc, 1);
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void floatPairSyncwarp(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[2u * threadIdx.x + 0u]; // @access load 4
  __syncwarp();
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void floatPairFence(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[2u * threadIdx.x + 0u]; // @access load 4
  __threadfence_block();
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void floatPairMath(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[2u * threadIdx.x + 0u]; // @access load 4
  acc = sqrtf(fabsf(acc)) + fminf(acc, 2.f);
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void floatPairStoreOther(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  acc += (float)s[2u * threadIdx.x + 0u]; // @access load 4
  s[256u + threadIdx.x] = acc;
  acc += (float)s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void floatPairOtherArrayBetween(float *out, unsigned n) {
  __shared__ float s[512];
  __shared__ float r[64];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  r[threadIdx.x] = 1.f;
  __syncthreads();
  float acc = s[2u * threadIdx.x]; // @access load 4
  acc += r[threadIdx.x ^ 1u]; // @access load 4
  acc += s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void floatPairInBranch(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  if (n > 0u) {
    acc += s[2u * threadIdx.x]; // @access load 4
    acc += s[2u * threadIdx.x + 1u]; // @access load 4
  }
  out[threadIdx.x] = acc;
}

__global__ void floatPairAcrossBranch(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = s[2u * threadIdx.x]; // @access load 4
  if (n > 3u) out[threadIdx.x + 64u] = acc;
  acc += s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void floatStorePair(float *out, unsigned n) {
  __shared__ float s[512];
  s[2u * threadIdx.x] = (float)threadIdx.x; // @access store 4
  s[2u * threadIdx.x + 1u] = (float)n; // @access store 4
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 3u % 64u];
}

__global__ void floatStoreQuad(float *out, unsigned n) {
  __shared__ float s[512];
  s[4u * threadIdx.x] = (float)threadIdx.x; // @access store 4
  s[4u * threadIdx.x + 1u] = (float)n; // @access store 4
  s[4u * threadIdx.x + 2u] = 2.f; // @access store 4
  s[4u * threadIdx.x + 3u] = 3.f; // @access store 4
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 5u % 128u];
}

__global__ void charStoreQuad(float *out, unsigned n) {
  __shared__ char s[512];
  s[4u * threadIdx.x] = (char)threadIdx.x; // @access store 1
  s[4u * threadIdx.x + 1u] = (char)n; // @access store 1
  s[4u * threadIdx.x + 2u] = 2; // @access store 1
  s[4u * threadIdx.x + 3u] = 3; // @access store 1
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 5u % 128u];
}

__global__ void shortStoreEight(float *out, unsigned n) {
  __shared__ short s[512];
#pragma unroll
  for (unsigned k = 0; k < 8u; ++k)
    s[8u * threadIdx.x + k] = (short)(k * threadIdx.x); // @access store 2
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 5u % 256u];
}

__global__ void comparatorRefs(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)(i * 7u % 13u);
  __syncthreads();
  order(s[2u * threadIdx.x], s[2u * threadIdx.x + 1u]); // @access load 4
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x] + (float)n;
}

__global__ void pointerHelperPair(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  out[threadIdx.x] = product(&s[2u * threadIdx.x]) + (float)n; // @access load 4
}

__global__ void externPair(float *out, unsigned n) {
  extern __shared__ float dyn[];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) dyn[i] = (float)i;
  __syncthreads();
  float acc = dyn[2u * threadIdx.x]; // @access load 4
  acc += dyn[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void tileEvenRowPair(float *out, unsigned n) {
  __shared__ float t[16][34];
  for (unsigned i = threadIdx.x; i < 16u * 34u; i += blockDim.x) (&t[0][0])[i] = (float)i;
  __syncthreads();
  float acc = t[threadIdx.x / 16u][2u * (threadIdx.x % 16u)]; // @access load 4
  acc += t[threadIdx.x / 16u][2u * (threadIdx.x % 16u) + 1u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void tileOddRowPair(float *out, unsigned n) {
  __shared__ float t[16][33];
  for (unsigned i = threadIdx.x; i < 16u * 33u; i += blockDim.x) (&t[0][0])[i] = (float)i;
  __syncthreads();
  float acc = t[threadIdx.x / 16u][2u * (threadIdx.x % 16u)]; // @access load 4
  acc += t[threadIdx.x / 16u][2u * (threadIdx.x % 16u) + 1u]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void gemmTileUnrolled(float *out, unsigned n) {
  __shared__ float As[16][16];
  __shared__ float Bs[16][16];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  As[ty][tx] = (float)(tx + n);
  Bs[ty][tx] = (float)ty;
  __syncthreads();
  float sum = 0.f;
#pragma unroll
  for (unsigned k = 0; k < 16u; ++k)
    sum += As[ty][k] * Bs[tx][k]; // @access load 4
  out[ty * 16u + tx] = sum;
}

__global__ void loopEightNoPragma(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  for (unsigned k = 0; k < 8u; ++k)
    acc += s[8u * threadIdx.x + k] * (float)(k + 1u); // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void loopFourChars(float *out, unsigned n) {
  __shared__ char s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (char)i;
  __syncthreads();
  float acc = 0.f;
#pragma unroll
  for (unsigned k = 0; k < 4u; ++k)
    acc += (float)s[4u * threadIdx.x + k] * (float)(k + 1u); // @access load 1
  out[threadIdx.x] = acc + (float)n;
}

__global__ void loopSixteenDoubles(float *out, unsigned n) {
  __shared__ double s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (double)i;
  __syncthreads();
  double acc = 0.0;
#pragma unroll
  for (unsigned k = 0; k < 16u; ++k)
    acc += s[16u * threadIdx.x + k] * (double)(k + 1u); // @access load 8
  out[threadIdx.x] = (float)acc + (float)n;
}

__global__ void runtimeLoopPairs(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  for (unsigned k = 0; k < n; ++k) {
    acc += s[2u * (threadIdx.x + k)]; // @access load 4
    acc += s[2u * (threadIdx.x + k) + 1u]; // @access load 4
  }
  out[threadIdx.x] = acc;
}

__global__ void runtimeLoopConsecutive(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  float acc = 0.f;
  for (unsigned k = 0; k < n; ++k)
    acc += s[8u * threadIdx.x + k]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void reduceInterleaved(float *out, unsigned n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = (float)tid;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2u * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s]; // @access load 4
    __syncthreads();
  }
  if (tid == 0) out[0] = sdata[0] + (float)n;
}

__global__ void uniformPair(float *out, unsigned n) {
  __shared__ float s[512];
  for (unsigned i = threadIdx.x; i < 512u; i += blockDim.x) s[i] = (float)i;
  __syncthreads();
  unsigned k = n % 64u;
  float acc = s[2u * k]; // @access load 4
  acc += s[2u * k + 1u]; // @access load 4
  out[threadIdx.x] = acc;
}

__global__ void float4ZW(float *out, unsigned n, const float4 *infloat4) {
  __shared__ float4 s[32];
  s[threadIdx.x] = infloat4[threadIdx.x];
  __syncthreads();
  float4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.z * w.w) + (float)n;
}

__global__ void float4XY(float *out, unsigned n, const float4 *infloat4) {
  __shared__ float4 s[32];
  s[threadIdx.x] = infloat4[threadIdx.x];
  __syncthreads();
  float4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.x * w.y) + (float)n;
}

__global__ void float4Y(float *out, unsigned n, const float4 *infloat4) {
  __shared__ float4 s[32];
  s[threadIdx.x] = infloat4[threadIdx.x];
  __syncthreads();
  float4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.y) + (float)n;
}

__global__ void float4W(float *out, unsigned n, const float4 *infloat4) {
  __shared__ float4 s[32];
  s[threadIdx.x] = infloat4[threadIdx.x];
  __syncthreads();
  float4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.w) + (float)n;
}

__global__ void float4YZ(float *out, unsigned n, const float4 *infloat4) {
  __shared__ float4 s[32];
  s[threadIdx.x] = infloat4[threadIdx.x];
  __syncthreads();
  float4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.y * w.z) + (float)n;
}

__global__ void float4XZ(float *out, unsigned n, const float4 *infloat4) {
  __shared__ float4 s[32];
  s[threadIdx.x] = infloat4[threadIdx.x];
  __syncthreads();
  float4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.x * w.z) + (float)n;
}

__global__ void float4XYZ(float *out, unsigned n, const float4 *infloat4) {
  __shared__ float4 s[32];
  s[threadIdx.x] = infloat4[threadIdx.x];
  __syncthreads();
  float4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.x * w.y * w.z) + (float)n;
}

__global__ void float4YZW(float *out, unsigned n, const float4 *infloat4) {
  __shared__ float4 s[32];
  s[threadIdx.x] = infloat4[threadIdx.x];
  __syncthreads();
  float4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.y * w.z * w.w) + (float)n;
}

__global__ void int4ZW(float *out, unsigned n, const int4 *inint4) {
  __shared__ int4 s[32];
  s[threadIdx.x] = inint4[threadIdx.x];
  __syncthreads();
  int4 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.z * w.w) + (float)n;
}

__global__ void float2Y(float *out, unsigned n, const float2 *infloat2) {
  __shared__ float2 s[32];
  s[threadIdx.x] = infloat2[threadIdx.x];
  __syncthreads();
  float2 w = s[threadIdx.x]; // @access load 8
  out[threadIdx.x] = (float)(w.y) + (float)n;
}

__global__ void double2Y(float *out, unsigned n, const double2 *indouble2) {
  __shared__ double2 s[32];
  s[threadIdx.x] = indouble2[threadIdx.x];
  __syncthreads();
  double2 w = s[threadIdx.x]; // @access load 16
  out[threadIdx.x] = (float)(w.y) + (float)n;
}

int main() {
  float *out = nullptr;
  void *vin = nullptr;
  if (cudaMalloc(&out, 4096 * sizeof(float)) != cudaSuccess) return 2;
  if (cudaMalloc(&vin, 32 * 16) != cudaSuccess) return 2;
  cudaMemset(vin, 0, 32 * 16);
  floatPair<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatQuad<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatEight<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatTriple<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatPairOddFirst<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatPairReversed<<<1, dim3(32, 1, 1)>>>(out, 1u);
  doublePair<<<1, dim3(32, 1, 1)>>>(out, 1u);
  doubleQuad<<<1, dim3(32, 1, 1)>>>(out, 1u);
  shortPair<<<1, dim3(32, 1, 1)>>>(out, 1u);
  shortQuad<<<1, dim3(32, 1, 1)>>>(out, 1u);
  shortEight<<<1, dim3(32, 1, 1)>>>(out, 1u);
  charPair<<<1, dim3(32, 1, 1)>>>(out, 1u);
  charQuad<<<1, dim3(32, 1, 1)>>>(out, 1u);
  charEight<<<1, dim3(32, 1, 1)>>>(out, 1u);
  charSixteen<<<1, dim3(32, 1, 1)>>>(out, 1u);
  intPairShfl<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatPairSyncwarp<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatPairFence<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatPairMath<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatPairStoreOther<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatPairOtherArrayBetween<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatPairInBranch<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatPairAcrossBranch<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatStorePair<<<1, dim3(32, 1, 1)>>>(out, 1u);
  floatStoreQuad<<<1, dim3(32, 1, 1)>>>(out, 1u);
  charStoreQuad<<<1, dim3(32, 1, 1)>>>(out, 1u);
  shortStoreEight<<<1, dim3(32, 1, 1)>>>(out, 1u);
  comparatorRefs<<<1, dim3(32, 1, 1)>>>(out, 1u);
  pointerHelperPair<<<1, dim3(32, 1, 1)>>>(out, 1u);
  externPair<<<1, dim3(32, 1, 1), 512 * sizeof(float)>>>(out, 1u);
  tileEvenRowPair<<<1, dim3(32, 1, 1)>>>(out, 1u);
  tileOddRowPair<<<1, dim3(32, 1, 1)>>>(out, 1u);
  gemmTileUnrolled<<<1, dim3(16, 16, 1)>>>(out, 1u);
  loopEightNoPragma<<<1, dim3(32, 1, 1)>>>(out, 1u);
  loopFourChars<<<1, dim3(32, 1, 1)>>>(out, 1u);
  loopSixteenDoubles<<<1, dim3(32, 1, 1)>>>(out, 1u);
  runtimeLoopPairs<<<1, dim3(32, 1, 1)>>>(out, 4u);
  runtimeLoopConsecutive<<<1, dim3(32, 1, 1)>>>(out, 4u);
  reduceInterleaved<<<1, dim3(256, 1, 1)>>>(out, 1u);
  uniformPair<<<1, dim3(32, 1, 1)>>>(out, 1u);
  float4ZW<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float4 *)vin);
  float4XY<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float4 *)vin);
  float4Y<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float4 *)vin);
  float4W<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float4 *)vin);
  float4YZ<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float4 *)vin);
  float4XZ<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float4 *)vin);
  float4XYZ<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float4 *)vin);
  float4YZW<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float4 *)vin);
  int4ZW<<<1, dim3(32, 1, 1)>>>(out, 1u, (const int4 *)vin);
  float2Y<<<1, dim3(32, 1, 1)>>>(out, 1u, (const float2 *)vin);
  double2Y<<<1, dim3(32, 1, 1)>>>(out, 1u, (const double2 *)vin);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
