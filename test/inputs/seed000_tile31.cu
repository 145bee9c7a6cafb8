// bankfix-args: --block-dim=32
// Seed 000: tile[31][31] read as tile[threadIdx.x][0] by 31 threads of a
// 32-thread block: banks 0, 31, 30, ..., 2 (31 and 32 are coprime), no
// conflict.
__global__ void readColumn31(float *out) {
  __shared__ float tile[31][31];
  if (threadIdx.x < 31)
    tile[threadIdx.x][0] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x < 31)
    out[threadIdx.x] = tile[threadIdx.x][0];
}
// bankfix-explain: --explain=seed000_tile31.cu:11
