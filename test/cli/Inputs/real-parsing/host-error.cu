// Host code the host compiler accepts and clang does not (GCC's
// __builtin_va_arg_pack_len), beside a kernel that parses cleanly.
#include "tile.cuh"

static int hostOnly(int N) { return N + __builtin_va_arg_pack_len(); }

__device__ float clean(float X) { return X * 2; }

__global__ void transposeNaive(float *Out) {
  __shared__ float Tile[TILE][TILE];
  Tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  Out[threadIdx.x] = clean(Tile[threadIdx.x][threadIdx.y]);
}

int main() {
  transposeNaive<<<1, dim3(32, 32)>>>(nullptr);
  return hostOnly(0);
}
