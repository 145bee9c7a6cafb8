// The epilogue of a GEMM-style kernel: each thread holds eight results of
// one column of a 32x64 block tile, stages them in shared memory column by
// column, and the block writes the tile out as float2 rows (coalesced).
// 32x8 threads.
// Store stage[threadIdx.x][threadIdx.y + 8 * k]: lanes are rows 256 bytes
// apart, one bank: 32-way in each of the 8 unrolled iterations.
// Load ((const float2 *)stage[r])[threadIdx.x]: a warp reads one row of
// 256 bytes, 2 wavefronts (ideal 2), in each of 4 iterations; on the line
// of the store that uses it, where nvcc's line table puts it.
// The fix keeps the float2 rows aligned: the rows grow by whole float2s.
// Padding by 2 floats (stage[32][66]) makes the store 2-way, the floor of
// any padding by whole float2s (an even stride reaches 16 banks); an XOR
// swizzle of 8-byte granules reaches the same, so auto takes the padding.
constexpr int kRows = 32;
constexpr int kCols = 64;

__global__ void float2Epilogue(float2 *out, const float *acc, int ldo) {
  __shared__ float stage[kRows][kCols + 2];

  const float *mine = acc + (blockIdx.x * blockDim.y + threadIdx.y) * 8 * kRows;
#pragma unroll
  for (int k = 0; k < 8; ++k)
    stage[threadIdx.x][threadIdx.y + 8 * k] = mine[k * kRows + threadIdx.x];
  __syncthreads();

#pragma unroll
  for (int p = 0; p < 4; ++p) {
    int r = threadIdx.y + 8 * p;
    out[(blockIdx.x * kRows + r) * ldo + threadIdx.x] = reinterpret_cast<const float2 *>(stage[r])[threadIdx.x];
  }
}

void launchEpilogue(float2 *out, const float *acc, int blocks) {
  float2Epilogue<<<blocks, dim3(32, 8)>>>(out, acc, kCols / 2);
}
