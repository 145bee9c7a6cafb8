// Finding (issue 16, from differential run 2, seed 2): when is an 8-byte
// load served in ONE wavefront for the whole warp, a 16-byte load in one per
// half-warp? Fitted on all 671 wide loads of run 2 that nvcc did not hoist
// (lib/core/model/WideLoadPairing.h, test/differential/lanes.py --rule
// merge): when the lanes' words fit the 32 banks (no bank holds two
// distinct words) AND the lanes pair up inside each group of four
// (lanes 4k..4k+3) on one address, for one pairing {0,1}{2,3}, {0,2}{1,3}
// or {0,3}{1,2}; a 16-byte half-warp with an inactive lane needs no
// pairing. Otherwise the half-/quarter-warp phase rule. Each kernel below
// is the minimal form of measured generated accesses (named); this file
// itself has not been on the GPU: bankfix's expected numbers (per block,
// 64 threads = 2 warps unless said) are in the comments, and
//   test/differential/findings.py /tmp/f test/differential/findings/wide_load_pairing.cu && test/differential/gpu_run.sh /tmp/f
// measures them.
#include <cstdio>

// batch_001.cu:210 (lanes 4k..4k+3 on one double, 8 addresses over both
// half-warps): 1 wavefront per warp. Expected 2 (ideal 2).
__global__ void quadsOnOneAddress(float *out) {
  __shared__ double s[64];
  const unsigned lane = threadIdx.x % 32u;
  s[threadIdx.x] = (double)threadIdx.x;
  __syncthreads();
  float acc = (float)s[(lane / 4u) * 2u]; // @access load 8
  __syncthreads();
  out[threadIdx.x] = acc;
}

// batch_003.cu:908 (even lanes on one double, odd lanes on another 248
// bytes away: pairs {0,2}{1,3}): 1 per warp. Expected 2 (ideal 2).
__global__ void evenAndOddLanes(float *out) {
  __shared__ double s[64];
  s[threadIdx.x] = (double)threadIdx.x;
  __syncthreads();
  float acc = (float)s[(threadIdx.x % 2u) * 31u]; // @access load 8
  __syncthreads();
  out[threadIdx.x] = acc;
}

// batch_017.cu:808 (lane L on double L % 8: the words fit, but lanes 0-3
// read four addresses): the phase rule, 2 per warp. Expected 4 (ideal 4).
__global__ void lanesDoNotPair(float *out) {
  __shared__ double s[64];
  s[threadIdx.x] = (double)threadIdx.x;
  __syncthreads();
  float acc = (float)s[threadIdx.x % 8u]; // @access load 8
  __syncthreads();
  out[threadIdx.x] = acc;
}

// batch_000.cu:268 (float2 s[tid / 9]: lanes 8-11 read a, b, b, b): 2 per
// warp. Expected 4 (ideal 4).
__global__ void threeAndOne(float *out) {
  __shared__ float2 s[64];
  s[threadIdx.x] = make_float2((float)threadIdx.x, 1.f);
  __syncthreads();
  float2 v = s[threadIdx.x / 9u]; // @access load 8
  __syncthreads();
  out[threadIdx.x] = v.x + v.y;
}

// batch_010.cu:460 (quarter-warp k on one int4): 1 per half-warp, 2 per
// warp. Expected 4 (ideal 4).
__global__ void quarterWarpsOnOneInt4(float *out) {
  __shared__ int4 s[64];
  s[threadIdx.x] = make_int4((int)threadIdx.x, 1, 2, 3);
  __syncthreads();
  int4 v = s[(threadIdx.x % 32u) / 8u]; // @access load 16
  __syncthreads();
  out[threadIdx.x] = (float)(v.x + v.y + v.z + v.w);
}

// batch_015.cu:276 warp 3 (lane L on float4 2 (L % 4): four addresses in
// each group of four, every lane active): the phase rule, 4 per warp.
// Expected 8 (ideal 8).
__global__ void fullHalfWarpDoesNotPair(float *out) {
  __shared__ float4 s[64];
  s[threadIdx.x] = make_float4((float)threadIdx.x, 1.f, 2.f, 3.f);
  __syncthreads();
  float4 v = s[(threadIdx.x % 4u) * 2u]; // @access load 16
  __syncthreads();
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// batch_006.cu:231 (12 threads, lane L on float4 129 (L % 4)): the same
// form with lanes 12-15 inactive is served in 1 wavefront. Expected 1
// (ideal 1). The evidence is two generated accesses (this one and
// batch_017.cu:626, 14 lanes): the kernel checks it alone.
__global__ void partialHalfWarp(float *out) {
  __shared__ float4 s[4 * 129];
  for (unsigned i = threadIdx.x; i < 4u * 129u; i += blockDim.x)
    s[i] = make_float4((float)i, 1.f, 2.f, 3.f);
  __syncthreads();
  float4 v = s[(threadIdx.x % 4u) * 129u]; // @access load 16
  __syncthreads();
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  quadsOnOneAddress<<<1, dim3(64, 1, 1)>>>(out);
  evenAndOddLanes<<<1, dim3(64, 1, 1)>>>(out);
  lanesDoNotPair<<<1, dim3(64, 1, 1)>>>(out);
  threeAndOne<<<1, dim3(64, 1, 1)>>>(out);
  quarterWarpsOnOneInt4<<<1, dim3(64, 1, 1)>>>(out);
  fullHalfWarpDoesNotPair<<<1, dim3(64, 1, 1)>>>(out);
  partialHalfWarp<<<1, dim3(12, 1, 1)>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
