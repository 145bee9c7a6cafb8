// bankfix-args: --block-dim=32,32
// extern __shared__ and 1D arrays indexed by hand as 2D (smem[ty * W + tx]):
// analysed when W is known.
#define W 32

__global__ void handIndexed(float *out) {
  extern __shared__ float smem[];
  __shared__ float flat[W * (W + 1) + 33];
  smem[threadIdx.y * (W + 1) + threadIdx.x] = 1.0f;          // row-major: fine
  out[0] = smem[threadIdx.x * (W + 1) + threadIdx.y];        // column: 32-way
  flat[threadIdx.x * (W + 1) + threadIdx.y + (threadIdx.x * (W + 1) + threadIdx.y) / 32] = 2.0f;    // padded by hand: fine
  out[1] = flat[threadIdx.x * W + threadIdx.y + (threadIdx.x * W + threadIdx.y) / 32];        // 32-way
}
