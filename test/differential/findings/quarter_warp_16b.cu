// Finding (differential run 1, seed 1, 2 accesses): 16-byte loads where
// bankfix's quarter-warp rule counts a conflict that the H100 did not show.
//   seed 1 dk0017 (block 7x3, one warp of 21 lanes), int4 s0[16][16]:
//     `s0[lane / 17u][(threadIdx.x & 20u) - (threadIdx.x >> 5u)]`: lanes
//     16-20 (one quarter-warp) read [0][0], [1][0], [1][4], [1][4], [1][4];
//     [0][0] and [1][0] are 256 bytes apart (same banks 0-3): bankfix 4
//     wavefronts (ideal 3), ncu 3 (ideal 3).
//   seed 1 dk0040 (block 12x7), float4 s0[1024]: `s0[threadIdx.x ^ tid]`:
//     bankfix 14 (ideal 11), ncu 12 (ideal 11).
// Copied verbatim (array, index, block) from the generated kernels.
__global__ void quarterWarpInt4(float *out) {
  __shared__ int4 s0[16][16];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  s0[tid % 16u][tid / 16u] = make_int4((int)tid, 1, 2, 3);
  __syncthreads();
  int4 v = s0[lane / 17u][(threadIdx.x & 20u) - (threadIdx.x >> 5u)]; // @access load 16
  __syncthreads();
  out[tid] = (float)(v.x + v.y + v.z + v.w);
}

__global__ void quarterWarpFloat4(float *out) {
  __shared__ float4 s0[1024];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  s0[tid] = make_float4((float)tid, 1.f, 2.f, 3.f);
  __syncthreads();
  float4 v = s0[threadIdx.x ^ tid]; // @access load 16
  __syncthreads();
  out[tid] = v.x + v.y + v.z + v.w;
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  quarterWarpInt4<<<1, dim3(7, 3, 1)>>>(out);
  quarterWarpFloat4<<<1, dim3(12, 7, 1)>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
