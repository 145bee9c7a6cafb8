__device__ void bump(float *p, int i) { p[i * 32] += 1.0f; }

__global__ void first(float *out) {
  __shared__ float a[32 * 32];
  a[threadIdx.x] = 0.0f;
  __syncthreads();
  bump(a, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x];
}

__global__ void second(float *out) {
  __shared__ float b[32 * 32];
  b[threadIdx.x] = 0.0f;
  __syncthreads();
  bump(b, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = b[threadIdx.x];
}

int main() {
  first<<<1, 32>>>(nullptr);
  second<<<1, 32>>>(nullptr);
}
