// A kernel and its launch in a header that two files include.
#pragma once
__global__ void column(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][0];
}
inline void launchColumn(float *out) { column<<<1, 32>>>(out); }
