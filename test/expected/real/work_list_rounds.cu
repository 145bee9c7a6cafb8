// A block works through a list in rounds, as eigenvalue bisection and
// stream compaction kernels do: each thread marks whether its entry goes
// on, raising a shared flag (with atomicExch in a helper given the flag by
// reference, or by storing a constant); after the barrier every thread
// reads the flags, the same value in every lane, and the round ends with a
// scan of the marks (the up-sweep of a work-efficient scan, no padding) in
// a helper given the list as a pointer one element into the shared array.
// The rounds go on while the data says so: the loop is not unrolled, and
// the pointer passed by value stays where it was. The scan's levels
// conflict 2-way to 16-way.
#include <cstdio>
#include <vector>

#define LIST 512

__device__ void markEntry(unsigned *list, unsigned &raised, unsigned value,
                          unsigned limit) {
  unsigned goesOn = value > limit;
  list[threadIdx.x + (threadIdx.x + 1) / 32] = goesOn;
  if (goesOn)
    atomicExch(&raised, 1u);
}

__device__ void upSweep(unsigned *list, unsigned n) {
  unsigned offset = 1;
  for (unsigned d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (threadIdx.x < d) {
      unsigned ai = offset * (2 * threadIdx.x + 1) - 1;
      unsigned bi = offset * (2 * threadIdx.x + 2) - 1;
      list[bi + (bi + 1) / 32] += list[ai + (ai + 1) / 32];
    }
    offset <<= 1;
  }
}

__global__ void workListRounds(const unsigned *values, const unsigned *more,
                               unsigned *out, unsigned n) {
  __shared__ unsigned s_list[LIST + 1 + 17];
  __shared__ unsigned raised, overflow, goOn;
  unsigned *list = s_list + 1;
  if (threadIdx.x == 0) {
    raised = 0;
    overflow = 0;
    s_list[0] = 0;
  }
  __syncthreads();
  markEntry(list, raised, values[threadIdx.x], 3);
  if (values[threadIdx.x] > 1000)
    overflow = 1;
  __syncthreads();
  for (unsigned round = 0;; ++round) {
    if (raised && !overflow)
      upSweep(list, n);
    __syncthreads();
    if (threadIdx.x == 0)
      goOn = more[round];
    __syncthreads();
    if (!goOn)
      break;
  }
  out[threadIdx.x] = s_list[threadIdx.x + 1 + (threadIdx.x + 1) / 32];
}

int main() {
  std::vector<unsigned> values(LIST);
  for (unsigned i = 0; i < LIST; i++)
    values[i] = (i * 7) % 11;
  unsigned stop = 0;
  unsigned *dValues, *dMore, *dOut;
  cudaMalloc(&dValues, LIST * sizeof(unsigned));
  cudaMalloc(&dMore, sizeof(unsigned));
  cudaMalloc(&dOut, LIST * sizeof(unsigned));
  cudaMemcpy(dValues, values.data(), LIST * sizeof(unsigned),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dMore, &stop, sizeof(unsigned), cudaMemcpyHostToDevice);
  workListRounds<<<1, LIST>>>(dValues, dMore, dOut, LIST);
  std::vector<unsigned> host(LIST);
  cudaMemcpy(host.data(), dOut, LIST * sizeof(unsigned),
             cudaMemcpyDeviceToHost);
  unsigned expected = 0;
  for (unsigned v : values)
    expected += v > 3;
  cudaError_t e = cudaGetLastError();
  printf("total %u expected %u (%s)\n", host[LIST - 1], expected,
         cudaGetErrorString(e));
  return e != cudaSuccess || host[LIST - 1] != expected;
}
