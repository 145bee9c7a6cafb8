#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;
#define PAD 0
#define LARGER(a, b) ((a) > (b) ? (a) : (b))

__global__ void tile(const half *in, float *out) {
  extern __shared__ half rows[][32 + PAD];
  for (int i = threadIdx.x; i < 64 * 4; i += blockDim.x)
    __pipeline_memcpy_async(&rows[i / 4][i % 4 * 8], in + i * 8, 16);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::fill_fragment(c, 0.0f);
  int warp = threadIdx.x / 32;
  wmma::load_matrix_sync(a, &rows[warp * 16][0], 32 + PAD);
  wmma::load_matrix_sync(b, &rows[32 + warp * 16][16], 32 + PAD);
  wmma::mma_sync(c, a, b, c);
  __syncthreads();
  float *epilogue = (float *)&rows[0][0];
  wmma::store_matrix_sync(epilogue + warp * 16, c, 32, wmma::mem_row_major);
  __syncthreads();
  out[threadIdx.x] = epilogue[threadIdx.x];
}

int main() {
  enum { BYTES = LARGER(sizeof(half) * 64 * (32 + PAD), sizeof(float) * 16 * 32) };
  tile<<<1, 64, BYTES>>>(nullptr, nullptr);
}
