// Probe: what cuda::atomic_ref on shared memory compiles to and how its
// accesses count wavefronts. One warp per kernel; each operation on its own
// line, a barrier between them. Patterns: stride 8 (8 distinct words of
// one bank), every lane on one word, pairs of lanes on a word, the result
// used or not, memory orders, scopes, the operations (fetch_*, exchange,
// compare_exchange, load, store, operators), 4-, 8-byte integers and float.
#include <cstdio>
#include <cuda/atomic>

#define LANE (threadIdx.x % 32u)
using BlockRef = cuda::atomic_ref<unsigned, cuda::thread_scope_block>;
using BlockRefInt = cuda::atomic_ref<int, cuda::thread_scope_block>;

__global__ void refAdds(unsigned *out) {
  __shared__ unsigned u[32 * 33];
  for (unsigned i = threadIdx.x; i < 32u * 33u; i += blockDim.x) u[i] = 0;
  __syncthreads();
  unsigned r = 0;
  BlockRef(u[LANE * 8u]).fetch_add(1u, cuda::memory_order_relaxed); // A1 stride 8, unused
  __syncthreads();
  BlockRef(u[0]).fetch_add(1u, cuda::memory_order_relaxed);         // A2 one word, unused
  __syncthreads();
  r += BlockRef(u[0]).fetch_add(1u, cuda::memory_order_relaxed);    // A3 one word, used
  __syncthreads();
  r += BlockRef(u[LANE / 2u]).fetch_add(1u, cuda::memory_order_relaxed); // A4 pairs, used
  __syncthreads();
  r += BlockRef(u[(LANE / 2u) * 32u]).fetch_add(3u, cuda::memory_order_relaxed); // A5 pairs one bank
  __syncthreads();
  r += BlockRef(u[LANE * 8u]).fetch_add(1u);                        // A6 seq_cst stride 8
  __syncthreads();
  BlockRef ref(u[LANE * 32u]);
  ref.fetch_add(2u, cuda::memory_order_relaxed);                    // A7 named ref stride 32
  __syncthreads();
  r += ref.fetch_add(2u, cuda::memory_order_acq_rel);               // A8 acq_rel stride 32 used
  __syncthreads();
  r += BlockRef(u[LANE * 33u]).fetch_add(1u, cuda::memory_order_relaxed); // A9 stride 33
  __syncthreads();
  out[threadIdx.x] = r + u[threadIdx.x];
}

__global__ void refKinds(unsigned *out, int *iout) {
  __shared__ unsigned u[32 * 32];
  __shared__ int s[32 * 32];
  for (unsigned i = threadIdx.x; i < 32u * 32u; i += blockDim.x) {
    u[i] = 0;
    s[i] = 0;
  }
  __syncthreads();
  unsigned r = 0;
  r += BlockRef(u[LANE * 8u]).fetch_sub(1u, cuda::memory_order_relaxed); // K1 sub
  __syncthreads();
  r += BlockRef(u[LANE * 8u]).exchange(5u, cuda::memory_order_relaxed);  // K2 exchange
  __syncthreads();
  r += BlockRef(u[LANE * 8u]).fetch_min(1u, cuda::memory_order_relaxed); // K3 min
  __syncthreads();
  int q = BlockRefInt(s[LANE * 8u]).fetch_max(3, cuda::memory_order_relaxed); // K4 max int
  __syncthreads();
  r += BlockRef(u[LANE * 8u]).fetch_and(7u, cuda::memory_order_relaxed); // K5 and
  __syncthreads();
  r += BlockRef(u[LANE * 8u]).fetch_or(8u, cuda::memory_order_relaxed);  // K6 or
  __syncthreads();
  r += BlockRef(u[LANE * 8u]).fetch_xor(9u, cuda::memory_order_relaxed); // K7 xor
  __syncthreads();
  unsigned expected = 0;
  BlockRef(u[LANE * 8u]).compare_exchange_strong(expected, 4u, cuda::memory_order_relaxed); // K8 cas
  r += expected;
  __syncthreads();
  r += BlockRef(u[LANE * 8u]).load(cuda::memory_order_relaxed);        // K9 load relaxed
  __syncthreads();
  BlockRef(u[LANE * 8u]).store(6u, cuda::memory_order_relaxed);        // K10 store relaxed
  __syncthreads();
  r += BlockRef(u[LANE * 8u]).load();                                  // K11 load seq_cst
  __syncthreads();
  BlockRef(u[LANE * 8u]).store(7u);                                    // K12 store seq_cst
  __syncthreads();
  r += ++BlockRef(u[LANE * 8u]);                                       // K13 operator++
  __syncthreads();
  BlockRef(u[LANE * 8u]) += 2u;                                        // K14 operator+=
  __syncthreads();
  r += BlockRef(u[LANE * 8u]);                                         // K15 conversion (load)
  __syncthreads();
  out[threadIdx.x] = r + u[threadIdx.x];
  iout[threadIdx.x] = q + s[threadIdx.x];
}

__global__ void refScopes(unsigned *out, unsigned long long *wout, float *fout) {
  __shared__ unsigned u[32 * 32];
  __shared__ unsigned long long w[32 * 32];
  __shared__ float f[32 * 32];
  for (unsigned i = threadIdx.x; i < 32u * 32u; i += blockDim.x) {
    u[i] = 0;
    w[i] = 0;
    f[i] = 0.f;
  }
  __syncthreads();
  unsigned r = 0;
  r += cuda::atomic_ref<unsigned, cuda::thread_scope_device>(u[LANE * 8u]).fetch_add(1u, cuda::memory_order_relaxed); // S1 device scope
  __syncthreads();
  r += cuda::std::atomic_ref<unsigned>(u[LANE * 8u]).fetch_add(1u, cuda::std::memory_order_relaxed); // S2 std (system)
  __syncthreads();
  unsigned long long v = 0;
  v += cuda::atomic_ref<unsigned long long, cuda::thread_scope_block>(w[LANE]).fetch_add(1ull, cuda::memory_order_relaxed); // S3 64-bit stride 1
  __syncthreads();
  v += cuda::atomic_ref<unsigned long long, cuda::thread_scope_block>(w[LANE * 16u]).fetch_add(1ull, cuda::memory_order_relaxed); // S4 64-bit stride 16
  __syncthreads();
  float g = cuda::atomic_ref<float, cuda::thread_scope_block>(f[LANE]).fetch_add(1.f, cuda::memory_order_relaxed); // S5 float stride 1
  __syncthreads();
  g += cuda::atomic_ref<float, cuda::thread_scope_block>(f[LANE * 8u]).fetch_add(1.f, cuda::memory_order_relaxed); // S6 float stride 8
  __syncthreads();
  out[threadIdx.x] = r + u[threadIdx.x];
  wout[threadIdx.x] = v + w[threadIdx.x];
  fout[threadIdx.x] = g + f[threadIdx.x];
}

__global__ void refHistogram(const unsigned *in, unsigned *out) {
  __shared__ unsigned bins[256];
  bins[threadIdx.x] = 0;
  __syncthreads();
  BlockRef(bins[(threadIdx.x * 8u) % 256u]).fetch_add(1u, cuda::memory_order_relaxed); // H1 256 threads stride 8
  __syncthreads();
  BlockRef(bins[in[threadIdx.x] % 256u]).fetch_add(1u, cuda::memory_order_relaxed); // H2 data (all zero)
  __syncthreads();
  out[threadIdx.x] = bins[threadIdx.x];
}

int main() {
  unsigned *u, *in;
  int *s;
  unsigned long long *w;
  float *f;
  cudaMalloc(&u, 256 * sizeof(unsigned));
  cudaMalloc(&in, 256 * sizeof(unsigned));
  cudaMemset(in, 0, 256 * sizeof(unsigned));
  cudaMalloc(&s, 256 * sizeof(int));
  cudaMalloc(&w, 256 * sizeof(unsigned long long));
  cudaMalloc(&f, 256 * sizeof(float));
  refAdds<<<1, 32>>>(u);
  refKinds<<<1, 32>>>(u, s);
  refScopes<<<1, 32>>>(u, w, f);
  refHistogram<<<1, 256>>>(in, u);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
