// A causal depthwise convolution over token sequences, in the style of
// state-space model backends: each block copies a window of rows into a
// flat extern buffer, then each thread convolves its own row over a chunk
// of tokens. The row length n_cols (width - 1 + chunk floats) depends on
// the filter width, a template argument the host picks at run time and
// passes to a generic lambda as a std::integral_constant. nvcc unrolls the
// token loop and reads each row once, in 16-byte loads: rows of 40 floats
// put two threads of a quarter-warp on the same banks, rows of 36 none, so
// no one padding suits both widths.
#include <cstdint>
#include <cstdio>
#include <type_traits>

template <int kThreads, int kWidth, int kChunk>
__global__ void convTokens(const float *__restrict__ x,
                           const float *__restrict__ w, float *__restrict__ y,
                           int pitch) {
  const int tid = threadIdx.x;
  const int64_t first = blockIdx.z * int64_t(kChunk);
  const int n_cols = kWidth - 1 + kChunk;
  extern __shared__ float rows[];

  constexpr int cols = kWidth - 1 + kChunk;
  for (int e = tid; e < kThreads * cols; e += kThreads)
    rows[e / cols * n_cols + e % cols] = x[e / cols * pitch + first + e % cols];
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
      acc += rows[tid * n_cols + t + j] * taps[j];
    y[(first + t) * pitch + tid] = acc;
  }
}

template <int kThreads>
void convolve(const float *x, const float *w, float *y, int pitch, int width,
              int64_t n_tokens) {
  auto launch = [&](auto W) {
    constexpr int kWidth = decltype(W)::value;
    constexpr int chunk = 32;
    const dim3 blocks(1, 1, (n_tokens + chunk - 1) / chunk);
    const size_t bytes = kThreads * (kWidth - 1 + chunk) * sizeof(float);
    convTokens<kThreads, kWidth, chunk>
        <<<blocks, kThreads, bytes>>>(x, w, y, pitch);
  };
  switch (width) {
  case 5:
    launch(std::integral_constant<int, 5>{});
    break;
  case 9:
    launch(std::integral_constant<int, 9>{});
    break;
  default:
    printf("width %d not supported\n", width);
  }
}

int main() {
  constexpr int threads = 128, tokens = 32;
  const int pitch = 128;
  float *x, *w, *y;
  cudaMalloc(&x, threads * pitch * sizeof(float));
  cudaMalloc(&w, threads * 9 * sizeof(float));
  cudaMalloc(&y, tokens * pitch * sizeof(float));
  float host[threads * 9];
  for (int i = 0; i < threads * 9; i++)
    host[i] = float(i % 7) - 3.0f;
  cudaMemcpy(w, host, sizeof(host), cudaMemcpyHostToDevice);
  for (int i = 0; i < threads * 9; i++)
    host[i] = float(i % 5);
  for (int r = 0; r < threads; r++)
    cudaMemcpy(x + r * pitch, host, pitch * sizeof(float),
               cudaMemcpyHostToDevice);
  double sum = 0;
  for (int width : {5, 9}) {
    convolve<threads>(x, w, y, pitch, width, tokens);
    float out[tokens * pitch];
    cudaMemcpy(out, y, sizeof(out), cudaMemcpyDeviceToHost);
    for (float v : out)
      sum += v;
  }
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s sum %.1f\n", cudaGetErrorString(e), sum);
  return e != cudaSuccess;
}
