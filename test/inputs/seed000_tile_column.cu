// bankfix-args: --block-dim=32
// Seed 000: a warp reads column 0 of tile[32][32] (tile[threadIdx.x][0]),
// addresses 0, 128, ..., 3968: all bank 0, a 32-way conflict.
#define TILE_DIM 32

__global__ void readColumn(float *out) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  tile[threadIdx.x][threadIdx.y] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][0];
}
// bankfix-explain: --explain=seed000_tile_column.cu:10
