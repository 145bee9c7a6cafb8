// Launches of block 32 agree on pitch and differ on flag: a --block-dim
// shape of 32 threads takes the pitch they agree on.
__global__ void k(float *o, int pitch, int flag) {
  __shared__ float s[64 * 33];
  s[threadIdx.x * pitch] = flag;
  o[threadIdx.x] = s[threadIdx.x];
}

void host(float *o) {
  k<<<1, 32>>>(o, 32, 0);
  k<<<1, 32>>>(o, 32, 1);
  k<<<1, 64>>>(o, 33, 0);
}
