// An attention-score step as small training codebases write their kernel
// experiments: the host picks the kernel by number, the head size is the
// model's width over its heads (d = C / NH) passed down two calls, the
// launch's byte count is computed at run time and raised with
// cudaFuncSetAttribute, and a timing helper calls the dispatcher through a
// pointer with its arguments forwarded by reference. The query, key and
// score tiles are carved from one extern buffer by address (&smem[k]).
// With d = 64 every thread's row of q_tile and k_tile starts on bank 0
// (32-way), and so does its row of 32 scores.
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

__global__ void tile_scores_kernel(const float *Q, const float *K, float *out,
                                   int d, int Bc) {
  extern __shared__ float smem[];
  int tid = threadIdx.x;
  int tile = Bc * d;
  float *q_tile = &smem[0];
  float *k_tile = &smem[tile + tile / 64];
  float *scores = &smem[2 * tile + 2 * tile / 64];

  for (int x = 0; x < d; x++) {
    q_tile[tid * d + x + (tid * d + x) / 64] = Q[tid * d + x];
    k_tile[tid * d + x + (tid * d + x) / 64] = K[tid * d + x];
  }
  __syncthreads();

  for (int y = 0; y < Bc; y++) {
    float acc = 0.0f;
    for (int x = 0; x < d; x++)
      acc += q_tile[tid * d + x + (tid * d + x) / 64] * k_tile[y * d + x + (y * d + x) / 64];
    scores[tid * Bc + y + (tid * Bc + y) / 64] = acc;
  }
  __syncthreads();

  float best = -1e30f;
  for (int y = 0; y < Bc; y++)
    best = fmaxf(best, scores[tid * Bc + y + (tid * Bc + y) / 64]);
  out[tid] = best;
}

void scores_forward(float *out, const float *q, const float *k, int C, int NH) {
  const int Bc = 32;
  int d = C / NH;
  int smem_bytes = (2 * Bc * d + Bc * Bc) * sizeof(float);
  cudaFuncSetAttribute(tile_scores_kernel,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes + smem_bytes / (64 * sizeof(float)) * sizeof(float));
  tile_scores_kernel<<<1, Bc, smem_bytes + smem_bytes / (64 * sizeof(float)) * sizeof(float)>>>(q, k, out, d, Bc);
}

void forward(int kernel_num, float *out, const float *q, const float *k, int C,
             int NH) {
  switch (kernel_num) {
  case 1:
    scores_forward(out, q, k, C, NH);
    break;
  default:
    printf("no kernel %d\n", kernel_num);
    exit(1);
  }
}

template <class Fn, class... Args>
float time_kernel(int repeats, Fn fn, Args &&...args) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  for (int i = 0; i < repeats; i++)
    fn(std::forward<Args>(args)...);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  float ms = 0.0f;
  cudaEventElapsedTime(&ms, start, stop);
  return repeats ? ms / repeats : 0.0f;
}

int main(int argc, char **argv) {
  int C = 256;
  int NH = 4;
  int d = C / NH;
  int kernel_num = argc > 1 ? atoi(argv[1]) : 1;
  int repeats = argc > 2 ? atoi(argv[2]) : 0;

  std::vector<float> host(32 * d);
  for (size_t i = 0; i < host.size(); i++)
    host[i] = float((i * 7) % 13) / 13.0f;
  float *q, *k, *out;
  cudaMalloc(&q, host.size() * sizeof(float));
  cudaMalloc(&k, host.size() * sizeof(float));
  cudaMalloc(&out, 32 * sizeof(float));
  cudaMemcpy(q, host.data(), host.size() * sizeof(float),
             cudaMemcpyHostToDevice);
  cudaMemcpy(k, host.data(), host.size() * sizeof(float),
             cudaMemcpyHostToDevice);

  forward(kernel_num, out, q, k, C, NH);
  float ms = time_kernel(repeats, forward, kernel_num, out, q, k, C, NH);

  std::vector<float> result(32);
  cudaMemcpy(result.data(), out, 32 * sizeof(float), cudaMemcpyDeviceToHost);
  double sum = 0;
  for (float r : result)
    sum += r;
  cudaError_t e = cudaGetLastError();
  printf("checksum %.6f (%s)", sum, cudaGetErrorString(e));
  if (repeats)
    printf(", %.4f ms per call", ms);
  printf("\n");
  return e != cudaSuccess;
}
