#include <cuda/barrier>
// The same barrier in a template: clang refuses its constructor when it
// instantiates the kernel, and drops the instance's body unless bankfix
// instantiates it again.
template <int N> __global__ void barrierTile(const float *in, float *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float tile[N][N];
  if (threadIdx.x == 0 && threadIdx.y == 0)
    init(&bar, blockDim.x * blockDim.y);
  __syncthreads();
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * N + threadIdx.x];
  bar.arrive_and_wait();
  out[threadIdx.y * N + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
int main() { barrierTile<32><<<1, dim3(32, 8)>>>(nullptr, nullptr); }
