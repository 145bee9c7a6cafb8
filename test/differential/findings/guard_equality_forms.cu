// Finding (issue 16, from differential run 5, seed 5): under a guard
// `e == C` nvcc replaces e by C in the code the guard runs, and a load whose
// address becomes a constant is then run in every warp (LoadSpeculation.h).
// Run 5 showed it for `if (tid == 38u) acc += s0[tid];` (batch_000.cu:518)
// and not for `if (tid == 16u) acc += s0[lane];` (batch_009.cu:98), lane
// being computed before the branch. bankfix reads that as LLVM's GVN does:
// e is replaced where the branch uses it, or computes from it, but not
// inside a variable assigned before the branch (LaneExpr::Variable,
// CompileTimeValue.h). It holds for a thread index fixed by the guard too
// (threadIdx.x == 5 and a lane computed before: measured, not speculated).
// Run 5's batch_003.cu:551 is the bit-reasoning form: (lane ^
// tid) * 4 has seven low zero bits, so (i & warp) & ((lane ^ tid) * 4) is
// 0. Every kernel runs 256 threads (8 warps) and uses tid, lane and warp
// before the guard, as the generated kernels do; the numbers in the
// comments, per block, are bankfix's and ncu's (equal, 2026-11-26).
//   test/differential/findings.py /tmp/g test/differential/findings/guard_equality_forms.cu && test/differential/gpu_run.sh /tmp/g
// measures them.
#include <cstdio>

#define PROLOGUE                                                               \
  __shared__ float s[64];                                                      \
  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;                 \
  const unsigned lane = tid % 32u;                                             \
  const unsigned warp = tid / 32u;                                             \
  if (tid < 64u) s[tid] = (float)(lane + warp);                                \
  __syncthreads();                                                             \
  float acc = (float)lane;

// Run 5, batch_000.cu:518: the index is the guard's variable. Speculated:
// 8 (ideal 8).
__global__ void guardVariable(float *out) {
  PROLOGUE
  if (tid == 38u) acc += s[tid]; // @access load 4
  __syncthreads();
  out[tid] = acc + (float)warp;
}

// Run 5, batch_009.cu:98: lane was computed before the branch. Not
// speculated: 1 (ideal 1).
__global__ void variableComputedBefore(float *out) {
  PROLOGUE
  if (tid == 16u) acc += s[lane]; // @access load 4
  __syncthreads();
  out[tid] = acc + (float)warp;
}

// The branch computes the index from the guard's variable. Speculated: 8
// (ideal 8).
__global__ void computedInTheBranch(float *out) {
  PROLOGUE
  if (tid == 7u) acc += s[tid % 32u + 1u]; // @access load 4
  __syncthreads();
  out[tid] = acc + (float)warp;
}

// Guard and index are the same variable. Speculated: 8 (ideal 8).
__global__ void guardOnLane(float *out) {
  PROLOGUE
  if (lane == 3u) acc += s[lane]; // @access load 4
  __syncthreads();
  out[tid] = acc + (float)warp;
}

// The guard computes what lane holds: the same value. Speculated: 8 (ideal
// 8).
__global__ void sameComputation(float *out) {
  PROLOGUE
  if (tid % 32u == 9u) acc += s[lane]; // @access load 4
  __syncthreads();
  out[tid] = acc + (float)warp;
}

// A thread index fixed by the guard, lane (a variable) computed from it
// before. Not speculated (measured on the H100, 2026-11-26): 1 (ideal 1);
// 8 (ideal 8) had nvcc speculated it.
__global__ void threadIndexAndVariable(float *out) {
  __shared__ float s[64];
  const unsigned lane = threadIdx.x % 32u;
  if (threadIdx.x < 64u) s[threadIdx.x] = (float)lane;
  __syncthreads();
  float acc = (float)lane;
  if (threadIdx.x == 5u) acc += s[lane]; // @access load 4
  __syncthreads();
  out[threadIdx.x] = acc;
}

// Run 5, batch_003.cu:551: 0 by bit reasoning, in each of 3 iterations.
// Speculated: 24 (ideal 24).
__global__ void zeroByBits(float *out) {
  PROLOGUE
  for (int i = 0; i < 3; ++i) {
    if ((threadIdx.x % 2u == 1u) && (i ^ threadIdx.x >= 10u)) acc += s[(i & warp) & ((lane ^ tid) * 4u)]; // @access load 4
    __syncthreads();
  }
  out[tid] = acc + (float)warp;
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  guardVariable<<<1, dim3(64, 4, 1)>>>(out);
  variableComputedBefore<<<1, dim3(64, 4, 1)>>>(out);
  computedInTheBranch<<<1, dim3(64, 4, 1)>>>(out);
  guardOnLane<<<1, dim3(64, 4, 1)>>>(out);
  sameComputation<<<1, dim3(64, 4, 1)>>>(out);
  threadIndexAndVariable<<<1, dim3(256, 1, 1)>>>(out);
  zeroByBits<<<1, dim3(64, 4, 1)>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
