// bankfix-args: --block-dim=256
// Seed 001, fixed: conflict_idx = tid, no conflict.
__global__ void bank_conflict_test(float *a, float *b, float *c, int N) {
  __shared__ float shared_data[256];
  int tid = threadIdx.x;

  shared_data[tid] = b[tid];
  __syncthreads();

  int conflict_idx = tid;
  if (conflict_idx < 256) {
    a[tid] = shared_data[conflict_idx] + c[tid];
  } else {
    a[tid] = b[tid] + c[tid];
  }
}
