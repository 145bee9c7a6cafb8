// The statement of the host function that holds an error names the
// tile: what clang dropped there is not known, so no fix.
__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
int main() {
  int tile = 32;
  dim3 block(tile, tile);
  transpose<<<1, block>>>(nullptr, nullptr);
  __newer_host_call(tile);
}
