// Tensor-core tiles in shared memory, as WMMA GEMMs and ldmatrix
// pipelines write them: a block tile of C computed by four warps from A and
// B tiles staged in shared memory, with rows exactly WMMA_K or BLOCK_TILE
// long (the matrix_a load 2-way, the matrix_b load 4-way, the accumulator
// store 4-way) and with the skew NVIDIA's tensor-core GEMM sample adds to
// each row (SKEW_HALF halves, SKEW_FLOAT floats: conflict-free); an
// ldmatrix pipeline whose stage is filled with cp.async and read with
// ldmatrix.x4 in inline PTX, rows 128 bytes apart (8-way), and the same
// with the 16-byte chunks of each row XOR-swizzled by the row (CUTLASS's
// layout: conflict-free).
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>

using namespace nvcuda;

#define WMMA_M 16
#define WMMA_N 16
#define WMMA_K 16
#define BLOCK_TILE 32
#define SKEW_HALF 8
#define SKEW_FLOAT 8
#define PIPE_ROWS 64
#define PIPE_COLS 64

__global__ void wmmaGemmPlain(const half *a, const half *b, float *c, int k) {
  __shared__ half tileA[BLOCK_TILE][WMMA_K + 8];
  __shared__ half tileB[WMMA_K][BLOCK_TILE + 8];
  __shared__ float tileC[BLOCK_TILE][BLOCK_TILE + 8];
  int warp = threadIdx.x / 32;
  int warpRow = warp / 2, warpCol = warp % 2;
  wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int kk = 0; kk < k; kk += WMMA_K) {
    for (int i = threadIdx.x; i < BLOCK_TILE * WMMA_K; i += blockDim.x) {
      tileA[i / WMMA_K][i % WMMA_K] = a[(i / WMMA_K) * k + kk + i % WMMA_K];
      tileB[i / BLOCK_TILE][i % BLOCK_TILE] = b[kk * BLOCK_TILE + i];
    }
    __syncthreads();
    wmma::fragment<wmma::matrix_a, WMMA_M, WMMA_N, WMMA_K, half,
                   wmma::row_major>
        fa;
    wmma::fragment<wmma::matrix_b, WMMA_M, WMMA_N, WMMA_K, half,
                   wmma::row_major>
        fb;
    wmma::load_matrix_sync(fa, &tileA[warpRow * WMMA_M][0], WMMA_K + 8);
    wmma::load_matrix_sync(fb, &tileB[0][warpCol * WMMA_N], BLOCK_TILE + 8);
    wmma::mma_sync(acc, fa, fb, acc);
    __syncthreads();
  }
  wmma::store_matrix_sync(&tileC[warpRow * WMMA_M][warpCol * WMMA_N], acc,
                          BLOCK_TILE + 8, wmma::mem_row_major);
  __syncthreads();
  for (int i = threadIdx.x; i < BLOCK_TILE * BLOCK_TILE; i += blockDim.x)
    c[i] = tileC[i / BLOCK_TILE][i % BLOCK_TILE];
}

__global__ void wmmaGemmSkewed(const half *a, const half *b, float *c, int k) {
  __shared__ half tileA[BLOCK_TILE][WMMA_K + SKEW_HALF];
  __shared__ half tileB[WMMA_K][BLOCK_TILE + SKEW_HALF];
  __shared__ float tileC[BLOCK_TILE][BLOCK_TILE + SKEW_FLOAT];
  int warp = threadIdx.x / 32;
  int warpRow = warp / 2, warpCol = warp % 2;
  wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int kk = 0; kk < k; kk += WMMA_K) {
    for (int i = threadIdx.x; i < BLOCK_TILE * WMMA_K; i += blockDim.x) {
      tileA[i / WMMA_K][i % WMMA_K] = a[(i / WMMA_K) * k + kk + i % WMMA_K];
      tileB[i / BLOCK_TILE][i % BLOCK_TILE] = b[kk * BLOCK_TILE + i];
    }
    __syncthreads();
    wmma::fragment<wmma::matrix_a, WMMA_M, WMMA_N, WMMA_K, half,
                   wmma::row_major>
        fa;
    wmma::fragment<wmma::matrix_b, WMMA_M, WMMA_N, WMMA_K, half,
                   wmma::row_major>
        fb;
    wmma::load_matrix_sync(fa, &tileA[warpRow * WMMA_M][0], WMMA_K + SKEW_HALF);
    wmma::load_matrix_sync(fb, &tileB[0][warpCol * WMMA_N],
                           BLOCK_TILE + SKEW_HALF);
    wmma::mma_sync(acc, fa, fb, acc);
    __syncthreads();
  }
  wmma::store_matrix_sync(&tileC[warpRow * WMMA_M][warpCol * WMMA_N], acc,
                          BLOCK_TILE + SKEW_FLOAT, wmma::mem_row_major);
  __syncthreads();
  for (int i = threadIdx.x; i < BLOCK_TILE * BLOCK_TILE; i += blockDim.x)
    c[i] = tileC[i / BLOCK_TILE][i % BLOCK_TILE];
}

// One warp, bf16 operands (generic 4-byte loads of the fragment's pairs)
// and the accumulator stored column by column (4-byte stores).
__global__ void wmmaBf16Columns(const __nv_bfloat16 *a, const __nv_bfloat16 *b,
                                float *c) {
  __shared__ __nv_bfloat16 sa[WMMA_M][WMMA_K + 8];
  __shared__ __nv_bfloat16 sb[WMMA_K][WMMA_N + 8];
  __shared__ float sc[WMMA_N][WMMA_M + 4];
  for (int i = threadIdx.x; i < WMMA_M * WMMA_K; i += blockDim.x) {
    sa[i / WMMA_K][i % WMMA_K] = a[i];
    sb[i / WMMA_N][i % WMMA_N] = b[i];
  }
  __syncthreads();
  wmma::fragment<wmma::matrix_a, WMMA_M, WMMA_N, WMMA_K, __nv_bfloat16,
                 wmma::row_major>
      fa;
  wmma::fragment<wmma::matrix_b, WMMA_M, WMMA_N, WMMA_K, __nv_bfloat16,
                 wmma::col_major>
      fb;
  wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, &sa[0][0], WMMA_K + 8);
  wmma::load_matrix_sync(fb, &sb[0][0], WMMA_K + 8);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(&sc[0][0], acc, WMMA_M + 4, wmma::mem_col_major);
  __syncthreads();
  for (int i = threadIdx.x; i < WMMA_M * WMMA_N; i += blockDim.x)
    c[i] = sc[i / WMMA_M][i % WMMA_M];
}

// Each warp reads a 16x16 block of the stage: lane l names row l % 16 of
// the block and its 16-byte chunk l / 16.
__device__ unsigned sum4(unsigned r0, unsigned r1, unsigned r2, unsigned r3) {
  return r0 + r1 + r2 + r3;
}

__global__ void ldmatrixPipeline(const half *g, unsigned *out) {
  __shared__ __align__(128) half stage[PIPE_ROWS][PIPE_COLS];
  for (int i = threadIdx.x; i < PIPE_ROWS * PIPE_COLS / 8; i += blockDim.x) {
    int row = i / (PIPE_COLS / 8), chunk = i % (PIPE_COLS / 8);
    __pipeline_memcpy_async(&stage[row][chunk * 8], g + i * 8, 16);
  }
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  unsigned addr = static_cast<unsigned>(
      __cvta_generic_to_shared(&stage[warp * 16 + lane % 16][(lane / 16) * 8]));
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, "
               "[%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
  out[threadIdx.x] = sum4(r0, r1, r2, r3);
}

__global__ void ldmatrixPipelineSwizzled(const half *g, unsigned *out) {
  __shared__ __align__(128) half stage[PIPE_ROWS][PIPE_COLS];
  for (int i = threadIdx.x; i < PIPE_ROWS * PIPE_COLS / 8; i += blockDim.x) {
    int row = i / (PIPE_COLS / 8), chunk = i % (PIPE_COLS / 8);
    __pipeline_memcpy_async(&stage[row][(chunk ^ (row % 8)) * 8], g + i * 8,
                            16);
  }
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int row = warp * 16 + lane % 16;
  unsigned addr = static_cast<unsigned>(
      __cvta_generic_to_shared(&stage[row][((lane / 16) ^ (row % 8)) * 8]));
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, "
               "[%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
  out[threadIdx.x] = sum4(r0, r1, r2, r3);
}

template <typename T> __global__ void fill(T *p, int n, int seed) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    p[i] = T(float((i * seed) % 17) / 16.0f);
}

int main() {
  const int k = 64;
  half *a, *b, *g;
  float *c;
  unsigned *out;
  cudaMalloc(&a, BLOCK_TILE * k * sizeof(half));
  cudaMalloc(&b, k * BLOCK_TILE * sizeof(half));
  cudaMalloc(&c, BLOCK_TILE * BLOCK_TILE * sizeof(float));
  cudaMalloc(&g, PIPE_ROWS * PIPE_COLS * sizeof(half));
  cudaMalloc(&out, 128 * sizeof(unsigned));
  fill<<<4, 256>>>(a, BLOCK_TILE * k, 3);
  fill<<<4, 256>>>(b, k * BLOCK_TILE, 5);
  fill<<<4, 256>>>(g, PIPE_ROWS * PIPE_COLS, 7);
  __nv_bfloat16 *a16, *b16;
  cudaMalloc(&a16, WMMA_M * WMMA_K * sizeof(__nv_bfloat16));
  cudaMalloc(&b16, WMMA_K * WMMA_N * sizeof(__nv_bfloat16));
  fill<<<1, 256>>>(a16, WMMA_M * WMMA_K, 3);
  fill<<<1, 256>>>(b16, WMMA_K * WMMA_N, 5);
  wmmaBf16Columns<<<1, 32>>>(a16, b16, c);
  float bf[WMMA_M * WMMA_N], bfSum = 0;
  cudaMemcpy(bf, c, sizeof bf, cudaMemcpyDeviceToHost);
  for (float v : bf)
    bfSum += v;
  float sums[2] = {0, 0};
  unsigned bits[2] = {0, 0};
  float host[BLOCK_TILE * BLOCK_TILE];
  unsigned lanes[128];
  for (int run = 0; run < 2; ++run) {
    if (run == 0)
      wmmaGemmPlain<<<1, 128>>>(a, b, c, k);
    else
      wmmaGemmSkewed<<<1, 128>>>(a, b, c, k);
    cudaMemcpy(host, c, sizeof host, cudaMemcpyDeviceToHost);
    for (float v : host)
      sums[run] += v;
    if (run == 0)
      ldmatrixPipeline<<<1, 128>>>(g, out);
    else
      ldmatrixPipelineSwizzled<<<1, 128>>>(g, out);
    cudaMemcpy(lanes, out, sizeof lanes, cudaMemcpyDeviceToHost);
    for (unsigned v : lanes)
      bits[run] = bits[run] * 31u + v;
  }
  cudaError_t err = cudaDeviceSynchronize();
  printf("%s: bf16 %g, gemm %g %g, ldmatrix %08x %08x\n",
         cudaGetErrorString(err), bfSum, sums[0], sums[1], bits[0], bits[1]);
  return err != cudaSuccess;
}
