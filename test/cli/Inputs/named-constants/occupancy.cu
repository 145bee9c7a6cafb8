#include <mma.h>
using namespace nvcuda;
#define PAD 16
#define ROWS 480

// 480 rows of 160 bytes: 76800 bytes, three blocks per SM; 16 bytes more
// per row leave room for two.
__global__ void tile(const half *in, float *out) {
  extern __shared__ half rows[][64 + PAD];
  for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x)
    rows[i / 64][i % 64] = in[i];
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::fill_fragment(c, 0.0f);
  int warp = threadIdx.x / 32;
  wmma::load_matrix_sync(a, &rows[warp * 16][0], 64 + PAD);
  wmma::load_matrix_sync(b, &rows[32 + warp * 16][16], 64 + PAD);
  wmma::mma_sync(c, a, b, c);
  __syncthreads();
  float *epilogue = (float *)&rows[0][0];
  wmma::store_matrix_sync(epilogue + warp * 16, c, 32, wmma::mem_row_major);
  __syncthreads();
  out[threadIdx.x] = epilogue[threadIdx.x];
}

int main() {
  const int bytes = sizeof(half) * ROWS * (64 + PAD);
  cudaFuncSetAttribute(tile, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  tile<<<1, 64, bytes>>>(nullptr, nullptr);
}
