// A view that starts per thread, read at a negative subscript: its start is
// padded on its own, and `i / W` rounds a negative i towards zero.
__global__ void perThread(const float *in, float *out) {
  __shared__ float rows[9 * 1024];
  int t = threadIdx.x;
  float *mine = rows + 1024 * (t % 8 + 1);
  rows[t] = in[t];
  __syncthreads();
  out[t] = mine[t / 8 - 32];
}

void launch(const float *a, float *b) { perThread<<<1, 256>>>(a, b); }
