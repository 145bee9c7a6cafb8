// Two spellings of one element: column 36 of row t is column 4 of row t+1.
__global__ void k(const float *g, float *out) {
  __shared__ float s[2048];
  int t = threadIdx.x;
  s[t * 32 + 36] = g[t];
  __syncthreads();
  out[t] = s[(t + 1) * 32 + 4];
}
int main() { k<<<1, 32>>>(nullptr, nullptr); }
