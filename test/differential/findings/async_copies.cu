// Probe: how the H100 counts the shared-memory side of cp.async
// (LDGSTS) writes of 16 bytes, over lane -> destination patterns and two
// source patterns; and bf16 wmma fragments (generic 32-bit loads) over
// more row lengths.
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

__device__ __forceinline__ unsigned destination(int mode, unsigned l) {
  switch (mode) {
  case 0:
    return (l ^ 1) * 16; // pairs swapped
  case 1:
    return (l % 8) * 128 + (l / 8) * 16; // 8 lanes, one group
  case 2:
    return (l / 2) * 16; // two lanes, one chunk
  case 3:
    return (l % 4) * 16 + (l / 4) * 128; // 64 B of each line
  case 4:
    return (l % 4) * 16 + (l / 4) * 80; // rows of 80 B
  case 5:
    return (l % 2) * 16 + (l / 2) * 64; // 32 B of each 64
  default:
    return ((l * 5) % 32) * 16; // permutation
  }
}

template <int STRIDE, int SRC>
__global__ void stridedCopy(const float4 *in, unsigned *out) {
  __shared__ __align__(128) unsigned char s[32 * 1024];
  unsigned l = threadIdx.x % 32;
  const float4 *src = in + (SRC ? (l * 7) % 32 : l) * (SRC == 2 ? 8 : 1);
  __pipeline_memcpy_async(s + l * STRIDE, src, 16);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 13];
}

template <int MODE>
__global__ void patternCopy(const float4 *in, unsigned *out) {
  __shared__ __align__(128) unsigned char s[32 * 1024];
  unsigned l = threadIdx.x % 32;
  __pipeline_memcpy_async(s + destination(MODE, l), in + l, 16);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 13];
}

template <typename Use, typename Layout, int LDM>
__global__ void loadBf16(float *out) {
  __shared__ __align__(128) __nv_bfloat16 tile[4096];
  for (int i = threadIdx.x; i < 4096; i += blockDim.x)
    tile[i] = __float2bfloat16(float(i % 7));
  __syncthreads();
  wmma::fragment<Use, 16, 16, 16, __nv_bfloat16, Layout> f;
  wmma::load_matrix_sync(f, tile, LDM);
  float acc = 0;
  for (int i = 0; i < f.num_elements; ++i)
    acc += __bfloat162float(f.x[i]);
  out[threadIdx.x] = acc;
}

#define BF(LDM)                                                                \
  loadBf16<wmma::matrix_a, wmma::row_major, LDM><<<1, 32>>>(f);                \
  loadBf16<wmma::matrix_a, wmma::col_major, LDM><<<1, 32>>>(f);                \
  loadBf16<wmma::matrix_b, wmma::row_major, LDM><<<1, 32>>>(f);                \
  loadBf16<wmma::matrix_b, wmma::col_major, LDM><<<1, 32>>>(f);

#define STRIDES(S)                                                             \
  stridedCopy<S, 0><<<1, 32>>>(in, u);                                         \
  stridedCopy<S, 1><<<1, 32>>>(in, u);                                         \
  stridedCopy<S, 2><<<1, 32>>>(in, u);

int main() {
  float *f;
  unsigned *u;
  float4 *in;
  cudaMalloc(&f, 4096);
  cudaMalloc(&u, 4096);
  cudaMalloc(&in, 1 << 20);
  cudaMemset(in, 0, 1 << 20);
  STRIDES(16)
  STRIDES(32) STRIDES(48) STRIDES(64) STRIDES(80) STRIDES(96) STRIDES(112)
      STRIDES(128) STRIDES(144) STRIDES(256) patternCopy<0><<<1, 32>>>(in, u);
  patternCopy<1><<<1, 32>>>(in, u);
  patternCopy<2><<<1, 32>>>(in, u);
  patternCopy<3><<<1, 32>>>(in, u);
  patternCopy<4><<<1, 32>>>(in, u);
  patternCopy<5><<<1, 32>>>(in, u);
  patternCopy<6><<<1, 32>>>(in, u);
  BF(32) BF(40) BF(64) BF(72) cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
