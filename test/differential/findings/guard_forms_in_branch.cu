// Finding (issue 16, review of the guard rule): values computed inside the
// guarded branch see the guard's facts (LLVM's GVN replaces e by C in the
// code the guard runs), while a variable assigned before it does not
// (guard_equality_forms.cu). Every kernel runs 256 threads (8 warps); the
// numbers in the comments, per block, are bankfix's and ncu's on the H100
// (equal, 2026-11-26, measured-2026-11-26-branch.json).
//   test/differential/findings.py /tmp/b test/differential/findings/guard_forms_in_branch.cu && test/differential/gpu_run.sh /tmp/b
// measures them again.
#include <cstdio>

// A variable assigned inside the branch from the guard's thread index: s[0]
// in every warp, 8 (ideal 8).
__global__ void assignedInTheBranch(float *out) {
  __shared__ float s[64];
  if (threadIdx.x < 64u) s[threadIdx.x] = (float)threadIdx.x;
  __syncthreads();
  float acc = 0.f;
  if (threadIdx.x == 0u) { unsigned k = threadIdx.x * 4u; acc += s[k]; } // @access load 4
  __syncthreads();
  out[threadIdx.x] = acc;
}

// The same from a variable of the guard: s[8] in every warp, 8 (ideal 8).
__global__ void variableAssignedInTheBranch(float *out) {
  __shared__ float s[64];
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
  const unsigned lane = tid % 32u;
  if (tid < 64u) s[tid] = (float)lane;
  __syncthreads();
  float acc = (float)lane;
  if (tid == 7u) { unsigned j = tid % 32u + 1u; acc += s[j]; } // @access load 4
  __syncthreads();
  out[tid] = acc;
}

// A widened thread index is one value with it: s[5] in every warp, 8
// (ideal 8).
__global__ void widenedThreadIndex(float *out) {
  __shared__ float s[64];
  const long t = threadIdx.x;
  if (t < 64) s[t] = (float)t;
  __syncthreads();
  float acc = (float)t;
  if (t == 5) acc += s[t]; // @access load 4
  __syncthreads();
  out[threadIdx.x] = acc;
}

// A bool is not the low bit of what it converts: (tid & 6) != 0 is 0 or 1
// per lane, not constant. Lanes 0 to 8 of warp 0 read s[0] and s[1]: 1
// (ideal 1).
__global__ void boolIsNotALowBit(float *out) {
  __shared__ float s[64];
  const unsigned tid = threadIdx.x;
  if (tid < 64u) s[tid] = (float)tid;
  __syncthreads();
  float acc = 0.f;
  const bool b = (tid & 6u);
  if (tid < 9u) acc += s[b & 1]; // @access load 4
  __syncthreads();
  out[tid] = acc + (float)b;
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  assignedInTheBranch<<<1, dim3(256, 1, 1)>>>(out);
  variableAssignedInTheBranch<<<1, dim3(64, 4, 1)>>>(out);
  widenedThreadIndex<<<1, dim3(256, 1, 1)>>>(out);
  boolIsNotALowBit<<<1, dim3(256, 1, 1)>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
