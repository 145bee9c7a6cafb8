// Probe: how ATOMS counts wavefronts. One warp (or the block in the
// comment) per kernel; each atomic on its own line. Patterns: distinct
// words in distinct banks, strides, every lane on one word, a few words of
// one bank, 64-bit words, CAS/Exch/Min/Max/Inc/And, float add, the _block
// forms and cuda::atomic_ref, the result used or not.
#include <cstdio>
#include <cuda/atomic>

#define LANE (threadIdx.x % 32u)

__global__ void atomicPatterns(unsigned *out) {
  __shared__ unsigned bins[32 * 33];
  for (unsigned i = threadIdx.x; i < 32u * 33u; i += blockDim.x) bins[i] = 0;
  __syncthreads();
  atomicAdd(&bins[LANE], 1u);                       // stride 1
  __syncthreads();
  atomicAdd(&bins[LANE * 2u], 1u);                  // stride 2
  __syncthreads();
  atomicAdd(&bins[LANE * 8u], 1u);                  // stride 8
  __syncthreads();
  atomicAdd(&bins[LANE * 32u], 1u);                 // stride 32
  __syncthreads();
  atomicAdd(&bins[0], 1u);                          // one word
  __syncthreads();
  atomicAdd(&bins[LANE % 2u], 1u);                  // two words, two banks
  __syncthreads();
  atomicAdd(&bins[(LANE % 2u) * 32u], 1u);          // two words, one bank
  __syncthreads();
  atomicAdd(&bins[(LANE % 4u) * 32u], 1u);          // four words, one bank
  __syncthreads();
  atomicAdd(&bins[LANE / 2u], 1u);                  // pairs on a word
  __syncthreads();
  atomicAdd(&bins[(LANE / 2u) * 32u], 1u);          // pairs, 16 words one bank
  __syncthreads();
  atomicAdd(&bins[LANE * 33u], 1u);                 // stride 33
  __syncthreads();
  out[threadIdx.x] = atomicAdd(&bins[LANE * 8u], 1u); // stride 8, used
  __syncthreads();
  out[threadIdx.x] += atomicAdd(&bins[0], 1u);       // one word, used
  __syncthreads();
  out[threadIdx.x] += bins[threadIdx.x];
}

__global__ void atomicKinds(unsigned *out, int *iout) {
  __shared__ unsigned u[32 * 32];
  __shared__ int s[32 * 32];
  for (unsigned i = threadIdx.x; i < 32u * 32u; i += blockDim.x) {
    u[i] = 0;
    s[i] = 0;
  }
  __syncthreads();
  unsigned r = 0;
  r += atomicCAS(&u[LANE * 8u], 0u, 1u);            // CAS stride 8
  __syncthreads();
  r += atomicExch(&u[LANE * 8u], 2u);               // Exch stride 8
  __syncthreads();
  r += atomicMin(&u[LANE * 8u], 1u);                // Min stride 8
  __syncthreads();
  int q = atomicMax(&s[LANE * 8u], 3);              // Max (int) stride 8
  __syncthreads();
  r += atomicInc(&u[LANE * 8u], 100u);              // Inc stride 8
  __syncthreads();
  r += atomicAnd(&u[LANE * 8u], 7u);                // And stride 8
  __syncthreads();
  r += atomicSub(&u[LANE * 8u], 1u);                // Sub stride 8
  __syncthreads();
  r += atomicAdd_block(&u[LANE * 8u], 1u);          // _block stride 8
  __syncthreads();
  cuda::atomic_ref<unsigned, cuda::thread_scope_block> ref(u[LANE * 8u]);
  r += ref.fetch_add(1u, cuda::memory_order_relaxed); // atomic_ref stride 8
  __syncthreads();
  r += atomicCAS(&u[0], 0u, 5u);                    // CAS one word
  __syncthreads();
  out[threadIdx.x] = r + u[threadIdx.x];
  iout[threadIdx.x] = q + s[threadIdx.x];
}

__global__ void atomicWide(unsigned long long *out, float *fout) {
  __shared__ unsigned long long w[32 * 32];
  __shared__ float f[32 * 32];
  for (unsigned i = threadIdx.x; i < 32u * 32u; i += blockDim.x) {
    w[i] = 0;
    f[i] = 0.f;
  }
  __syncthreads();
  unsigned long long r = 0;
  r += atomicAdd(&w[LANE], 1ull);                   // 64-bit stride 1
  __syncthreads();
  r += atomicAdd(&w[LANE * 2u], 1ull);              // 64-bit stride 2
  __syncthreads();
  r += atomicAdd(&w[LANE * 16u], 1ull);             // 64-bit stride 16
  __syncthreads();
  r += atomicCAS(&w[LANE], 0ull, 1ull);             // 64-bit CAS stride 1
  __syncthreads();
  r += atomicAdd(&w[0], 1ull);                      // 64-bit one word
  __syncthreads();
  float g = atomicAdd(&f[LANE], 1.f);               // float stride 1
  __syncthreads();
  g += atomicAdd(&f[LANE * 8u], 1.f);               // float stride 8
  __syncthreads();
  g += atomicAdd(&f[0], 1.f);                       // float one word
  __syncthreads();
  out[threadIdx.x] = r + w[threadIdx.x];
  fout[threadIdx.x] = g + f[threadIdx.x];
}

__global__ void histogram256(const unsigned *in, unsigned *out) {
  __shared__ unsigned bins[256];
  bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[(threadIdx.x * 8u) % 256u], 1u);  // 256 threads, stride 8
  __syncthreads();
  atomicAdd(&bins[in[threadIdx.x] % 256u], 1u);     // data (all zero)
  __syncthreads();
  out[threadIdx.x] = bins[threadIdx.x];
}

int main() {
  unsigned *u, *in;
  int *s;
  unsigned long long *w;
  float *f;
  cudaMalloc(&u, 1024 * sizeof(unsigned));
  cudaMalloc(&in, 1024 * sizeof(unsigned));
  cudaMalloc(&s, 1024 * sizeof(int));
  cudaMalloc(&w, 1024 * sizeof(unsigned long long));
  cudaMalloc(&f, 1024 * sizeof(float));
  cudaMemset(in, 0, 1024 * sizeof(unsigned));
  atomicPatterns<<<1, 32>>>(u);
  atomicKinds<<<1, 32>>>(u, s);
  atomicWide<<<1, 32>>>(w, f);
  histogram256<<<1, 256>>>(in, u);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
