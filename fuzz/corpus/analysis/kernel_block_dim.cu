// bankfix-args: --block-dim=column:16x16 --block-dim=64
// Seed for the analysis fuzzer: a shape for one kernel and one for the
// others, each on a transposed tile (the first line is read as in the
// golden tests).
__global__ void column(float *out) {
  __shared__ float tile[16][16];
  tile[threadIdx.x][threadIdx.y] = out[threadIdx.y];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

__global__ void strided(double *out) {
  __shared__ double a[64 * 2];
  a[2 * threadIdx.x] = out[threadIdx.x];
  out[threadIdx.x] = a[2 * threadIdx.x];
}
