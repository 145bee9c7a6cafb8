// bankfix-args: --block-dim=32
// Values bankfix does not know: judged at their worst value when that is
// all that is missing, otherwise a remark says what blocks it.
__device__ float readAt(const float *s, int i);

__global__ void unknownTerms(float *out, const int *perm, int n) {
  __shared__ float a[1024];
  // A kernel parameter multiplying the lane: n = 32 is the worst case.
  a[threadIdx.x * n] = 1.0f;
  // Data read from memory.
  out[0] = a[perm[threadIdx.x]];
  // A loop whose variable starts at the lane index and whose bound is a
  // parameter: judged over its iterations, every lane taken as running.
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[1 + i] = a[i * 33];
  // Out of bounds for some lanes.
  out[5] = a[threadIdx.x * 64];
}
