// One helper indexes a static and an extern array.
__device__ void put(float *p, const float *g, int t) { p[t * 32] = g[t]; }
__global__ void k(const float *g, float *out) {
  extern __shared__ float dyn[];
  __shared__ float st[2048];
  int t = threadIdx.x;
  put(dyn, g, t);
  put(st, g, t);
  __syncthreads();
  out[t] = dyn[t * 32] + st[t * 32];
}
int main() { k<<<1, 64, 2048 * sizeof(float)>>>(nullptr, nullptr); }
