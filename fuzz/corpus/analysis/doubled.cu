__global__ void k(float *o) {
  __shared__ float t[32];
  unsigned i = threadIdx.x;
  i = i + i;
  i = i + i;
  i = i + i;
  o[0] = t[i % 32];
}
