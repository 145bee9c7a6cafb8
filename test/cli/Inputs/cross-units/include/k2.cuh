// Launched from b.cu and c.cu.
__global__ void cols(const float *in, float *out) {
  extern __shared__ float t[];
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y * 32 + x] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = t[x * 32 + y];
}
