// Finding (issue 16, differential runs 3 and 4): nvcc compiled an int4
// load to LDS.128 plus a 4-byte LDS (batch_003.cu:759 of run 3, here
// memberThenWhole: ncu 32 wavefronts, ideal 20, where bankfix counts the
// LDS.128 alone, 16 and 16; run 4's batch_008.cu:575 likewise). In both
// kernels an earlier line loads one member of the same element (`s0[lane &
// tid].z`, `s2[threadIdx.x].z`). Kernel dk0077 of gen.py --seed 3,
// verbatim (memberThenWhole), the same kernel without that member load
// (wholeOnly), and a minimal form (minimal): does the extra load come with
// the member load? Block 128x1x1 as in the run.
#include <cstdio>
struct S12 { float a; float b; float c; };
struct S24 { double x; float y; int z; double w; };
struct S8 { short lo; short mid; int hi; };
struct SC3 { char r; char g; char b; };
struct SD16 { double v; char pad[4]; };
struct SV32 { float4 p; int4 q; };

__global__ void memberThenWhole(float *out, unsigned n) {
  __shared__ int4 s0[32];
  __shared__ SD16 s1[1024];
  __shared__ S12 s2[32][8];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  const unsigned lane = tid % 32u;
  const unsigned warp = tid / 32u;
  float acc = 0.f;
  for (int i = 0; i < 4; ++i) {
    s2[5u][(20u / 3u) & (i / 3u)] = S12{(float)(tid * 7u + 8u), 1.f, (float)lane};
    __syncthreads();
  }
  s0[(lane << 3u) % 32u].z = (int)(tid * 3u + 8u);
  __syncthreads();
  s1[threadIdx.x].v = (double)(tid * 3u + 3u);
  __syncthreads();
  s1[11u].v = (double)(tid * 3u + 9u);
  __syncthreads();
  for (int i = 0; i < 3; ++i) {
    if (tid % 2u > 1u) acc += (float)s1[threadIdx.x].v;
    __syncthreads();
  }
  acc += (float)s1[(2u - (tid - threadIdx.x)) % 1024u].v;
  __syncthreads();
  for (int i = 0; i < 2; ++i) {
    if (lane % 5u <= 4u) { S12 v = s2[(warp - i) % 32u][12u % 8u]; acc += v.a + v.b + v.c; }
    __syncthreads();
  }
  acc += (float)s0[lane & tid].z; // @access load 4
  __syncthreads();
  if (15u >> 3u != 9u) acc += (float)s1[((lane * 17u) | (threadIdx.x * 33u)) % 1024u].v;
  __syncthreads();
  { S12 v = s2[(threadIdx.x + warp) % 32u][blockDim.x % 8u]; acc += v.a + v.b + v.c; }
  __syncthreads();
  { int4 v = s0[tid % 32u]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  for (int i = 0; i < 3; ++i) {
    acc += (float)s1[threadIdx.x >> 0u].v;
    __syncthreads();
  }
  acc += (float)s1[warp | lane].v;
  __syncthreads();
  for (int i = 0; i < 3; ++i) {
    { int4 v = s0[i]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; }
    __syncthreads();
  }
  if (30u >= 16u) { int4 v = s0[tid % 32u]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; }
  __syncthreads();
  if (blockDim.x != 35u) { S12 v = s2[36u % 32u][tid % 8u]; acc += v.a + v.b + v.c; }
  __syncthreads();
  out[tid] = acc;
}

__global__ void wholeOnly(float *out, unsigned n) {
  __shared__ int4 s0[32];
  __shared__ SD16 s1[1024];
  __shared__ S12 s2[32][8];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  const unsigned lane = tid % 32u;
  const unsigned warp = tid / 32u;
  float acc = 0.f;
  for (int i = 0; i < 4; ++i) {
    s2[5u][(20u / 3u) & (i / 3u)] = S12{(float)(tid * 7u + 8u), 1.f, (float)lane};
    __syncthreads();
  }
  s0[(lane << 3u) % 32u].z = (int)(tid * 3u + 8u);
  __syncthreads();
  s1[threadIdx.x].v = (double)(tid * 3u + 3u);
  __syncthreads();
  s1[11u].v = (double)(tid * 3u + 9u);
  __syncthreads();
  for (int i = 0; i < 3; ++i) {
    if (tid % 2u > 1u) acc += (float)s1[threadIdx.x].v;
    __syncthreads();
  }
  acc += (float)s1[(2u - (tid - threadIdx.x)) % 1024u].v;
  __syncthreads();
  for (int i = 0; i < 2; ++i) {
    if (lane % 5u <= 4u) { S12 v = s2[(warp - i) % 32u][12u % 8u]; acc += v.a + v.b + v.c; }
    __syncthreads();
  }
  __syncthreads();
  if (15u >> 3u != 9u) acc += (float)s1[((lane * 17u) | (threadIdx.x * 33u)) % 1024u].v;
  __syncthreads();
  { S12 v = s2[(threadIdx.x + warp) % 32u][blockDim.x % 8u]; acc += v.a + v.b + v.c; }
  __syncthreads();
  { int4 v = s0[tid % 32u]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  for (int i = 0; i < 3; ++i) {
    acc += (float)s1[threadIdx.x >> 0u].v;
    __syncthreads();
  }
  acc += (float)s1[warp | lane].v;
  __syncthreads();
  for (int i = 0; i < 3; ++i) {
    { int4 v = s0[i]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; }
    __syncthreads();
  }
  if (30u >= 16u) { int4 v = s0[tid % 32u]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; }
  __syncthreads();
  if (blockDim.x != 35u) { S12 v = s2[36u % 32u][tid % 8u]; acc += v.a + v.b + v.c; }
  __syncthreads();
  out[tid] = acc;
}

__global__ void minimal(float *out, unsigned n) {
  __shared__ int4 s0[32];
  const unsigned tid = threadIdx.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  s0[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  acc += (float)s0[lane].z; // @access load 4
  __syncthreads();
  { int4 v = s0[tid % 32u]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  memberThenWhole<<<1, dim3(128, 1, 1)>>>(out, 1u);
  wholeOnly<<<1, dim3(128, 1, 1)>>>(out, 1u);
  minimal<<<1, dim3(128, 1, 1)>>>(out, 1u);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
