// CUB's block primitives, from the toolkit: their code is in system
// headers, which the walk does not enter.
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>

template <int THREADS, int ITEMS>
__global__ void sortTiles(const int *in, int *out) {
  using Load = cub::BlockLoad<int, THREADS, ITEMS,
                              cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Sort = cub::BlockRadixSort<int, THREADS, ITEMS>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Sort::TempStorage sort;
  } temp;
  int items[ITEMS];
  Load(temp.load).Load(in + blockIdx.x * THREADS * ITEMS, items);
  __syncthreads();
  Sort sorter(temp.sort);
  sorter.Sort(items);
  for (int i = 0; i < ITEMS; ++i)
    out[(blockIdx.x * THREADS + threadIdx.x) * ITEMS + i] = items[i];
}

int main() { sortTiles<128, 4><<<8, 128>>>(nullptr, nullptr); }
