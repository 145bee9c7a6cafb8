// Functions whose bodies bankfix cannot see (declared only, as a library's
// code in another unit), handed shared elements.
struct Half {
  unsigned short bits_;
  __device__ operator float() const;
  __device__ unsigned bits() const;
};
__device__ float combine(const float &a, const float &b);

__global__ void opaque(float *out) {
  __shared__ Half a[2][32];
  __shared__ float f[32];
  unsigned t = threadIdx.x;
  a[0][t].bits_ = t;
  f[t] = t;
  __syncthreads();
  out[t] = float(a[0][t % 16]);
  out[t] += combine(f[t], f[(t + 1) % 32]);
  out[t] += a[1][t].bits();
}
void launch(float *out) { opaque<<<1, 32>>>(out); }
