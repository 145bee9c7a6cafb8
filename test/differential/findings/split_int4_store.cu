// Finding (differential run 1, seed 1, 1 access): nvcc split a 16-byte int4
// store whose value has a constant component into STS.64 + STS + STS, so the
// hardware served 8- and 4-byte accesses: bankfix 25 wavefronts (ideal 25,
// the 16-byte quarter-warp rule), ncu 75 (ideal 27) in 21 warp-instructions.
//   seed 1 dk0247 (block 200), int4 s0[64]:
//   `s0[threadIdx.x % 64u] = make_int4((int)(tid * 1u + 6u), 3, (int)lane,
//   (int)warp);`
// A source-level tool cannot see the split; bankfix could decline, or model
// the widths nvcc uses for a vector whose components are partly constant.
__global__ void splitInt4Store(float *out) {
  __shared__ int4 s0[64];
  const unsigned tid = threadIdx.x;
  const unsigned lane = tid % 32u;
  const unsigned warp = tid / 32u;
  s0[threadIdx.x % 64u] = make_int4((int)(tid * 1u + 6u), 3, (int)lane, (int)warp); // @access store 16
  __syncthreads();
  int4 v = s0[(tid * 3u) % 64u];
  out[tid] = (float)(v.x + v.y + v.z + v.w);
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  splitInt4Store<<<1, dim3(200, 1, 1)>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
