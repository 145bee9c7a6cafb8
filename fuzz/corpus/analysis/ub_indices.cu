__global__ void k(float *o, int n) {
  __shared__ float t[32][32];
  o[0] = t[threadIdx.x / (n - n)][threadIdx.x << 40];
  o[1] = t[-1][2147483647];
}
