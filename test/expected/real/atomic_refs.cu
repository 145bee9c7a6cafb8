// cuda::atomic_ref on shared memory, as libcu++ code writes it: per-lane
// counters laid out lane-major (each lane's eight counters in a row), a
// block's work-queue head, a maximum per warp, buckets that two lanes
// share, a mailbox of (value, ready) pairs published with release stores
// and a done flag read with acquire loads, a counter updated in a loop,
// copied and passed to a helper, and the operations bankfix does not judge
// (a float sum, compare_exchange, an exchange every lane makes on one
// word).
#include <cstdio>
#include <cuda/atomic>

#define COUNTERS 8

using BlockCounter = cuda::atomic_ref<unsigned, cuda::thread_scope_block>;

__global__ void laneCountersRef(unsigned *out) {
  __shared__ unsigned counts[32 * COUNTERS + 8];
  unsigned lane = threadIdx.x % 32;
  for (int i = threadIdx.x; i < 32 * COUNTERS; i += blockDim.x)
    counts[i + i / 32] = 0;
  __syncthreads();
  unsigned k = threadIdx.x / 32 % COUNTERS;
  BlockCounter(counts[lane * COUNTERS + k + (lane * COUNTERS + k) / 32])
      .fetch_add(1u, cuda::memory_order_relaxed);
  __syncthreads();
  BlockCounter mine(counts[lane * COUNTERS + (k + 1) % COUNTERS + (lane * COUNTERS + (k + 1) % COUNTERS) / 32]);
  mine += 2u;
  __syncthreads();
  out[threadIdx.x] = counts[threadIdx.x % (32 * COUNTERS) + threadIdx.x % (32 * COUNTERS) / 32];
}

__global__ void workQueue(const unsigned *items, unsigned *out) {
  __shared__ unsigned head;
  __shared__ unsigned queue[256];
  if (threadIdx.x == 0)
    head = 0;
  __syncthreads();
  cuda::atomic_ref<unsigned, cuda::thread_scope_block> next(head);
  unsigned slot = next.fetch_add(1u, cuda::memory_order_relaxed);
  queue[slot % 256] = items[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = queue[threadIdx.x];
}

__global__ void warpMaxima(const int *values, int *out) {
  __shared__ int best[8];
  __shared__ unsigned buckets[128];
  if (threadIdx.x < 8)
    best[threadIdx.x] = 0;
  if (threadIdx.x < 128)
    buckets[threadIdx.x] = 0;
  __syncthreads();
  cuda::atomic_ref<int, cuda::thread_scope_block>(best[threadIdx.x / 32])
      .fetch_max(values[threadIdx.x], cuda::memory_order_relaxed);
  BlockCounter(buckets[threadIdx.x / 2]).fetch_add(1u);
  __syncthreads();
  out[threadIdx.x] = best[threadIdx.x / 32] + buckets[threadIdx.x / 2];
}

__global__ void mailbox(const unsigned *in, unsigned *out) {
  __shared__ unsigned mail[2 * 256 + 16];
  __shared__ unsigned done;
  if (threadIdx.x == 0)
    done = 0;
  __syncthreads();
  mail[2 * threadIdx.x + 2 * threadIdx.x / 32] = in[threadIdx.x];
  BlockCounter(mail[2 * threadIdx.x + 1 + (2 * threadIdx.x + 1) / 32])
      .store(1u, cuda::memory_order_release);
  if (threadIdx.x == blockDim.x - 1)
    BlockCounter(done).store(1u, cuda::memory_order_release);
  __syncthreads();
  unsigned finished = BlockCounter(done).load(cuda::memory_order_acquire);
  unsigned ready = BlockCounter(mail[2 * (threadIdx.x ^ 1) + 1 + (2 * (threadIdx.x ^ 1) + 1) / 32])
                       .load(cuda::memory_order_acquire);
  out[threadIdx.x] = finished + ready;
}

__global__ void floatSumsRef(const float *in, float *out) {
  __shared__ float sums[32];
  __shared__ unsigned flags[32];
  if (threadIdx.x < 32) {
    sums[threadIdx.x] = 0.f;
    flags[threadIdx.x] = 0;
  }
  __syncthreads();
  cuda::atomic_ref<float, cuda::thread_scope_block>(sums[threadIdx.x % 32])
      .fetch_add(in[threadIdx.x], cuda::memory_order_relaxed);
  unsigned expected = 0;
  BlockCounter(flags[threadIdx.x % 32]).compare_exchange_strong(expected, 1u);
  __syncthreads();
  out[threadIdx.x] = sums[threadIdx.x % 32] + flags[threadIdx.x % 32];
}

// A counter passed to a helper by value, a copy, and a run-time loop of
// updates through one atomic_ref; a lock every lane exchanges (not judged).
__device__ void bump(BlockCounter counter, unsigned by) {
  counter.fetch_add(by, cuda::memory_order_relaxed);
}

__global__ void tallies(unsigned *out, int n) {
  __shared__ unsigned tally[32 * 4 + 4];
  __shared__ unsigned lock;
  if (threadIdx.x < 32 * 4)
    tally[threadIdx.x + threadIdx.x / 32] = 0;
  if (threadIdx.x == 0)
    lock = 0;
  __syncthreads();
  BlockCounter mine(tally[(threadIdx.x % 32) * 4 + (threadIdx.x % 32) * 4 / 32]);
  for (int j = 0; j < n; ++j)
    mine += 1u;
  BlockCounter copy = mine;
  bump(copy, 2u);
  BlockCounter(lock).exchange(1u, cuda::memory_order_relaxed);
  __syncthreads();
  out[threadIdx.x] = tally[threadIdx.x % (32 * 4) + threadIdx.x % (32 * 4) / 32] + lock;
}

int main() {
  unsigned *items, *out;
  int *values, *iout;
  float *fin, *fout;
  cudaMalloc(&items, 1024 * sizeof(unsigned));
  cudaMalloc(&out, 1024 * sizeof(unsigned));
  cudaMalloc(&values, 1024 * sizeof(int));
  cudaMalloc(&iout, 1024 * sizeof(int));
  cudaMalloc(&fin, 1024 * sizeof(float));
  cudaMalloc(&fout, 1024 * sizeof(float));
  cudaMemset(items, 0, 1024 * sizeof(unsigned));
  cudaMemset(values, 0, 1024 * sizeof(int));
  cudaMemset(fin, 0, 1024 * sizeof(float));
  laneCountersRef<<<1, 256>>>(out);
  workQueue<<<1, 256>>>(items, out);
  warpMaxima<<<1, 256>>>(values, iout);
  mailbox<<<1, 256>>>(items, out);
  floatSumsRef<<<1, 64>>>(fin, fout);
  tallies<<<1, 64>>>(out, 3);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
