// A depthwise causal convolution in the style of state-space model
// backends: each block loads a window of rows into a flat extern buffer
// with a walk that updates its row and column by division (the threads
// stride through the window, and leave the loop at different iterations
// through a break), then each thread convolves its own row over a chunk
// of tokens of known length. The row length n_cols is a named constant of
// the template arguments: 40 floats here. nvcc unrolls the token loop (as
// its pragma asks) and reads each row once, in 16-byte loads: rows of 160
// bytes put two threads of a quarter-warp on the same banks.
#include <cstdio>

template <int kThreads, int kWidth, int kChunk>
__global__ void convRows(const float *__restrict__ x,
                         const float *__restrict__ w, float *__restrict__ y,
                         int pitch) {
  const int tid = threadIdx.x;
  const int n_cols = kWidth - 1 + kChunk;
  extern __shared__ float window[];

  constexpr int cols = kWidth - 1 + kChunk;
  constexpr int total = kThreads * cols;
  int row = tid / cols;
  int col = tid % cols;
#pragma unroll
  for (int e = 0; e < total; e += kThreads) {
    if (row < kThreads)
      window[row * n_cols + col] = x[row * pitch + col];
    col += kThreads;
    row += col / cols;
    col = col % cols;
    if (e >= total - tid - kThreads)
      break;
  }
  __syncthreads();

  float taps[kWidth];
#pragma unroll
  for (int j = 0; j < kWidth; j++)
    taps[j] = w[tid * kWidth + j];

#pragma unroll
  for (int t = 0; t < kChunk; t++) {
    float acc = 0.0f;
#pragma unroll
    for (int j = 0; j < kWidth; j++)
      acc += window[tid * n_cols + t + j] * taps[j];
    y[t * pitch + tid] = acc;
  }
}

int main() {
  constexpr int threads = 128, width = 9, chunk = 32;
  const int pitch = 64;
  float *x, *w, *y;
  cudaMalloc(&x, threads * pitch * sizeof(float));
  cudaMalloc(&w, threads * width * sizeof(float));
  cudaMalloc(&y, chunk * pitch * sizeof(float));
  cudaMemset(x, 0, threads * pitch * sizeof(float));
  cudaMemset(w, 0, threads * width * sizeof(float));
  const size_t bytes = threads * (width - 1 + chunk) * sizeof(float);
  convRows<threads, width, chunk><<<1, threads, bytes>>>(x, w, y, pitch);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
