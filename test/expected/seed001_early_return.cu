// Seed 001 written with an early return instead of if/else: the same
// 8-way conflict, 56 excess wavefronts per block. The block shape comes
// from the launch.
__global__ void bank_conflict_test(float *a, float *b, float *c, int N) {
  __shared__ float shared_data[264];
  int tid = threadIdx.x;

  shared_data[tid + tid / 32] = b[tid];
  __syncthreads();

  int conflict_idx = (tid % 32) * 32 + (tid / 32);
  if (conflict_idx >= 256) {
    a[tid] = b[tid] + c[tid];
    return;
  }
  a[tid] = shared_data[conflict_idx + conflict_idx / 32] + c[tid];
}

int main() {
  float *a, *b, *c;
  cudaMalloc(&a, 256 * sizeof(float));
  cudaMalloc(&b, 256 * sizeof(float));
  cudaMalloc(&c, 256 * sizeof(float));
  bank_conflict_test<<<1, 256>>>(a, b, c, 256);
  cudaDeviceSynchronize();
  return 0;
}
