// A loop bounded by the launch's n = 1: nvcc compiles it as a loop for any
// n and cannot see that the store and the load hit one place, nor that a
// pair of one iteration is aligned.
__global__ void once(float *out, int n) {
  __shared__ float s[4096];
  float acc = 0;
  for (int i = 0; i < n; i++) {
    s[2 * threadIdx.x + i] = acc;
    acc += s[2 * threadIdx.x];
    __syncthreads();
  }
  for (int i = 0; i < n; i++) {
    float a = s[2 * threadIdx.x + i];
    float b = s[2 * threadIdx.x + i + 1];
    acc += a * b;
  }
  out[threadIdx.x] = acc;
}
void run(float *o) { once<<<1, 32>>>(o, 1); }
