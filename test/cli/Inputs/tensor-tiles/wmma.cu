#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;
__global__ void operands(float *out, int layout) {
  __shared__ half a[16][16];
  __shared__ half b[32][16];
  __shared__ half flat[16 * 32];
  __shared__ half wide[16][64];
  __shared__ float c[16][16];
  __shared__ signed char q[16][16];
  __shared__ float t[16][16];
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::col_major> ft;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::col_major> fq;
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32,
                 wmma::row_major>
      f32;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(fa, &a[0][0], 16);
  wmma::load_matrix_sync(ft, b[0], 16);
  wmma::load_matrix_sync(fb, flat + 16 * threadIdx.y, 32);
  wmma::load_matrix_sync(fa, &wide[0][0], 32);
  wmma::load_matrix_sync(fq, &q[0][0], 16);
  wmma::load_matrix_sync(f32, &t[0][0], 16);
  wmma::fill_fragment(acc, 0.0f);
  wmma::store_matrix_sync(&c[0][0], acc, 16, wmma::mem_col_major);
  wmma::store_matrix_sync(&c[0][0], acc, 16, wmma::layout_t(layout));
  out[threadIdx.x] = float(a[0][threadIdx.x % 16]);
}
int main() { operands<<<1, 32>>>(nullptr, 0); }
