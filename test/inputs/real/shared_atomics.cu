// Atomics on shared memory, as histogram and counting kernels write them:
// a privatised histogram whose bins come from the data, per-lane counters
// laid out lane-major (each lane's eight counters in a row: lanes 8 words
// apart share four banks) and the same with a padded row, a warp's common
// counter, a ring of slots claimed with atomicInc, and the forms bankfix
// does not judge: a float sum (a compare-and-swap loop on shared memory)
// and atomicCAS.
#include <cstdio>

#define BINS 256
#define COUNTERS 8

__global__ void histogramPrivatised(const unsigned char *data, unsigned *hist,
                                    int n) {
  __shared__ unsigned bins[BINS];
  for (int i = threadIdx.x; i < BINS; i += blockDim.x)
    bins[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i]], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < BINS; i += blockDim.x)
    atomicAdd(&hist[i], bins[i]);
}

__global__ void laneCounters(unsigned *out) {
  __shared__ unsigned counts[32 * COUNTERS];
  unsigned lane = threadIdx.x % 32;
  for (int i = threadIdx.x; i < 32 * COUNTERS; i += blockDim.x)
    counts[i] = 0;
  __syncthreads();
  atomicAdd(&counts[lane * COUNTERS + threadIdx.x / 32 % COUNTERS], 1u);
  __syncthreads();
  out[threadIdx.x] = counts[threadIdx.x % (32 * COUNTERS)];
}

__global__ void laneCountersPadded(unsigned *out) {
  __shared__ unsigned counts[32 * (COUNTERS + 1)];
  unsigned lane = threadIdx.x % 32;
  for (int i = threadIdx.x; i < 32 * (COUNTERS + 1); i += blockDim.x)
    counts[i] = 0;
  __syncthreads();
  atomicAdd(&counts[lane * (COUNTERS + 1) + threadIdx.x / 32 % COUNTERS], 1u);
  __syncthreads();
  out[threadIdx.x] = counts[threadIdx.x % (32 * COUNTERS)];
}

__global__ void ringSlots(unsigned *out) {
  __shared__ unsigned head[4];
  __shared__ int best[64];
  if (threadIdx.x < 4)
    head[threadIdx.x] = 0;
  if (threadIdx.x < 64)
    best[threadIdx.x] = 0;
  __syncthreads();
  unsigned slot = atomicInc(&head[threadIdx.x / 64], 1023u);
  atomicMax(&best[(threadIdx.x * 2) % 64], (int)slot);
  __syncthreads();
  out[threadIdx.x] = slot + best[threadIdx.x % 64];
}

__global__ void floatSums(const float *in, float *out) {
  __shared__ float sums[32];
  __shared__ unsigned flags[32];
  if (threadIdx.x < 32) {
    sums[threadIdx.x] = 0.f;
    flags[threadIdx.x] = 0;
  }
  __syncthreads();
  atomicAdd(&sums[threadIdx.x % 32], in[threadIdx.x]);
  atomicCAS(&flags[threadIdx.x % 32], 0u, 1u);
  __syncthreads();
  out[threadIdx.x] = sums[threadIdx.x % 32] + flags[threadIdx.x % 32];
}

int main() {
  unsigned char *data;
  unsigned *hist, *out;
  float *fin, *fout;
  cudaMalloc(&data, 4096);
  cudaMalloc(&hist, BINS * sizeof(unsigned));
  cudaMalloc(&out, 1024 * sizeof(unsigned));
  cudaMalloc(&fin, 1024 * sizeof(float));
  cudaMalloc(&fout, 1024 * sizeof(float));
  cudaMemset(data, 0, 4096);
  cudaMemset(fin, 0, 1024 * sizeof(float));
  histogramPrivatised<<<1, 256>>>(data, hist, 4096);
  laneCounters<<<1, 256>>>(out);
  laneCountersPadded<<<1, 256>>>(out);
  ringSlots<<<1, 256>>>(out);
  floatSums<<<1, 64>>>(fin, fout);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
