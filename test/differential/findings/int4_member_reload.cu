// Finding (issue 16): when does nvcc load a member of an int4 again next
// to the LDS.128 of a whole-element load (int4_member_reload_verbatim.cu:
// an earlier load of `.z` of the same element, then `int4 v = s[...]`:
// LDS.128 + LDS of `.w`, the PTX a v4 load with used_bytes_mask 4095 and
// ld.shared.u32 of +12)? One kernel per variant, block 128x1x1; ncu's
// numbers are in measured-2026-11-26-reload.json (member-reload.test).
#include <cstdio>

__global__ void memberZ(float *out, unsigned n) {
  __shared__ int4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  acc += (float)s[lane].z; // @access load 4
  __syncthreads();
  { int4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void memberX(float *out, unsigned n) {
  __shared__ int4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  acc += (float)s[lane].x; // @access load 4
  __syncthreads();
  { int4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void memberY(float *out, unsigned n) {
  __shared__ int4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  acc += (float)s[lane].y; // @access load 4
  __syncthreads();
  { int4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void memberW(float *out, unsigned n) {
  __shared__ int4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  acc += (float)s[lane].w; // @access load 4
  __syncthreads();
  { int4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void float4MemberZ(float *out, unsigned n) {
  __shared__ float4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_float4((float)tid, 1.f, (float)lane, 3.f);
  __syncthreads();
  acc += (float)s[lane].z; // @access load 4
  __syncthreads();
  { float4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void float4MemberW(float *out, unsigned n) {
  __shared__ float4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_float4((float)tid, 1.f, (float)lane, 3.f);
  __syncthreads();
  acc += (float)s[lane].w; // @access load 4
  __syncthreads();
  { float4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void twoWholeLoads(float *out, unsigned n) {
  __shared__ int4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  acc += (float)s[lane].z; // @access load 4
  __syncthreads();
  { int4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  { int4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void otherElement(float *out, unsigned n) {
  __shared__ int4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  acc += (float)s[lane ^ 1u].z; // @access load 4
  __syncthreads();
  { int4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void noBarrier(float *out, unsigned n) {
  __shared__ int4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  acc += (float)s[lane].z; // @access load 4
  { int4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void int2MemberY(float *out, unsigned n) {
  __shared__ int2 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int2((int)tid, (int)lane);
  __syncthreads();
  acc += (float)s[lane].y; // @access load 4
  __syncthreads();
  { int2 v = s[lane]; acc += (float)v.x + (float)v.y; } // @access load 8
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void wholeInALoop(float *out, unsigned n) {
  __shared__ int4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  acc += (float)s[lane].z; // @access load 4
  __syncthreads();
  for (int i = 0; i < 4; ++i) {
    { int4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
    __syncthreads();
  }
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void sameValueOtherSpelling(float *out, unsigned n) {
  __shared__ int4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  acc += (float)s[lane & tid].z; // @access load 4
  __syncthreads();
  { int4 v = s[tid % 32u]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void wholeThenMember(float *out, unsigned n) {
  __shared__ int4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  { int4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  acc += (float)s[lane].z; // @access load 4
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void memberZThenWholeOther(float *out, unsigned n) {
  __shared__ int4 s[32];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_int4((int)tid, 1, (int)lane, 3);
  __syncthreads();
  acc += (float)s[lane].z; // @access load 4
  __syncthreads();
  { int4 v = s[(lane + 1u) % 32u]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  memberZ<<<1, dim3(128, 1, 1)>>>(out, 1u);
  memberX<<<1, dim3(128, 1, 1)>>>(out, 1u);
  memberY<<<1, dim3(128, 1, 1)>>>(out, 1u);
  memberW<<<1, dim3(128, 1, 1)>>>(out, 1u);
  float4MemberZ<<<1, dim3(128, 1, 1)>>>(out, 1u);
  float4MemberW<<<1, dim3(128, 1, 1)>>>(out, 1u);
  twoWholeLoads<<<1, dim3(128, 1, 1)>>>(out, 1u);
  otherElement<<<1, dim3(128, 1, 1)>>>(out, 1u);
  noBarrier<<<1, dim3(128, 1, 1)>>>(out, 1u);
  int2MemberY<<<1, dim3(128, 1, 1)>>>(out, 1u);
  wholeInALoop<<<1, dim3(128, 1, 1)>>>(out, 1u);
  sameValueOtherSpelling<<<1, dim3(128, 1, 1)>>>(out, 1u);
  wholeThenMember<<<1, dim3(128, 1, 1)>>>(out, 1u);
  memberZThenWholeOther<<<1, dim3(128, 1, 1)>>>(out, 1u);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
