// One template's text indexes a conflicting array in one specialization and
// another array in the other.
template <int S, class T> __device__ void put(T *p, const T *g, int t) {
  p[t * S] = g[t];
}
__global__ void k(const float *gf, const int *gi, float *of, int *oi) {
  __shared__ float sf[2048];
  __shared__ int si[64];
  int t = threadIdx.x;
  put<32>(sf, gf, t);
  put<1>(si, gi, t);
  __syncthreads();
  of[t] = sf[t * 32];
  oi[t] = si[t];
}
int main() { k<<<1, 64>>>(nullptr, nullptr, nullptr, nullptr); }
