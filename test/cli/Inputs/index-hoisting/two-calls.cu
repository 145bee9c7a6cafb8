__device__ unsigned slotOf(unsigned t) { return t * 32; }

__global__ void partials(const float *in, float *out) {
  __shared__ float sums[32 * 32];
  float v = in[threadIdx.x];
  for (int i = threadIdx.x; i < 32 * 32; i += blockDim.x)
    sums[i] = 0.0f;
  __syncthreads();
  if (threadIdx.x < 32) {
    sums[slotOf(threadIdx.x)] = sums[slotOf(threadIdx.x) + 1] + v;
  }
  __syncthreads();
  out[threadIdx.x] = sums[threadIdx.x];
}

int main() { partials<<<1, 256>>>(nullptr, nullptr); }
