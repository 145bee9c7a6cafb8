// bankfix-args: --block-dim=32
// Indices bankfix cannot evaluate: it says what blocks it (a remark) and
// never reports a conflict it cannot prove.
__device__ float readAt(const float *s, int i);

__global__ void unknownTerms(float *out, const int *perm, int n) {
  __shared__ float a[1024];
  // A kernel parameter multiplying the lane: stride unknown.
  a[threadIdx.x * n] = 1.0f;
  // Data read from memory.
  out[0] = a[perm[threadIdx.x]];
  // A loop variable, assigned more than once.
  for (int i = 0; i < 4; ++i)
    out[1 + i] = a[i * 32 + threadIdx.x];
  // Out of bounds for some lanes.
  out[5] = a[threadIdx.x * 64];
}
