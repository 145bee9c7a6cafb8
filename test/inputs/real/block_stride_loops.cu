// Loading loops whose trip count is known only at run time, as PyTorch
// extensions and CUTLASS-style tile loaders write them: the block's threads
// stride through a buffer (`for (i = threadIdx.x; i < n; i += blockDim.x)`,
// or down from the end), where n is a kernel argument the host computes at
// run time. Each iteration is conflict-free; the reads after the barrier
// walk the buffer by columns (32-way) and are what a padding fix must mend
// without breaking the loading loops. The host runs each loop once per
// thread (n equals the block's threads) so that Nsight Compute's per-line
// totals count one iteration, as bankfix does for a loop it judges over
// every iteration at once.
#include <cstdio>
#include <cstdlib>

// A flat buffer of n floats, filled front to back, read as a 32x32
// transpose by a block of 1024 threads.
__global__ void transposeFlat(const float *__restrict__ in,
                              float *__restrict__ out, int n) {
  extern __shared__ float buf[];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    buf[i] = in[i];
  __syncthreads();
  out[threadIdx.x] = buf[(threadIdx.x % 32) * 32 + threadIdx.x / 32];
}

// The same buffer filled back to front.
__global__ void transposeFlatReversed(const float *__restrict__ in,
                                      float *__restrict__ out, int n) {
  extern __shared__ float buf[];
  for (int i = n - 1 - (int)threadIdx.x; i >= 0; i -= blockDim.x)
    buf[i] = in[i];
  __syncthreads();
  out[threadIdx.x] = buf[(threadIdx.x % 32) * 32 + threadIdx.x / 32];
}

// A 32-column tile of `rows` rows filled by a flat walk of the block's
// threads, read by columns.
__global__ void tileColumns(const float *__restrict__ in,
                            float *__restrict__ out, int rows) {
  __shared__ float tile[32][32];
  for (int i = threadIdx.x; i < rows * 32; i += blockDim.x)
    tile[i / 32][i % 32] = in[i];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x % 32][threadIdx.x / 32];
}

int main(int argc, char **argv) {
  // The sizes arrive at run time, as a framework's tensor shapes do.
  const int n = argc > 1 ? atoi(argv[1]) : 1024;
  const int rows = argc > 2 ? atoi(argv[2]) : 8;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemset(in, 0, n * sizeof(float));
  transposeFlat<<<1, 1024, n * sizeof(float)>>>(in, out, n);
  transposeFlatReversed<<<1, 1024, n * sizeof(float)>>>(in, out, n);
  tileColumns<<<1, 256>>>(in, out, rows);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
