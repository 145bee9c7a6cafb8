// The host function's statement with the error names only a variable that
// a statement clang kept set to the kernel: what clang dropped could
// launch it, so no fix.
__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
int main() {
  auto kernel = transpose;
  dim3 block(32, 32);
  transpose<<<1, block>>>(nullptr, nullptr);
  __newer_launch(kernel, block);
}
