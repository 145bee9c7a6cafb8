// Control flow that nvcc settles at compile time, in the styles of CUB's
// block primitives: radix passes in an endless loop left by a `break` once
// the bits are done, a template flag that switches a guard off (a full
// tile), and a warp shuffle between two loads of the same element (a
// raking scan that copies its segment again after the warp scan).
#include <cstdio>

#define THREADS 128

// Eight passes of four bits: each pass stores a digit per thread and reads
// the neighbour's, 2-way apart (stride 2 words).
__global__ void digitPasses(const unsigned *in, unsigned *out, int endBit) {
  __shared__ unsigned digits[2 * THREADS];
  unsigned key = in[threadIdx.x];
  unsigned sum = 0;
  int bit = 0;
  while (true) {
    digits[2 * threadIdx.x] = (key >> bit) & 15u;
    __syncthreads();
    sum += digits[(2 * threadIdx.x + 2) % (2 * THREADS)];
    bit += 4;
    if (bit >= endBit)
      break;
    __syncthreads();
  }
  out[threadIdx.x] = sum;
}

// The warp aggregates of a block reduction, read by lane 0 of warp 0 under
// `if (FULL || ...)`: with FULL a compile-time true, nvcc drops the guards
// and loads the pairs together.
template <bool FULL>
__global__ void warpAggregates(const int *in, int *out, int valid) {
  __shared__ int aggregates[THREADS / 32];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0)
    aggregates[warp] = in[warp];
  __syncthreads();
  if (threadIdx.x == 0) {
    int total = aggregates[0];
    if (FULL || 32 < valid)
      total += aggregates[1];
    if (FULL || 64 < valid)
      total += aggregates[2];
    if (FULL || 96 < valid)
      total += aggregates[3];
    *out = total;
  }
}

// A segment of four words per lane, read before and after a shuffle scan:
// the shuffles write no memory, so nvcc keeps the first loads' values.
__global__ void segmentAgain(const int *in, int *out) {
  __shared__ int grid[4 * 32];
  for (int i = threadIdx.x; i < 4 * 32; i += blockDim.x)
    grid[i] = in[i];
  __syncthreads();
  if (threadIdx.x < 32) {
    int part = grid[threadIdx.x * 4 + 1];
    for (int offset = 1; offset < 32; offset *= 2) {
      int up = __shfl_up_sync(0xffffffffu, part, offset);
      if (threadIdx.x >= offset)
        part += up;
    }
    int again = grid[threadIdx.x * 4 + 1];
    out[threadIdx.x] = part - again;
  }
}

int main() {
  unsigned *keys, *sums;
  int *values, *results;
  cudaMalloc(&keys, THREADS * sizeof(unsigned));
  cudaMalloc(&sums, THREADS * sizeof(unsigned));
  cudaMalloc(&values, THREADS * sizeof(int));
  cudaMalloc(&results, THREADS * sizeof(int));
  cudaMemset(keys, 0, THREADS * sizeof(unsigned));
  cudaMemset(values, 0, THREADS * sizeof(int));
  digitPasses<<<1, THREADS>>>(keys, sums, 32);
  warpAggregates<true><<<1, THREADS>>>(values, results, THREADS);
  segmentAgain<<<1, 32>>>(values, results);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
