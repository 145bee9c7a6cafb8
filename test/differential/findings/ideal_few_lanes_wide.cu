// Finding (differential run 1, seed 1, 29 accesses): for an 8- or 16-byte
// access where few lanes are active, ncu's "L1 Wavefronts Shared Ideal" is
// below the number of phases (half-/quarter-warps) with an active lane, which
// is bankfix's ideal; the wavefronts agree.
//   seed 1 dk0212 `if (tid % 8u == 7u) s0[lane] = make_int2(...)` (int2,
//     block 512): lanes 7, 15, 23, 31 active, both half-warps: bankfix 32
//     wavefronts (ideal 32), ncu 32 wavefronts (ideal 16).
//   seed 1 dk0025 `if (lane % 4u == 2u) s0[..][threadIdx.x % 16u] = double`
//     (block 64): bankfix 4 (ideal 4), ncu 4 (ideal 2).
// The kernels below sweep the number of active lanes (k of the first lanes,
// and lanes spread over both halves) so that the rule ncu uses can be read
// off the measured ideal; one access per line. A plausible rule is
// ceil(active lanes * width / 128), to be confirmed.
__global__ void idealSweepDouble(float *out) {
  __shared__ double s[64];
  const unsigned tid = threadIdx.x;
  const unsigned lane = tid % 32u;
  if (lane % 4u == 3u) s[lane] = (double)tid; // @access store 8
  __syncthreads();
  float acc = 0.f;
  if (lane < 1u) acc += (float)s[lane]; // @access load 8
  __syncthreads();
  if (lane < 17u) acc += (float)s[lane]; // @access load 8
  __syncthreads();
  if (lane % 16u == 0u) acc += (float)s[lane]; // @access load 8
  __syncthreads();
  if (lane % 8u == 7u) acc += (float)s[lane]; // @access load 8
  __syncthreads();
  if (lane % 2u == 0u) acc += (float)s[lane]; // @access load 8
  __syncthreads();
  out[tid] = acc;
}

__global__ void idealSweepFloat4(float *out) {
  __shared__ float4 s[64];
  const unsigned tid = threadIdx.x;
  const unsigned lane = tid % 32u;
  if (lane % 8u == 5u) s[lane] = make_float4(1.f, 2.f, 3.f, (float)tid); // @access store 16
  __syncthreads();
  float acc = 0.f;
  if (lane < 1u) { float4 v = s[lane]; acc += v.x + v.y + v.z + v.w; } // @access load 16
  __syncthreads();
  if (lane < 9u) { float4 v = s[lane]; acc += v.x + v.y + v.z + v.w; } // @access load 16
  __syncthreads();
  if (lane % 8u == 0u) { float4 v = s[lane]; acc += v.x + v.y + v.z + v.w; } // @access load 16
  __syncthreads();
  if (lane % 4u == 1u) { float4 v = s[lane]; acc += v.x + v.y + v.z + v.w; } // @access load 16
  __syncthreads();
  if (lane % 2u == 1u) { float4 v = s[lane]; acc += v.x + v.y + v.z + v.w; } // @access load 16
  __syncthreads();
  out[tid] = acc;
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  idealSweepDouble<<<1, dim3(64, 1, 1)>>>(out);
  idealSweepFloat4<<<1, dim3(64, 1, 1)>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
