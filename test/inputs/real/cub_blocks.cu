// CUB's block primitives used as a sorting or scanning extension uses
// them: the kernel declares each primitive's TempStorage in shared memory
// (a union where the steps take turns) and calls the primitive, whose code
// is in the toolkit's headers. Their shared accesses are reported at the
// kernel's call, with a note naming the library function.
//  - sortTiles: BlockLoad (warp transpose), BlockRadixSort, BlockStore
//    (warp transpose). The loads and stores of the transposes are
//    conflict-free; the sort's scatter depends on the keys.
//  - exchangeDoubles: BlockExchange of doubles, four per thread. CUB pads
//    its buffer only for more than four items, so the blocked reads are
//    16-byte loads 32 bytes apart.
//  - scanAndReduce: BlockScan (exclusive sum) and BlockReduce (sum) of
//    one int per thread.
// bankfix judges the exchange's blocked read 2-way (8 wavefronts per
// warp, ideal 4) and the raking scan's placement store and final load
// 2-way (offset t + t / 4 wraps past bank 31 for lanes 26 to 31), the
// rest conflict-free; the radix sort's scatter is not judged (its ranks
// are read from memory).
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>

#include <cstdio>
#include <vector>

#define THREADS 128
#define ITEMS 4

__global__ void sortTiles(const int *in, int *out) {
  using Load = cub::BlockLoad<int, THREADS, ITEMS,
                              cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Sort = cub::BlockRadixSort<int, THREADS, ITEMS>;
  using Store = cub::BlockStore<int, THREADS, ITEMS,
                                cub::BLOCK_STORE_WARP_TRANSPOSE>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Sort::TempStorage sort;
    typename Store::TempStorage store;
  } temp;
  int keys[ITEMS];
  int offset = blockIdx.x * THREADS * ITEMS;
  Load(temp.load).Load(in + offset, keys);
  __syncthreads();
  Sort(temp.sort).Sort(keys);
  __syncthreads();
  Store(temp.store).Store(out + offset, keys);
}

__global__ void exchangeDoubles(const double *in, double *out) {
  using Exchange = cub::BlockExchange<double, THREADS, ITEMS>;
  __shared__ typename Exchange::TempStorage temp;
  double items[ITEMS];
  for (int i = 0; i < ITEMS; ++i)
    items[i] = in[i * THREADS + threadIdx.x];
  Exchange(temp).StripedToBlocked(items, items);
  for (int i = 0; i < ITEMS; ++i)
    out[threadIdx.x * ITEMS + i] = items[i];
}

__global__ void scanAndReduce(const int *in, int *prefix, int *total) {
  using Scan = cub::BlockScan<int, THREADS>;
  using Reduce = cub::BlockReduce<int, THREADS>;
  __shared__ typename Scan::TempStorage scanStorage;
  __shared__ typename Reduce::TempStorage reduceStorage;
  int v = in[threadIdx.x];
  int before;
  Scan(scanStorage).ExclusiveSum(v, before);
  prefix[threadIdx.x] = before;
  int sum = Reduce(reduceStorage).Sum(v);
  if (threadIdx.x == 0)
    *total = sum;
}

int main() {
  const int n = THREADS * ITEMS;
  std::vector<int> keys(n);
  for (int i = 0; i < n; ++i)
    keys[i] = (i * 7919) % n; // a permutation of 0 .. n-1
  std::vector<double> values(n);
  for (int i = 0; i < n; ++i)
    values[i] = i;
  int *dKeys, *dSorted, *dPrefix, *dTotal;
  double *dIn, *dOut;
  cudaMalloc(&dKeys, n * sizeof(int));
  cudaMalloc(&dSorted, n * sizeof(int));
  cudaMalloc(&dPrefix, THREADS * sizeof(int));
  cudaMalloc(&dTotal, sizeof(int));
  cudaMalloc(&dIn, n * sizeof(double));
  cudaMalloc(&dOut, n * sizeof(double));
  cudaMemcpy(dKeys, keys.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dIn, values.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  sortTiles<<<1, THREADS>>>(dKeys, dSorted);
  exchangeDoubles<<<1, THREADS>>>(dIn, dOut);
  scanAndReduce<<<1, THREADS>>>(dKeys, dPrefix, dTotal);
  std::vector<int> sorted(n), prefix(THREADS);
  std::vector<double> blocked(n);
  int total = 0;
  cudaMemcpy(sorted.data(), dSorted, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(blocked.data(), dOut, n * sizeof(double),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(prefix.data(), dPrefix, THREADS * sizeof(int),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(&total, dTotal, sizeof(int), cudaMemcpyDeviceToHost);
  // Sorted: 0 .. n-1. Striped in, blocked out: thread t's items are
  // i * THREADS + t in and t * ITEMS + i out, so each lands where it came
  // from. The scan and the sum are over the first THREADS keys.
  int bad = 0, running = 0;
  for (int i = 0; i < n; ++i)
    bad += sorted[i] != i || blocked[i] != values[i];
  for (int t = 0; t < THREADS; ++t) {
    bad += prefix[t] != running;
    running += keys[t];
  }
  bad += total != running;
  printf("cub_blocks: %s\n", bad ? "FAILED" : "ok");
  cudaFree(dKeys);
  cudaFree(dSorted);
  cudaFree(dPrefix);
  cudaFree(dTotal);
  cudaFree(dIn);
  cudaFree(dOut);
  return bad != 0;
}
