// Finding (issue 16, from differential run 2, seed 2): which guarded shared
// loads does nvcc run in every warp? In run 2 all 20 guarded 1-8 byte loads
// of a compile-time constant address (after folding: (tid ^ tid) % 64,
// (lane - lane) % 8, tid % 1, a multiple of 16 modulo 16, or an index that
// the guard fixes, threadIdx.x == 20 and s[threadIdx.x % 48]) under a guard
// nvcc cannot fold, in code that only computes values (`if (c) acc +=
// s[K];`, `acc += c ? s[K] : 0.f;`), ran in every warp; the two 16-byte
// ones (an int4 whose components are converted) did not, nor did the CUDA
// samples' `if (tid == 0) out[b] = sdata[0];` (test/gpu/real-measured),
// nor any load whose address depends on a thread index or blockDim
// (batch_013.cu:439). bankfix models that (core/codegen/LoadSpeculation.h,
// frontend/walk/SpeculableCode.h). Not yet on the GPU as a file of its
// own: bankfix's expected numbers (per block, 256 threads = 8 warps) are
// in the comments, and
//   test/differential/findings.py /tmp/s test/differential/findings/speculation_forms.cu && test/differential/gpu_run.sh /tmp/s
// measures them. Open question it settles: is a float4 (no conversion, four
// adds) speculated? bankfix says no, as for the measured int4.
#include <cstdio>

// batch_010.cu:631: every warp loads s[8]. Expected 8 (ideal 8).
__global__ void constantIndex(float *out) {
  __shared__ float s[48];
  const unsigned tid = threadIdx.x;
  if (tid < 48u) s[tid] = (float)tid;
  __syncthreads();
  float acc = 0.f;
  if (tid < 9u) acc += s[8]; // @access load 4
  __syncthreads();
  out[tid] = acc;
}

// batch_006.cu:93: the guard fixes the index. Expected 8 (ideal 8).
__global__ void indexFixedByTheGuard(float *out) {
  __shared__ float s[48];
  const unsigned tid = threadIdx.x;
  if (tid < 48u) s[tid] = (float)tid;
  __syncthreads();
  float acc = 0.f;
  if (threadIdx.x == 20u) acc += s[threadIdx.x % 48u]; // @access load 4
  __syncthreads();
  out[tid] = acc;
}

// batch_017.cu:805: an int2, converted. Expected 8 (ideal 8).
__global__ void int2Converted(float *out) {
  __shared__ int2 s[40];
  const unsigned tid = threadIdx.x;
  if (tid < 40u) s[tid] = make_int2((int)tid, 1);
  __syncthreads();
  float acc = 0.f;
  if (tid > 40u) { int2 v = s[21]; acc += (float)v.x + (float)v.y; } // @access load 8
  __syncthreads();
  out[tid] = acc;
}

// batch_009.cu:743: an int4, converted: not speculated. Expected 1 (ideal 1).
__global__ void int4Converted(float *out) {
  __shared__ int4 s[8];
  const unsigned tid = threadIdx.x;
  if (tid < 8u) s[tid] = make_int4((int)tid, 1, 2, 3);
  __syncthreads();
  float acc = 0.f;
  if (tid < 9u) { int4 v = s[2]; acc += (float)v.x + (float)v.y + (float)v.z + (float)v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc;
}

// Not measured yet: a float4, no conversion. bankfix: not speculated,
// 1 (ideal 1); 16 (ideal 16) if nvcc speculates it.
__global__ void float4Added(float *out) {
  __shared__ float4 s[8];
  const unsigned tid = threadIdx.x;
  if (tid < 8u) s[tid] = make_float4((float)tid, 1.f, 2.f, 3.f);
  __syncthreads();
  float acc = 0.f;
  if (tid < 9u) { float4 v = s[2]; acc += v.x + v.y + v.z + v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc;
}

// The CUDA samples' reduction tail: the store keeps the branch. Expected 1
// (ideal 1).
__global__ void loadThenStore(float *out) {
  __shared__ float s[48];
  const unsigned tid = threadIdx.x;
  if (tid < 48u) s[tid] = (float)tid;
  __syncthreads();
  if (tid == 0) out[blockIdx.x] = s[0]; // @access load 4
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  constantIndex<<<1, dim3(256, 1, 1)>>>(out);
  indexFixedByTheGuard<<<1, dim3(256, 1, 1)>>>(out);
  int2Converted<<<1, dim3(256, 1, 1)>>>(out);
  int4Converted<<<1, dim3(256, 1, 1)>>>(out);
  float4Added<<<1, dim3(256, 1, 1)>>>(out);
  loadThenStore<<<1, dim3(256, 1, 1)>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
