// Sorts key/value pairs in chunks whose length the host picks at run time,
// as sorting-network libraries do for small arrays: a bitonic sort and
// Batcher's odd-even merge sort, 1024 pairs per block in shared memory,
// each thread ordering two of them per step through a helper that takes
// them by reference. The strides the networks take depend on the length,
// which no launch gives as a constant; every stride from 1 to 16 puts the
// two halves of a warp in rows of 32 words with the same banks (2-way),
// and which lanes swap depends on the keys.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define BLOCK_PAIRS 1024
#define THREADS (BLOCK_PAIRS / 2)

__device__ inline void orderPair(unsigned &keyA, unsigned &valA,
                                 unsigned &keyB, unsigned &valB,
                                 bool ascending) {
  if ((keyA > keyB) == ascending) {
    unsigned k = keyA;
    keyA = keyB;
    keyB = k;
    unsigned v = valA;
    valA = valB;
    valB = v;
  }
}

// Chunks of `length` pairs, sorted up and down in turn.
__global__ void bitonicChunks(unsigned *keys, unsigned *vals,
                              unsigned length) {
  __shared__ unsigned s_key[BLOCK_PAIRS];
  __shared__ unsigned s_val[BLOCK_PAIRS];
  keys += blockIdx.x * BLOCK_PAIRS;
  vals += blockIdx.x * BLOCK_PAIRS;
  unsigned t = threadIdx.x;
  s_key[t ^ (t / 32 % 2 * 31)] = keys[t];
  s_val[t ^ (t / 32 % 2 * 31)] = vals[t];
  s_key[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)] = keys[t + THREADS];
  s_val[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)] = vals[t + THREADS];

  for (unsigned size = 2; size <= length; size <<= 1) {
    bool ascending = (t & (size / 2)) == 0;
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * t - (t & (stride - 1));
      orderPair(s_key[pos ^ (pos / 32 % 2 * 31)], s_val[pos ^ (pos / 32 % 2 * 31)], s_key[(pos + stride) ^ ((pos + stride) / 32 % 2 * 31)],
                s_val[(pos + stride) ^ ((pos + stride) / 32 % 2 * 31)], ascending);
    }
  }

  __syncthreads();
  keys[t] = s_key[t ^ (t / 32 % 2 * 31)];
  vals[t] = s_val[t ^ (t / 32 % 2 * 31)];
  keys[t + THREADS] = s_key[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)];
  vals[t + THREADS] = s_val[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)];
}

// Chunks of `length` pairs, all sorted up.
__global__ void oddEvenChunks(unsigned *keys, unsigned *vals,
                              unsigned length) {
  __shared__ unsigned s_key[BLOCK_PAIRS];
  __shared__ unsigned s_val[BLOCK_PAIRS];
  keys += blockIdx.x * BLOCK_PAIRS;
  vals += blockIdx.x * BLOCK_PAIRS;
  unsigned t = threadIdx.x;
  s_key[t ^ (t / 32 % 2 * 31)] = keys[t];
  s_val[t ^ (t / 32 % 2 * 31)] = vals[t];
  s_key[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)] = keys[t + THREADS];
  s_val[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)] = vals[t + THREADS];

  for (unsigned size = 2; size <= length; size <<= 1) {
    unsigned stride = size / 2;
    unsigned offset = t & (stride - 1);
    __syncthreads();
    unsigned pos = 2 * t - (t & (stride - 1));
    orderPair(s_key[pos ^ (pos / 32 % 2 * 31)], s_val[pos ^ (pos / 32 % 2 * 31)], s_key[(pos + stride) ^ ((pos + stride) / 32 % 2 * 31)],
              s_val[(pos + stride) ^ ((pos + stride) / 32 % 2 * 31)], true);
    for (stride >>= 1; stride > 0; stride >>= 1) {
      __syncthreads();
      pos = 2 * t - (t & (stride - 1));
      if (offset >= stride)
        orderPair(s_key[(pos - stride) ^ ((pos - stride) / 32 % 2 * 31)], s_val[(pos - stride) ^ ((pos - stride) / 32 % 2 * 31)], s_key[pos ^ (pos / 32 % 2 * 31)],
                  s_val[pos ^ (pos / 32 % 2 * 31)], true);
    }
  }

  __syncthreads();
  keys[t] = s_key[t ^ (t / 32 % 2 * 31)];
  vals[t] = s_val[t ^ (t / 32 % 2 * 31)];
  keys[t + THREADS] = s_key[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)];
  vals[t + THREADS] = s_val[(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)];
}

// Whether every chunk is ordered (up, or up and down in turn) and every
// pair kept its value.
static bool checked(const std::vector<unsigned> &k,
                    const std::vector<unsigned> &v,
                    const std::vector<unsigned> &original, unsigned length,
                    bool alternate) {
  for (size_t i = 0; i < k.size(); i++) {
    if (v[i] >= original.size() || original[v[i]] != k[i])
      return false;
    bool up = !alternate || (i / length) % 2 == 0;
    if (i % length && (up ? k[i - 1] > k[i] : k[i - 1] < k[i]))
      return false;
  }
  return true;
}

// Without an argument, chunks of 2: one step of each network, at stride 1,
// the worst case bankfix reports, so that a profile counts each access
// once; a length of 4 to 1024 runs more of the steps.
int main(int argc, char **argv) {
  unsigned length = argc > 1 ? unsigned(atoi(argv[1])) : 2;
  const unsigned blocks = 1, n = blocks * BLOCK_PAIRS;
  std::vector<unsigned> hk(n), hv(n);
  for (unsigned i = 0; i < n; i++) {
    hk[i] = (i * 2654435761u) % 100003u;
    hv[i] = i;
  }
  std::vector<unsigned> original = hk, k(n), v(n);
  unsigned *keys, *vals;
  cudaMalloc(&keys, n * sizeof(unsigned));
  cudaMalloc(&vals, n * sizeof(unsigned));
  unsigned long long hash = 0;
  bool ok = true;
  for (int network = 0; network < 2; network++) {
    cudaMemcpy(keys, hk.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice);
    cudaMemcpy(vals, hv.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice);
    if (network == 0)
      bitonicChunks<<<blocks, THREADS>>>(keys, vals, length);
    else
      oddEvenChunks<<<blocks, THREADS>>>(keys, vals, length);
    cudaMemcpy(k.data(), keys, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(v.data(), vals, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    ok = ok && checked(k, v, original, length, network == 0);
    for (unsigned i = 0; i < n; i++)
      hash = hash * 31 + k[i] * 7 + v[i];
  }
  cudaError_t e = cudaGetLastError();
  printf("hash %llu sorted %d (%s)\n", hash, ok, cudaGetErrorString(e));
  return e != cudaSuccess || !ok;
}
