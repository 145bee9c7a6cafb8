#include <cuda/barrier>
// The template written by a macro: every declaration in it has one
// expansion place, and only the barrier is the object clang refuses.
#define TILE_KERNEL(NAME)                                                      \
  template <int B> __global__ void NAME(float *out) {                          \
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;                    \
    __shared__ float tile[B][B];                                               \
    if (threadIdx.x == 0)                                                      \
      init(&bar, blockDim.x);                                                  \
    __syncthreads();                                                           \
    tile[threadIdx.x % B][threadIdx.x / B] = 1.f;                              \
    bar.arrive_and_wait();                                                     \
    out[threadIdx.x] = tile[threadIdx.x / B][threadIdx.x % B];                 \
  }
TILE_KERNEL(columns)
int main() { columns<32><<<1, 256>>>(nullptr); }
