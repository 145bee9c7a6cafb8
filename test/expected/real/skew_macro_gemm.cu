// A tensor-core GEMM block tile as the CUDA samples' WMMA kernels write it:
// the A and B chunks staged with int4 copies in one dynamic buffer whose
// rows carry a skew macro, the fragments loaded with an ldm written with
// the same macro, the accumulators stored through a float view of the same
// bytes (an epilogue that reuses the buffer, with its own row stride), and
// a launch asking for the larger of the two phases. With SKEW_HALF 16 a
// row is 160 bytes and the matrix_a and matrix_b loads conflict 2-way; the
// epilogue's rows of 64 floats make its stores and loads 4-way whatever the
// skew. bankfix cannot pad the tile's rows in its subscripts (the float
// view takes the address of an element); it pads them where the macro is
// defined, and the ldm and the launch's byte count follow.
#include <cstdio>
#include <cuda_fp16.h>
#include <mma.h>

using namespace nvcuda;

#define TILE_M 64
#define TILE_N 64
#define CHUNK_K 64
#define SKEW_HALF 24
#define EPILOGUE_STRIDE TILE_N
#define LARGER(a, b) ((a) > (b) ? (a) : (b))

// 256 threads: eight warps, four down the tile and two across, each
// computing 16 rows by 32 columns of C.
__global__ void gemmSkewTile(const half *a, const half *bT, float *c, int n,
                             int k) {
  extern __shared__ half stage[][CHUNK_K + SKEW_HALF];
  int warp = threadIdx.x / 32;
  int warpRow = warp / 2, warpCol = warp % 2;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2];
  for (int j = 0; j < 2; ++j)
    wmma::fill_fragment(acc[j], 0.0f);
  const int copiesPerRow = CHUNK_K / 8;
  for (int k0 = 0; k0 < k; k0 += CHUNK_K) {
    // Rows 0..TILE_M-1 hold A's chunk, rows TILE_M.. the columns of B.
    for (int i = threadIdx.x; i < (TILE_M + TILE_N) * copiesPerRow;
         i += blockDim.x) {
      int row = i / copiesPerRow, part = i % copiesPerRow;
      const half *src = row < TILE_M
                            ? a + (blockIdx.y * TILE_M + row) * k + k0
                            : bT + (blockIdx.x * TILE_N + row - TILE_M) * k + k0;
      *((int4 *)&stage[row][0] + part) = *((const int4 *)src + part);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < CHUNK_K; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
      wmma::load_matrix_sync(fa, &stage[warpRow * 16][kk], CHUNK_K + SKEW_HALF);
#pragma unroll
      for (int j = 0; j < 2; ++j) {
        wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
        wmma::load_matrix_sync(fb, &stage[TILE_M + warpCol * 32 + j * 16][kk],
                               CHUNK_K + SKEW_HALF);
        wmma::mma_sync(acc[j], fa, fb, acc[j]);
      }
    }
    __syncthreads();
  }
  float *epilogue = (float *)&stage[0][0];
  for (int j = 0; j < 2; ++j)
    wmma::store_matrix_sync(epilogue + warpRow * 16 * EPILOGUE_STRIDE +
                                warpCol * 32 + j * 16,
                            acc[j], EPILOGUE_STRIDE, wmma::mem_row_major);
  __syncthreads();
  for (int i = threadIdx.x; i < TILE_M * TILE_N / 4; i += blockDim.x) {
    int row = i / (TILE_N / 4), part = i % (TILE_N / 4);
    *((float4 *)(c + (blockIdx.y * TILE_M + row) * n + blockIdx.x * TILE_N) +
      part) = *((float4 *)(epilogue + row * EPILOGUE_STRIDE) + part);
  }
}

int main() {
  const int m = TILE_M, n = TILE_N, k = 128;
  enum {
    STAGE_BYTES = LARGER(sizeof(half) * (TILE_M + TILE_N) *
                             (CHUNK_K + SKEW_HALF),
                         sizeof(float) * TILE_M * EPILOGUE_STRIDE)
  };
  half *ha = new half[m * k], *hb = new half[n * k];
  for (int i = 0; i < m * k; ++i)
    ha[i] = __float2half(float(i % 7) - 3.0f);
  for (int i = 0; i < n * k; ++i)
    hb[i] = __float2half(float(i % 5) - 2.0f);
  half *a, *bT;
  float *c;
  cudaMalloc(&a, m * k * sizeof(half));
  cudaMalloc(&bT, n * k * sizeof(half));
  cudaMalloc(&c, m * n * sizeof(float));
  cudaMemcpy(a, ha, m * k * sizeof(half), cudaMemcpyHostToDevice);
  cudaMemcpy(bT, hb, n * k * sizeof(half), cudaMemcpyHostToDevice);
  gemmSkewTile<<<dim3(n / TILE_N, m / TILE_M), 256, STAGE_BYTES>>>(a, bT, c, n,
                                                                   k);
  float *hc = new float[m * n];
  cudaMemcpy(hc, c, m * n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaError_t e = cudaDeviceSynchronize();
  double sum = 0;
  for (int i = 0; i < m * n; ++i)
    sum += hc[i] * double(i % 13 + 1);
  printf("%s checksum %.1f\n", cudaGetErrorString(e), sum);
  cudaFree(a);
  cudaFree(bT);
  cudaFree(c);
  delete[] ha;
  delete[] hb;
  delete[] hc;
  return e != cudaSuccess;
}
