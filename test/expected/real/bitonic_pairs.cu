// Sorts 1024 key/value pairs per block with a bitonic network in shared
// memory, as sorting-network code does: each thread compares two elements
// through a helper that takes them by reference and swaps them when their
// keys are out of order for its direction. Which lanes swap depends on the
// keys, so the swap's stores are judged as if every lane made them. The
// comparisons at a distance of 2 to 16 elements put the two halves of a
// warp 32 elements apart: the same banks, 2-way.
#include <cstdio>
#include <vector>

#define PAIRS 1024
#define THREADS (PAIRS / 2)

__device__ inline void compareExchange(unsigned &keyA, unsigned &valA,
                                       unsigned &keyB, unsigned &valB,
                                       unsigned ascending) {
  if ((keyA > keyB) == ascending) {
    unsigned t = keyA;
    keyA = keyB;
    keyB = t;
    t = valA;
    valA = valB;
    valB = t;
  }
}

__global__ void bitonicPairs(unsigned *keys, unsigned *vals) {
  __shared__ unsigned s_key[PAIRS];
  __shared__ unsigned s_val[PAIRS];
  unsigned t = threadIdx.x;
  s_key[t ^ (t / 32 % 2 * 31)] = keys[t];
  s_val[t ^ (t / 32 % 2 * 31)] = vals[t];
  s_key[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)] = keys[t + THREADS];
  s_val[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)] = vals[t + THREADS];

  for (unsigned size = 2; size <= PAIRS; size <<= 1) {
    unsigned ascending = (t & (size / 2)) == 0;
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * t - (t & (stride - 1));
      compareExchange(s_key[pos ^ (pos / 32 % 2 * 31)], s_val[pos ^ (pos / 32 % 2 * 31)], s_key[(pos + stride) ^ ((pos + stride) / 32 % 2 * 31)],
                      s_val[(pos + stride) ^ ((pos + stride) / 32 % 2 * 31)], ascending);
    }
  }

  __syncthreads();
  keys[t] = s_key[t ^ (t / 32 % 2 * 31)];
  vals[t] = s_val[t ^ (t / 32 % 2 * 31)];
  keys[t + THREADS] = s_key[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)];
  vals[t + THREADS] = s_val[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)];
}

int main() {
  std::vector<unsigned> hk(PAIRS), hv(PAIRS);
  for (unsigned i = 0; i < PAIRS; i++) {
    hk[i] = (i * 2654435761u) % 100003u;
    hv[i] = i;
  }
  std::vector<unsigned> original = hk;
  unsigned *keys, *vals;
  cudaMalloc(&keys, PAIRS * sizeof(unsigned));
  cudaMalloc(&vals, PAIRS * sizeof(unsigned));
  cudaMemcpy(keys, hk.data(), PAIRS * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(vals, hv.data(), PAIRS * sizeof(unsigned), cudaMemcpyHostToDevice);
  bitonicPairs<<<1, THREADS>>>(keys, vals);
  cudaMemcpy(hk.data(), keys, PAIRS * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(hv.data(), vals, PAIRS * sizeof(unsigned), cudaMemcpyDeviceToHost);
  unsigned long long hash = 0;
  int sorted = 1, paired = 1;
  for (unsigned i = 0; i < PAIRS; i++) {
    hash = hash * 31 + hk[i] * 7 + hv[i];
    if (i && hk[i - 1] > hk[i])
      sorted = 0;
    if (hv[i] >= PAIRS || original[hv[i]] != hk[i])
      paired = 0;
  }
  cudaError_t e = cudaGetLastError();
  printf("hash %llu sorted %d paired %d (%s)\n", hash, sorted, paired,
         cudaGetErrorString(e));
  return e != cudaSuccess || !sorted || !paired;
}
