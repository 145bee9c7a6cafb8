// Finding, the kernel as generated (gen.py --seed 1, dk0247, block 200),
// verbatim but for this comment and the marker: inside this kernel nvcc split
// the 16-byte int4 store of the marked line into STS.64 + STS + STS (the
// isolated copy in split_int4_store.cu compiled to one STS.128 and matched).
// Measured in differential run 1 (H100, nvcc 13.0, ncu 2025.3.1):
//   bankfix 25 wavefronts (ideal 25, the 16-byte quarter-warp rule),
//   ncu 75 (ideal 27) in 21 warp-instructions, SASS STS.64; STS; STS.
// A source-level tool cannot see the split; bankfix could say when a vector
// store may be split (components partly constant), or model the widths.
#include <cstdio>
struct S12 { float a; float b; float c; };
struct S24 { double x; float y; int z; double w; };
struct S8 { short lo; short mid; int hi; };
struct SC3 { char r; char g; char b; };
struct SD16 { double v; char pad[4]; };
struct SV32 { float4 p; int4 q; };

__global__ void dk0247(float *out, unsigned n) {
  __shared__ int4 s0[64];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  const unsigned lane = tid % 32u;
  const unsigned warp = tid / 32u;
  float acc = 0.f;
  s0[threadIdx.x % 64u].z = (int)(tid * 1u + 1u);
  __syncthreads();
  if (18u & tid >= 3u) s0[((threadIdx.x + blockDim.x) ^ warp) % 64u] = make_int4((int)(tid * 3u + 5u), 3, (int)lane, (int)warp);
  __syncthreads();
  s0[threadIdx.x % 64u] = make_int4((int)(tid * 1u + 6u), 3, (int)lane, (int)warp); // @access store 16
  __syncthreads();
  acc += (float)s0[30u].z;
  __syncthreads();
  for (int i = 0; i < 3; ++i) {
    if (((5u - i) % 4u < 1u) || (26u <= 34u)) acc += (float)s0[33u].z;
    __syncthreads();
  }
  acc += (float)s0[27u].z;
  __syncthreads();
  for (int i = 0; i < 2; ++i) {
    { int4 v = s0[((28u - i) % 17u) / 3u]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; }
    __syncthreads();
  }
  if (blockDim.y - 36u < 13u) acc += (float)s0[((threadIdx.y - threadIdx.x) ^ (threadIdx.x - tid)) % 64u].z;
  __syncthreads();
  out[tid] = acc;
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  dk0247<<<1, dim3(200, 1, 1)>>>(out, 1u);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
