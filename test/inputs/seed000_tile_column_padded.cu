// bankfix-args: --block-dim=32
// Seed 000 with padding: tile[TILE_DIM][TILE_DIM + 1], addresses 0, 132,
// ..., 4092: banks 0..31, no conflict.
#define TILE_DIM 32

__global__ void readColumn(float *out) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  tile[threadIdx.x][threadIdx.y] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][0];
}
// bankfix-explain: --explain=seed000_tile_column_padded.cu:10
