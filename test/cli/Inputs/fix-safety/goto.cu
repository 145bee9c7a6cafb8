// A goto could jump past a variable declared before the store.
__device__ int row(int t) { return t * 32; }
__global__ void k(float *out, int mode) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  if (mode)
    goto done;
  s[row(t)] = 1.0f;
done:
  __syncthreads();
  out[t] = s[t];
}
int main() { k<<<1, 32>>>(nullptr, 0); }
