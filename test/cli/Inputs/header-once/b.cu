#include "k.cuh"
__global__ void rowsB(float *out) {
  __shared__ float b[64];
  out[threadIdx.x] = b[2 * threadIdx.x];
}
void runB(float *out) { rowsB<<<1, 32>>>(out); launchColumn(out); }
