// A launch through a table bankfix cannot index: it may run 'k' with any
// stride, so the stride the direct launch passes is not taken.
__global__ void k(float *out, int stride) {
  __shared__ float s[1024];
  s[threadIdx.x * stride] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
typedef void (*Kernel)(float *, int);
Kernel table[1];
void setup() { table[0] = k; }
void run(float *out, int i) {
  k<<<1, 32>>>(out, 1);
  table[i]<<<1, 32>>>(out, 32);
}
