// A pitch the host rounds up to a multiple of 64 bytes with a mask:
// 4 * (80 + 2) + 63 = 391, & ~63 = 384.
__global__ void masked(float *out, int pitch) {
  __shared__ float s[32 * 96];
  s[threadIdx.x * (pitch / 4)] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
void run(float *out) {
  int width = 80;
  int pitch = ~0x3f & (4 * (width + 2) + 0x3f);
  masked<<<1, 32>>>(out, pitch);
}
