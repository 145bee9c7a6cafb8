// Cooperative groups: the block's thread_rank, a 32-thread tiled partition
// with its thread_rank and meta_group_rank, thread_index(), and sync().
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void groupTiles(const float *in, float *out) {
  __shared__ float tile[32][33];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  unsigned rank = block.thread_rank();
  tile[rank % 32][rank / 32] = in[rank];
  block.sync();
  float v = tile[warp.meta_group_rank()][warp.thread_rank()];
  float w = tile[block.thread_index().x][block.thread_index().y];
  out[rank] = v + w;
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 1024 * sizeof(float));
  cudaMalloc(&out, 1024 * sizeof(float));
  cudaMemset(in, 0, 1024 * sizeof(float));
  groupTiles<<<1, dim3(32, 32)>>>(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
