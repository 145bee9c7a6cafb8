// bankfix-args: --block-dim=256
// Seed 001: the guarded transposed index reads shared_data[(tid % 32) * 32 +
// tid / 32] where it is < 256: 8 active lanes per warp, all in one bank:
// 8-way, 64 wavefronts per block where 8 are ideal (56 excess, as the seed
// measured with ncu).
__global__ void bank_conflict_test(float *a, float *b, float *c, int N) {
  __shared__ float shared_data[264];
  int tid = threadIdx.x;

  shared_data[tid + tid / 32] = b[tid];
  __syncthreads();

  int conflict_idx = (tid % 32) * 32 + (tid / 32);
  if (conflict_idx < 256) {
    a[tid] = shared_data[conflict_idx + conflict_idx / 32] + c[tid];
  } else {
    a[tid] = b[tid] + c[tid];
  }
}
// bankfix-explain: --explain
// bankfix-explain: --explain=seed001_bank_conflict_test.cu:15 --warp=7
