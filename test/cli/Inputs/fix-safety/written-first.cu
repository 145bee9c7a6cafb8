// The right side of `=` runs first: it resets i before the index reads it.
__device__ int row(int t) { return t * 32; }
__global__ void k(float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  int i = t;
  s[row(i)] = (i = 0) + 1.0f;
  __syncthreads();
  out[t] = s[t];
}
int main() { k<<<1, 32>>>(nullptr); }
