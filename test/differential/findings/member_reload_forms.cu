// Finding (issue 16): more forms of the split of int4_member_reload.cu,
// on the H100 (2026-11-26, measured-2026-11-26-forms.json; per block of
// 128 threads). After a 4-byte load of bytes 8 to 11 of a 16-byte element,
// the next whole load of it is LDS.128 plus an LDS of bytes 12 to 15 for a
// uint4, a 16-byte struct of floats, and a float4 read through a
// reinterpret_cast of a float array after a float load (a common way to
// vectorize): 32 wavefronts (ideal 20) instead of 16 (16); bankfix declines
// those three. An 8-byte member at offset 8 (double2's .y) does not split
// the load: bankfix judges it, 16 (ideal 16), equal.
#include <cstdio>
struct __align__(16) F4 { float a, b, c, d; };

__global__ void double2MemberY(float *out, unsigned n) {
  __shared__ double2 s[32];
  const unsigned tid = threadIdx.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_double2((double)tid, (double)lane);
  __syncthreads();
  acc += (float)s[lane].y; // @access load 8
  __syncthreads();
  { double2 v = s[lane]; acc += (float)v.x + (float)v.y; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void structMemberC(float *out, unsigned n) {
  __shared__ F4 s[32];
  const unsigned tid = threadIdx.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = F4{(float)tid, 1.f, (float)lane, 3.f};
  __syncthreads();
  acc += s[lane].c; // @access load 4
  __syncthreads();
  { F4 v = s[lane]; acc += v.a + v.b + v.c + v.d; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void floatThenFloat4(float *out, unsigned n) {
  __shared__ float s[128];
  const unsigned tid = threadIdx.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 128u) s[tid] = (float)tid;
  __syncthreads();
  acc += s[4u * lane + 2u]; // @access load 4
  __syncthreads();
  { float4 v = reinterpret_cast<float4 *>(s)[lane]; acc += v.x + v.y + v.z + v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

__global__ void uint4MemberZ(float *out, unsigned n) {
  __shared__ uint4 s[32];
  const unsigned tid = threadIdx.x;
  const unsigned lane = tid % 32u;
  float acc = 0.f;
  if (tid < 32u) s[lane] = make_uint4(tid, 1u, lane, 3u);
  __syncthreads();
  acc += (float)s[lane].z; // @access load 4
  __syncthreads();
  { uint4 v = s[lane]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc + (float)n;
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  double2MemberY<<<1, dim3(128, 1, 1)>>>(out, 1u);
  structMemberC<<<1, dim3(128, 1, 1)>>>(out, 1u);
  floatThenFloat4<<<1, dim3(128, 1, 1)>>>(out, 1u);
  uint4MemberZ<<<1, dim3(128, 1, 1)>>>(out, 1u);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
