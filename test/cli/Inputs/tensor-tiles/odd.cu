#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;
__global__ void oddRow(float *out) {
  __shared__ half t[17][16];
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::load_matrix_sync(fa, &t[1][0], 16);
  out[threadIdx.x] = float(fa.x[0]);
}
int main() { oddRow<<<1, 32>>>(nullptr); }
