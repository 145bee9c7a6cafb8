// The host function holds an error. Its statements without one are kept
// as written, so a variable named as the tile there does not matter, nor
// does the name in a comment or in the string of the statement with the
// error: the tile's fix is still written.
__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
int main() {
  // One block transposes one tile.
  int tile = 32;
  dim3 block(tile, tile);
  transpose<<<1, block>>>(nullptr, nullptr);
  __newer_host_call("tile size: 32x32");
}
