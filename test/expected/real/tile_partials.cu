// Per-warp partial results transposed through shared memory with
// cooperative groups, as reduction and histogram samples write them: each
// warp-sized tile stores its lanes' values into its own column of a 32 x 32
// table (`table[lane * 32 + warp]`, the tile's methods in the index: 32-way)
// and each thread then sums one row.
#include <cooperative_groups.h>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

#define WARPS 32

__global__ void transposePartials(const float *in, float *out) {
  __shared__ float table[32 * WARPS + 32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = in[block.thread_rank()];
  for (int i = threadIdx.x; i < 32 * WARPS; i += blockDim.x)
    table[i + i / 32] = 0.0f;
  block.sync();
  const auto bankfix_index_22_9 = tile.thread_rank() * WARPS + tile.meta_group_rank();
  table[bankfix_index_22_9 + bankfix_index_22_9 / 32] = v;
  block.sync();
  if (threadIdx.x < 32) {
    float sum = 0.0f;
    for (int w = 0; w < WARPS; w++)
      sum += table[threadIdx.x * WARPS + w + (threadIdx.x * WARPS + w) / 32];
    out[threadIdx.x] = sum;
  }
}

int main() {
  std::vector<float> host(32 * WARPS);
  for (size_t i = 0; i < host.size(); i++)
    host[i] = float(i % 11);
  float *in, *out;
  cudaMalloc(&in, host.size() * sizeof(float));
  cudaMalloc(&out, 32 * sizeof(float));
  cudaMemcpy(in, host.data(), host.size() * sizeof(float),
             cudaMemcpyHostToDevice);
  transposePartials<<<1, 32 * WARPS>>>(in, out);
  std::vector<float> result(32);
  cudaMemcpy(result.data(), out, 32 * sizeof(float), cudaMemcpyDeviceToHost);
  double sum = 0;
  for (float r : result)
    sum += r;
  cudaError_t e = cudaGetLastError();
  printf("checksum %.1f (%s)\n", sum, cudaGetErrorString(e));
  return e != cudaSuccess;
}
