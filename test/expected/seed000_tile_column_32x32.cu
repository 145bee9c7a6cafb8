// Seed 000, "extra": with blockDim (32, 32) every warp has one threadIdx.y
// and threadIdx.x 0..31, so tile[threadIdx.x][threadIdx.y] conflicts in
// every warp. No --block-dim: bankfix assumes 32x32 and says so.
#define TILE_DIM 32

__global__ void readColumns(float *out) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * TILE_DIM + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
