#include "k.cuh"
__global__ void rowsA(float *out) {
  __shared__ float a[64];
  out[threadIdx.x] = a[2 * threadIdx.x];
}
void runA(float *out) { rowsA<<<1, 32>>>(out); launchColumn(out); }
