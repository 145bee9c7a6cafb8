// One access reached with two arrays through a helper, and one access of
// a template kernel with two instantiations: one warning per place.
__device__ void put(float (*t)[32], float v) {
  t[threadIdx.x][threadIdx.y] = v;
}

__global__ void left(float *out) {
  __shared__ float a[32][32];
  put(a, out[0]);
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.y][threadIdx.x];
}

__global__ void right(float *out) {
  __shared__ float b[32][32];
  put(b, out[1]);
  __syncthreads();
  out[threadIdx.x] = b[threadIdx.y][threadIdx.x];
}

template <int N> __global__ void column(float *out) {
  __shared__ float c[32][N];
  out[threadIdx.x] = c[threadIdx.x][0];
}

// A guard too long to quote: named by its terms.
__global__ void guarded(const float *in, float *out, int n, int m, int k) {
  __shared__ float g[32][32];
  if (in[threadIdx.x] > 0.0f && n * m + k * (n - m) > (m + 1) * (k - 1) + n / (m + 3))
    g[threadIdx.x][0] = 1.0f;
  out[threadIdx.x] = g[0][threadIdx.x];
}

void run(float *out, const float *in, int n, int m, int k) {
  left<<<1, dim3(32, 32)>>>(out);
  right<<<1, dim3(32, 32)>>>(out);
  column<32><<<1, 32>>>(out);
  column<8><<<1, 32>>>(out);
  guarded<<<1, 32>>>(in, out, n, m, k);
}
