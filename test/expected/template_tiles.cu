// A template instantiated twice: each instantiation is analysed with its
// own TILE, and the diagnostics name it. TILE = 32 with 32x32 threads:
// 32-way. TILE = 16 with 16x16 threads: 8-way.
template <int TILE>
__global__ void transposeTile(float *out, const float *in) {
  __shared__ float t[TILE][TILE + 1];
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

void run(float *out, const float *in) {
  transposeTile<32><<<1, dim3(32, 32)>>>(out, in);
  transposeTile<16><<<1, dim3(16, 16)>>>(out, in);
}
