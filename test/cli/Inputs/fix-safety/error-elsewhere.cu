// Another kernel calls what clang does not know (an intrinsic of a newer
// toolkit, say): the tile's fix is still written.
__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
__global__ void scale(float *x) { x[threadIdx.x] = __newer_intrinsic(x[0]); }
int main() {
  dim3 block(32, 32);
  transpose<<<1, block>>>(nullptr, nullptr);
  scale<<<1, 32>>>(nullptr);
}
