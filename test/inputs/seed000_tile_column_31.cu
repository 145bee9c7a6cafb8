// bankfix-args: --block-dim=32
// Seed 000 with 31 columns: tile[32][31] read as tile[threadIdx.x][0] by the
// 32 lanes of a warp: addresses 0, 124, ..., 3844, banks 0, 31, 30, ..., 1
// (31 and 32 are coprime), no conflict.
#define TILE_DIM 32

__global__ void readColumn31(float *out) {
  __shared__ float tile[TILE_DIM][TILE_DIM - 1];
  tile[threadIdx.x][0] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][0];
}
// bankfix-explain: --explain=seed000_tile_column_31.cu:11
