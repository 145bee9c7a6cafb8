// A tile kernel templated on its size that synchronises through a
// cuda::barrier in shared memory, as libcu++ code writes it: nvcc accepts
// the __shared__ object with a constructor (it leaves it to init), clang
// refuses it when it instantiates the template and drops the instance's
// body, which bankfix instantiates again. The column store conflicts
// 32-way; the row read is conflict-free.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda/barrier>

namespace cg = cooperative_groups;

template <int TILE, int ROWS>
__global__ void transposeWithBarrier(const float *in, float *out) {
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float tile[TILE][TILE + 1];
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0)
    init(&bar, block.size());
  block.sync();
  for (int r = threadIdx.y; r < TILE; r += ROWS)
    tile[threadIdx.x][r] = in[r * TILE + threadIdx.x];
  bar.arrive_and_wait();
  for (int r = threadIdx.y; r < TILE; r += ROWS)
    out[r * TILE + threadIdx.x] = tile[r][threadIdx.x];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 32 * 32 * sizeof(float));
  cudaMalloc(&out, 32 * 32 * sizeof(float));
  cudaMemset(in, 0, 32 * 32 * sizeof(float));
  transposeWithBarrier<32, 8><<<1, dim3(32, 8)>>>(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  cudaFree(in);
  cudaFree(out);
  return e != cudaSuccess;
}
