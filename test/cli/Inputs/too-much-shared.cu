// A tile of 4 MiB: more static shared memory than nvcc builds (48 KiB).
__global__ void big(float *out) {
  __shared__ float a[1024][1024];
  unsigned t = threadIdx.x;
  a[t][0] = t;
  __syncthreads();
  out[t] = a[t][1];
}
void launch(float *o) { big<<<1, 32>>>(o); }
