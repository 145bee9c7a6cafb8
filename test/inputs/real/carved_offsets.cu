// Views carved into a buffer away from its start: a scan done in place one
// element in (`counts + 1`), so that the buffer holds the exclusive result;
// rows after a halo row a whole warp long (its load stays coalesced and
// aligned), read a row above the first (negative subscripts).
#include <cstdio>

#define BLOCK 256
#define HALO 32
#define ROWS 8

// A block-wide scan in place (up-sweep, then down-sweep) of N elements.
template <unsigned N> __device__ void scanInPlace(unsigned *list) {
  unsigned t = threadIdx.x;
  unsigned offset = 1;
  for (unsigned d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      unsigned ai = offset * (2 * t + 1) - 1;
      unsigned bi = offset * (2 * t + 2) - 1;
      list[bi] += list[ai];
    }
    offset <<= 1;
  }
  for (unsigned d = 2; d < N; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (t < d - 1) {
      unsigned ai = offset * (t + 1) - 1;
      unsigned bi = ai + (offset >> 1);
      list[bi] += list[ai];
    }
  }
}

// Compaction of the positive values: the flags are scanned in place one
// element into `counts`, so that counts[t] is the number of positive values
// before t (the exclusive scan) with counts[0] = 0.
__global__ void compactPositive(const float *in, float *out) {
  __shared__ unsigned counts[BLOCK + 1];
  unsigned *inclusive = counts + 1;
  unsigned t = threadIdx.x;
  float v = in[t] - 50.0f;
  inclusive[t] = v > 0.0f;
  if (t == 0)
    counts[0] = 0;
  scanInPlace<BLOCK>(inclusive);
  __syncthreads();
  out[t] = 0.0f;
  if (v > 0.0f)
    out[counts[t]] = v;
}

// Rows of 32 values after a halo row; thread t takes the difference of
// column t / ROWS between row t % ROWS and the row above it.
__global__ void rowDifferences(const float *in, float *out) {
  __shared__ float rows[HALO + ROWS * 32];
  float *body = rows + HALO;
  int t = threadIdx.x;
  if (t < HALO)
    rows[t] = in[ROWS * 32 + t];
  body[t] = in[t];
  __syncthreads();
  int r = t % ROWS, c = t / ROWS;
  out[t] = body[32 * r + c] - body[32 * r + c - 32];
}

int main() {
  const int n = BLOCK + HALO;
  float host[n], *in, *out;
  for (int i = 0; i < n; ++i)
    host[i] = float((i * 37) % 101);
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, BLOCK * sizeof(float));
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  double sum = 0;
  float result[BLOCK];
  compactPositive<<<1, BLOCK>>>(in, out);
  cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
  for (int i = 0; i < BLOCK; ++i)
    sum += result[i] * (i % 7 + 1);
  rowDifferences<<<1, ROWS * 32>>>(in, out);
  cudaMemcpy(result, out, ROWS * 32 * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < ROWS * 32; ++i)
    sum += result[i] * (i % 5 + 1);
  cudaError_t e = cudaDeviceSynchronize();
  printf("checksum %.1f: %s\n", sum, cudaGetErrorString(e));
  return e != cudaSuccess;
}
