// Each thread sorts its own run of keys in shared memory with an odd-even
// transposition network, comparing and swapping through a helper that
// takes the two keys by reference, as sorting-network code writes its
// comparator. Runs of 32 keys: every thread's run starts on bank 0, so
// every comparison is 32-way. The phases stay a loop (`#pragma unroll 1`:
// 32 phases of 15 or 16 comparisons are more than nvcc unrolls).
#include <cstdio>
#include <vector>

#define RUN 32
#define THREADS 64

__device__ inline void compareSwap(unsigned &a, unsigned &b) {
  unsigned ka = a, kb = b;
  a = min(ka, kb);
  b = max(ka, kb);
}

__global__ void sortRuns(unsigned *keys) {
  __shared__ unsigned s_keys[THREADS * RUN + 64];
  int t = threadIdx.x;
  for (int i = t; i < THREADS * RUN; i += THREADS)
    s_keys[i + i / 32] = keys[i];
  __syncthreads();

#pragma unroll 1
  for (int phase = 0; phase < RUN; phase++)
    for (int j = phase & 1; j + 1 < RUN; j += 2)
      compareSwap(s_keys[t * RUN + j + (t * RUN + j) / 32], s_keys[t * RUN + j + 1 + (t * RUN + j + 1) / 32]);

  __syncthreads();
  for (int i = t; i < THREADS * RUN; i += THREADS)
    keys[i] = s_keys[i + i / 32];
}

int main() {
  std::vector<unsigned> host(THREADS * RUN);
  for (size_t i = 0; i < host.size(); i++)
    host[i] = unsigned((i * 2654435761u) % 1000);
  unsigned *keys;
  cudaMalloc(&keys, host.size() * sizeof(unsigned));
  cudaMemcpy(keys, host.data(), host.size() * sizeof(unsigned),
             cudaMemcpyHostToDevice);
  sortRuns<<<1, THREADS>>>(keys);
  cudaMemcpy(host.data(), keys, host.size() * sizeof(unsigned),
             cudaMemcpyDeviceToHost);
  unsigned long long sum = 0, sorted = 1;
  for (size_t i = 0; i < host.size(); i++) {
    sum = sum * 31 + host[i];
    if (i % RUN && host[i - 1] > host[i])
      sorted = 0;
  }
  cudaError_t e = cudaGetLastError();
  printf("hash %llu sorted %llu (%s)\n", sum, sorted, cudaGetErrorString(e));
  return e != cudaSuccess;
}
