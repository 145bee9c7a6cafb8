#include <cuda/barrier>
// nvcc accepts a __shared__ object with a constructor (it leaves it
// uninitialised and the kernel calls init); clang refuses it.
__global__ void barrierTile(const float *in, float *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float tile[32][32];
  if (threadIdx.x == 0 && threadIdx.y == 0)
    init(&bar, blockDim.x * blockDim.y);
  __syncthreads();
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  bar.arrive_and_wait();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
int main() { barrierTile<<<1, dim3(32, 8)>>>(nullptr, nullptr); }
