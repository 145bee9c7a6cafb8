// Atomics on shared memory.
__global__ void atomics(const unsigned *in, unsigned *out, float *f) {
  __shared__ unsigned bins[256];
  __shared__ float sums[32];
  __shared__ unsigned long long wide[32];
  bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[(threadIdx.x * 8) % 256], 1u);
  atomicOr(&bins[threadIdx.x % 32], 1u);
  atomicAdd(&bins[in[threadIdx.x] % 256], 1u);
  unsigned *p = bins + (2 * threadIdx.x) % 256;
  atomicMax(p, 3u);
  atomicAdd(&sums[threadIdx.x % 32], 1.0f);
  atomicCAS(&bins[threadIdx.x], 0u, 1u);
  atomicAdd(&wide[threadIdx.x % 32], 1ull);
  __syncthreads();
  out[threadIdx.x] = bins[threadIdx.x];
}

void run(const unsigned *in, unsigned *out, float *f) {
  atomics<<<1, 256>>>(in, out, f);
}
