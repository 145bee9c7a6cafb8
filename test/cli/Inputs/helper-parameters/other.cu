__device__ void bump(float *p, int i) { p[i * 32] += 1.0f; }

__global__ void first(float *out) {
  __shared__ float a[32 * 32];
  a[threadIdx.x] = 0.0f;
  __syncthreads();
  bump(a, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x];
}

__global__ void global(float *out) { bump(out, threadIdx.x); }

int main() {
  first<<<1, 32>>>(nullptr);
  global<<<1, 32>>>(nullptr);
}
