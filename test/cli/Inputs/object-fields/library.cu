#include <block_prim.h>

__global__ void fromLibrary(int *out) {
  using Prim = BlockPrim<64>;
  __shared__ union {
    typename Prim::TempStorage prim;
    int other[8];
  } temp;
  out[threadIdx.x] = Prim(temp.prim).run(out[threadIdx.x]);
  Prim kept(temp.prim);
  out[threadIdx.x] += kept.run(1);
}

int main() { fromLibrary<<<1, 64>>>(nullptr); }
