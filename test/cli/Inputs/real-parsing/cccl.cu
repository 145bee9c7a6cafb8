// A kernel as the CUDA samples write them: cooperative groups, CUB and
// libcu++, which CUDA 13 keeps in include/cccl.
#include <cooperative_groups.h>
#include <cub/cub.cuh>
#include <cuda/std/type_traits>

namespace cg = cooperative_groups;

template <typename T> __device__ T twice(T X) {
  static_assert(cuda::std::is_arithmetic<T>::value, "numbers only");
  return X + X;
}

__global__ void transposeNaive(float *Out, const float *In) {
  __shared__ float Tile[32][32];
  cg::thread_block Block = cg::this_thread_block();
  Tile[threadIdx.y][threadIdx.x] = In[threadIdx.y * 32 + threadIdx.x];
  Block.sync();
  Out[threadIdx.y * 32 + threadIdx.x] = twice(Tile[threadIdx.x][threadIdx.y]);
}

__global__ void blockSum(const int *In, int *Out) {
  using BlockReduce = cub::BlockReduce<int, 128>;
  __shared__ typename BlockReduce::TempStorage Temp;
  int Sum = BlockReduce(Temp).Sum(In[threadIdx.x]);
  if (threadIdx.x == 0)
    *Out = Sum;
}

void launch(float *Out, const float *In) {
  transposeNaive<<<1, dim3(32, 32)>>>(Out, In);
}
