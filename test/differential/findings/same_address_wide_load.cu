// Finding (differential run 1, seed 1, 89 accesses): an 8-byte load where
// every active lane of a warp reads ONE address takes 1 wavefront (ideal 1)
// on the H100, and a 16-byte load 2 (ideal 2), also when the index is written
// with thread indices (threadIdx.y, warp, lane >> 5) and the compiler does not
// use a uniform register (plain LDS.64 / LDS.128). bankfix applies the
// calibrated uniform-address rule only when the address does not depend on
// the lane syntactically, and otherwise the half-/quarter-warp phase rule
// (2 and 4 per warp).
//   seed 1 dk0212 `s0[threadIdx.y]` (int2, block 512): bankfix 32 (ideal 32),
//     ncu 16 (ideal 16) in 16 warp-instructions.
//   seed 1 dk0127 `s1[lane >> 5u]` (int4, block 32): bankfix 4 (4), ncu 2 (2).
//   seed 1 dk0157 `s0[(((tx + ty) ^ (24 - tid)) >> 3) % 48]` (double, 32x24):
//     bankfix 48, ncu 47: warp 7 alone has all lanes on one element.
// Expected after a fix: bankfix = ncu on every marked line.
__global__ void sameAddressDouble(float *out) {
  __shared__ double s[64];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  s[tid % 64u] = (double)tid;
  __syncthreads();
  float acc = (float)s[threadIdx.y]; // @access load 8
  __syncthreads();
  out[tid] = acc;
}

__global__ void sameAddressInt4(float *out) {
  __shared__ int4 s[128];
  const unsigned tid = threadIdx.x;
  const unsigned lane = tid % 32u;
  s[tid % 128u] = make_int4((int)tid, 1, 2, 3);
  __syncthreads();
  int4 v = s[lane >> 5u]; // @access load 16
  __syncthreads();
  out[tid] = (float)(v.x + v.y + v.z + v.w);
}

// The same with a store: stores keep the phase rule (docs/bank-model.md).
__global__ void sameAddressDoubleStore(float *out) {
  __shared__ double s[64];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  s[threadIdx.y] = (double)tid; // @access store 8
  __syncthreads();
  out[tid] = (float)s[tid % 64u];
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  sameAddressDouble<<<1, dim3(32, 4, 1)>>>(out);
  sameAddressInt4<<<1, dim3(32, 1, 1)>>>(out);
  sameAddressDoubleStore<<<1, dim3(32, 4, 1)>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
