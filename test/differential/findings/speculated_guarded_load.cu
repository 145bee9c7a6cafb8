// Finding (differential run 1, seed 1, 16 accesses): nvcc hoists a guarded
// shared load above its guard when the address is known to be in bounds
// (a constant or lane-independent index, or one it can bound): every warp
// then executes it with its lanes on, and ncu counts wavefronts for warps
// and lanes that the guard switches off. bankfix counts only the active
// lanes of the guard.
//   seed 1 dk0199 `if (threadIdx.x - warp == 5u) acc += (float)s0[(warp << 5u)
//     % 16u];` (block 256): bankfix 1 wavefront (ideal 1), ncu 8 (ideal 8) in
//     8 warp-instructions.
//   seed 1 dk0146 `if (blockDim.y == 15u) acc += (float)s0[..][blockDim.y].b;`
//     (block 512): bankfix 0, ncu 16 in 16 warp-instructions.
// A source-level tool cannot know when nvcc speculates; bankfix could say
// that a guarded load with a lane-independent address may be executed by
// every warp.
__global__ void speculatedUniform(float *out) {
  __shared__ float s[16];
  const unsigned tid = threadIdx.x;
  const unsigned warp = tid / 32u;
  s[tid % 16u] = (float)tid;
  __syncthreads();
  float acc = 0.f;
  if (threadIdx.x - warp == 5u) acc += s[(warp << 5u) % 16u]; // @access load 4
  __syncthreads();
  if (threadIdx.x == 77u) acc += s[3]; // @access load 4
  __syncthreads();
  out[tid] = acc;
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  speculatedUniform<<<1, dim3(256, 1, 1)>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
