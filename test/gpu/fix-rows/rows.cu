// Tiles of 1-, 2- and 8-byte elements whose conflicts a row padding fixes:
// bankfix pads each array, and test/gpu/fix_rows.sh measures every padding
// of 0 to 8 elements on the GPU to show that bankfix's is the cheapest.
// ROW_PAD (elements, default 0) pads all four arrays; each kernel touches
// one array, so the four are measured independently.
#include <cuda_fp16.h>

#ifndef ROW_PAD
#define ROW_PAD 0
#endif

// A thread packs its own row of 64 shorts (one sample per thread, as a
// sorting network's input), then a warp reads a column of them.
__global__ void packShortRows(const short *in, short *out) {
  __shared__ short rows[32][64 + ROW_PAD];
  for (int k = 0; k < 64; ++k)
    rows[threadIdx.x][k] = in[threadIdx.x * 64 + k];
  __syncthreads();
  short acc = 0;
  for (int c = 0; c < 4; ++c)
    acc += rows[(threadIdx.x + c) % 32][threadIdx.x];
  out[threadIdx.x] = acc;
}

// Byte transpose of a 32x32 tile (an image's 8-bit channel).
__global__ void transposeBytes(const unsigned char *in, unsigned char *out) {
  __shared__ unsigned char tile[32][32 + ROW_PAD];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// Half-precision transpose, 32x8 threads each moving four rows.
__global__ void transposeHalves(const __half *in, __half *out) {
  __shared__ __half tile[32][32 + ROW_PAD];
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(threadIdx.y + j) * 32 + threadIdx.x];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    out[(threadIdx.y + j) * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y + j];
}

// Complex (float2) transpose, 32x8 threads.
__global__ void transposeComplex(const float2 *in, float2 *out) {
  __shared__ float2 tile[32][32 + ROW_PAD];
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(threadIdx.y + j) * 32 + threadIdx.x];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    out[(threadIdx.y + j) * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  void *in = nullptr, *out = nullptr;
  if (cudaMalloc(&in, 1 << 16) != cudaSuccess ||
      cudaMalloc(&out, 1 << 16) != cudaSuccess)
    return 2;
  cudaMemset(in, 1, 1 << 16);
  packShortRows<<<1, 32>>>((const short *)in, (short *)out);
  transposeBytes<<<1, dim3(32, 32)>>>((const unsigned char *)in,
                                      (unsigned char *)out);
  transposeHalves<<<1, dim3(32, 8)>>>((const __half *)in, (__half *)out);
  transposeComplex<<<1, dim3(32, 8)>>>((const float2 *)in, (float2 *)out);
  return cudaDeviceSynchronize() != cudaSuccess;
}
