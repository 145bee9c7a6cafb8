// Probe: how the H100 serves the shared-memory side of tensor-core code.
// One warp per kernel, one tile operation per kernel: wmma fragment loads
// and stores (m16n16k16, m32n8k16, m8n32k16; half, bf16, s8 operands;
// float, half, int accumulators) over row lengths `ldm`, ldmatrix/stmatrix
// written as inline PTX (x1, x2, x4, .trans) over lane -> row-address
// patterns, and cp.async (__pipeline_memcpy_async, inline PTX) writes.
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

#define TILE_ELEMS 4096

template <typename Use, int M, int N, int K, typename T, typename Layout,
          int LDM>
__global__ void loadOperand(float *out) {
  __shared__ __align__(128) T tile[TILE_ELEMS];
  for (int i = threadIdx.x; i < TILE_ELEMS; i += blockDim.x)
    tile[i] = T(i % 7);
  __syncthreads();
  wmma::fragment<Use, M, N, K, T, Layout> f;
  wmma::load_matrix_sync(f, tile, LDM);
  float acc = 0;
  for (int i = 0; i < f.num_elements; ++i)
    acc += float(f.x[i]);
  out[threadIdx.x] = acc;
}

template <int M, int N, int K, typename T, int LDM, wmma::layout_t L>
__global__ void storeAccumulator(float *out) {
  __shared__ __align__(128) T tile[TILE_ELEMS];
  wmma::fragment<wmma::accumulator, M, N, K, T> c;
  wmma::fill_fragment(c, T(threadIdx.x));
  wmma::store_matrix_sync(tile, c, LDM, L);
  __syncthreads();
  out[threadIdx.x] = float(tile[threadIdx.x * 5]);
}

template <int M, int N, int K, typename T, int LDM, wmma::layout_t L>
__global__ void loadAccumulator(float *out) {
  __shared__ __align__(128) T tile[TILE_ELEMS];
  for (int i = threadIdx.x; i < TILE_ELEMS; i += blockDim.x)
    tile[i] = T(i % 5);
  __syncthreads();
  wmma::fragment<wmma::accumulator, M, N, K, T> c;
  wmma::load_matrix_sync(c, tile, LDM, L);
  float acc = 0;
  for (int i = 0; i < c.num_elements; ++i)
    acc += float(c.x[i]);
  out[threadIdx.x] = acc;
}

// Byte offset of the row lane `l` addresses in ldmatrix/stmatrix.
__device__ __forceinline__ unsigned rowOffset(int mode, unsigned l) {
  switch (mode) {
  case 0:
    return l * 16; // contiguous rows
  case 1:
    return l * 32;                           // rows 32 B apart
  case 2: {                                  // 2-way per 8 lanes,
    unsigned g = (l % 8) / 2 + 4 * (l / 16); // 4 per bank group
    unsigned k = l % 2 + 2 * ((l / 8) % 2);  // over the warp
    return 16 * (g + 8 * k);
  }
  case 3:
    return (l % 8) * 128 + (l / 8) * 16; // 8 lanes one group
  case 4:
    return (l % 8) * 16; // matrices share rows
  case 5:
    return (l % 16) * 48 + (l / 16) * 16; // rows 48 B apart
  case 6:
    return (l % 16) * 64 + (l / 16) * 16; // rows 64 B apart
  default:
    return (l % 16) * 80 + (l / 16) * 16; // rows 80 B apart
  }
}

template <int NUM, bool TRANS, int MODE>
__global__ void ldmatrixRows(unsigned *out) {
  __shared__ __align__(128) unsigned short s[TILE_ELEMS];
  for (int i = threadIdx.x; i < TILE_ELEMS; i += blockDim.x)
    s[i] = i;
  __syncthreads();
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(s)) +
               rowOffset(MODE, threadIdx.x % 32);
  unsigned r0 = 0, r1 = 0, r2 = 0, r3 = 0;
  if (NUM == 1 && !TRANS)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
                 : "=r"(r0)
                 : "r"(a));
  if (NUM == 1 && TRANS)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];"
                 : "=r"(r0)
                 : "r"(a));
  if (NUM == 2 && !TRANS)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
                 : "=r"(r0), "=r"(r1)
                 : "r"(a));
  if (NUM == 2 && TRANS)
    asm volatile(
        "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
        : "=r"(r0), "=r"(r1)
        : "r"(a));
  if (NUM == 4 && !TRANS)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
                 "{%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(a));
  if (NUM == 4 && TRANS)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 "
                 "{%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(a));
  out[threadIdx.x] = r0 + r1 + r2 + r3;
}

template <int NUM, bool TRANS, int MODE>
__global__ void stmatrixRows(unsigned *out) {
  __shared__ __align__(128) unsigned short s[TILE_ELEMS];
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(s)) +
               rowOffset(MODE, threadIdx.x % 32);
  unsigned r = threadIdx.x * 3u;
  if (NUM == 1 && !TRANS)
    asm volatile(
        "stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(a),
        "r"(r));
  if (NUM == 1 && TRANS)
    asm volatile(
        "stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" ::"r"(a),
        "r"(r));
  if (NUM == 2 && !TRANS)
    asm volatile(
        "stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" ::"r"(a),
        "r"(r), "r"(r + 1));
  if (NUM == 2 && TRANS)
    asm volatile(
        "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};" ::"r"(
            a),
        "r"(r), "r"(r + 1));
  if (NUM == 4 && !TRANS)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], "
                 "{%1, %2, %3, %4};" ::"r"(a),
                 "r"(r), "r"(r + 1), "r"(r + 2), "r"(r + 3));
  if (NUM == 4 && TRANS)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], "
                 "{%1, %2, %3, %4};" ::"r"(a),
                 "r"(r), "r"(r + 1), "r"(r + 2), "r"(r + 3));
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 7];
}

// cp.async: lane l copies BYTES bytes to shared byte offset
// (l * STRIDE) and from global offset l * BYTES.
template <int BYTES, int STRIDE>
__global__ void pipelineCopy(const float4 *in, unsigned *out) {
  __shared__ __align__(128) unsigned char s[32 * 1024];
  unsigned l = threadIdx.x % 32;
  __pipeline_memcpy_async(
      s + l * STRIDE, reinterpret_cast<const unsigned char *>(in) + l * BYTES,
      BYTES);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 13];
}

template <int STRIDE>
__global__ void inlineCopy16(const float4 *in, unsigned *out) {
  __shared__ __align__(128) unsigned char s[32 * 1024];
  unsigned l = threadIdx.x % 32;
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(s)) + l * STRIDE;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(a),
               "l"(in + l));
  asm volatile("cp.async.commit_group;");
  asm volatile("cp.async.wait_group 0;");
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 13];
}

template <typename K> void launch(K kernel, float *f, unsigned *u) {
  kernel<<<1, 32>>>(f);
}

#define OPS(T, LDM)                                                            \
  loadOperand<wmma::matrix_a, 16, 16, 16, T, wmma::row_major, LDM>             \
      <<<1, 32>>>(f);                                                          \
  loadOperand<wmma::matrix_a, 16, 16, 16, T, wmma::col_major, LDM>             \
      <<<1, 32>>>(f);                                                          \
  loadOperand<wmma::matrix_b, 16, 16, 16, T, wmma::row_major, LDM>             \
      <<<1, 32>>>(f);                                                          \
  loadOperand<wmma::matrix_b, 16, 16, 16, T, wmma::col_major, LDM>             \
      <<<1, 32>>>(f);

#define SHAPES(T, LDM)                                                         \
  loadOperand<wmma::matrix_a, 32, 8, 16, T, wmma::row_major, LDM>              \
      <<<1, 32>>>(f);                                                          \
  loadOperand<wmma::matrix_a, 32, 8, 16, T, wmma::col_major, LDM>              \
      <<<1, 32>>>(f);                                                          \
  loadOperand<wmma::matrix_b, 32, 8, 16, T, wmma::row_major, LDM>              \
      <<<1, 32>>>(f);                                                          \
  loadOperand<wmma::matrix_b, 32, 8, 16, T, wmma::col_major, LDM>              \
      <<<1, 32>>>(f);                                                          \
  loadOperand<wmma::matrix_a, 8, 32, 16, T, wmma::row_major, LDM>              \
      <<<1, 32>>>(f);                                                          \
  loadOperand<wmma::matrix_b, 8, 32, 16, T, wmma::col_major, LDM><<<1, 32>>>(f);

#define ACC(T, LDM)                                                            \
  storeAccumulator<16, 16, 16, T, LDM, wmma::mem_row_major><<<1, 32>>>(f);     \
  storeAccumulator<16, 16, 16, T, LDM, wmma::mem_col_major><<<1, 32>>>(f);     \
  loadAccumulator<16, 16, 16, T, LDM, wmma::mem_row_major><<<1, 32>>>(f);      \
  loadAccumulator<16, 16, 16, T, LDM, wmma::mem_col_major><<<1, 32>>>(f);

#define ROWS(MODE)                                                             \
  ldmatrixRows<1, false, MODE><<<1, 32>>>(u);                                  \
  ldmatrixRows<2, false, MODE><<<1, 32>>>(u);                                  \
  ldmatrixRows<4, false, MODE><<<1, 32>>>(u);                                  \
  ldmatrixRows<4, true, MODE><<<1, 32>>>(u);                                   \
  stmatrixRows<1, false, MODE><<<1, 32>>>(u);                                  \
  stmatrixRows<2, false, MODE><<<1, 32>>>(u);                                  \
  stmatrixRows<4, false, MODE><<<1, 32>>>(u);                                  \
  stmatrixRows<4, true, MODE><<<1, 32>>>(u);

int main() {
  float *f;
  unsigned *u;
  float4 *in;
  cudaMalloc(&f, 4096);
  cudaMalloc(&u, 4096);
  cudaMalloc(&in, 1 << 20);
  cudaMemset(in, 0, 1 << 20);
  OPS(half, 16)
  OPS(half, 24) OPS(half, 32) OPS(half, 40) OPS(half, 64) OPS(half, 72)
      OPS(__nv_bfloat16, 16) OPS(__nv_bfloat16, 24) OPS(signed char, 16)
          OPS(signed char, 32) OPS(signed char, 48) SHAPES(half, 16)
              SHAPES(half, 24) ACC(float, 16) ACC(float, 20) ACC(float, 24)
                  ACC(float, 32) ACC(half, 16) ACC(half, 24) ACC(int, 16)
                      ACC(int, 20) ROWS(0) ROWS(1) ROWS(2) ROWS(3) ROWS(4)
                          ROWS(5) ROWS(6) ROWS(7)
                              ldmatrixRows<1, true, 1><<<1, 32>>>(u);
  ldmatrixRows<2, true, 1><<<1, 32>>>(u);
  pipelineCopy<4, 4><<<1, 32>>>(in, u);
  pipelineCopy<4, 8><<<1, 32>>>(in, u);
  pipelineCopy<4, 128><<<1, 32>>>(in, u);
  pipelineCopy<8, 8><<<1, 32>>>(in, u);
  pipelineCopy<8, 16><<<1, 32>>>(in, u);
  pipelineCopy<8, 256><<<1, 32>>>(in, u);
  pipelineCopy<16, 16><<<1, 32>>>(in, u);
  pipelineCopy<16, 32><<<1, 32>>>(in, u);
  pipelineCopy<16, 48><<<1, 32>>>(in, u);
  pipelineCopy<16, 128><<<1, 32>>>(in, u);
  inlineCopy16<16><<<1, 32>>>(in, u);
  inlineCopy16<128><<<1, 32>>>(in, u);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
