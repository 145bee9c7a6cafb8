// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ggml_ssm_conv_driver.cu - ggml's ssm_conv launcher, timed ----------===//
//
// Drives ggml's depthwise causal convolution (src/ggml-cuda/ssm-conv.cu,
// included from the working directory: as fetched, or as bankfix rewrote
// it) on its long-token path with d_conv = 9: conv_x of 4 sequences of
// 2048 tokens and 4096 channels. Checks the result against the CPU and
// times the launcher (CUDA events, median of 50 calls).
//
//   ggml_ssm_conv_driver time   check, then time
//   ggml_ssm_conv_driver once   one call (for Nsight Compute)
//
//===----------------------------------------------------------------------===//

#include "ssm-conv.cu"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <vector>

// What the file's launcher and graph entry point refer to in the rest of
// ggml (ggml.c, ggml-cuda.cu), reduced to what a single-GPU run needs.
void ggml_abort(const char *file, int line, const char *fmt, ...) {
  va_list Args;
  va_start(Args, fmt);
  fprintf(stderr, "%s:%d: ", file, line);
  vfprintf(stderr, fmt, Args);
  va_end(Args);
  abort();
}
bool ggml_is_contiguous(const struct ggml_tensor *) { return true; }
int64_t ggml_nelements(const struct ggml_tensor *) { return 0; }
void ggml_cuda_error(const char *stmt, const char *func, const char *file,
                     int line, const char *msg) {
  fprintf(stderr, "CUDA error %s in %s at %s:%d: %s\n", msg, func, file, line,
          stmt);
  abort();
}
int ggml_cuda_get_device() {
  int Id = 0;
  cudaGetDevice(&Id);
  return Id;
}
void ggml_cuda_set_device(int Device) { cudaSetDevice(Device); }

namespace {

constexpr int DConv = 9, Channels = 4096, Tokens = 2048, Sequences = 4;
constexpr int Width = DConv - 1 + Tokens; // conv_x's row: past and present

void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(E));
    exit(1);
  }
}

} // namespace

int main(int argc, char **argv) {
  bool Once = argc > 1 && !strcmp(argv[1], "once");
  size_t XCount = size_t(Width) * Channels * Sequences;
  size_t WCount = size_t(DConv) * Channels;
  size_t YCount = size_t(Channels) * Tokens * Sequences;
  std::vector<float> X(XCount), W(WCount), Y(YCount);
  for (size_t I = 0; I < XCount; ++I)
    X[I] = float(int(I * 2654435761u % 2001) - 1000) / 1000.0f;
  for (size_t I = 0; I < WCount; ++I)
    W[I] = float(int(I * 40503u % 201) - 100) / 100.0f;
  float *DX, *DW, *DY;
  check(cudaMalloc(&DX, XCount * sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&DW, WCount * sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&DY, YCount * sizeof(float)), "cudaMalloc");
  check(cudaMemcpy(DX, X.data(), XCount * sizeof(float),
                   cudaMemcpyHostToDevice),
        "cudaMemcpy");
  check(cudaMemcpy(DW, W.data(), WCount * sizeof(float),
                   cudaMemcpyHostToDevice),
        "cudaMemcpy");
  // ggml's strides in bytes: conv_x [Width, Channels, Sequences], the
  // weights [DConv, Channels], the result [Channels, Tokens, Sequences].
  const int XNb0 = sizeof(float), XNb1 = Width * XNb0, XNb2 = Channels * XNb1;
  const int WNb1 = DConv * sizeof(float);
  const int YNb0 = sizeof(float), YNb1 = Channels * YNb0,
            YNb2 = Tokens * YNb1;
  cudaStream_t Stream;
  check(cudaStreamCreate(&Stream), "cudaStreamCreate");
  auto Call = [&] {
    ssm_conv_f32_cuda<false>(DX, DW, nullptr, XNb0, XNb1, XNb2, WNb1, DY,
                             YNb0, YNb1, YNb2, DConv, Channels, Tokens,
                             Sequences, Stream);
  };
  Call();
  check(cudaStreamSynchronize(Stream), "the kernel");
  if (Once)
    return 0;
  check(cudaMemcpy(Y.data(), DY, YCount * sizeof(float),
                   cudaMemcpyDeviceToHost),
        "cudaMemcpy");
  double MaxError = 0;
  for (int S = 0; S < Sequences; ++S)
    for (int T = 0; T < Tokens; ++T)
      for (int C = 0; C < Channels; ++C) {
        double Sum = 0;
        for (int J = 0; J < DConv; ++J)
          Sum += double(X[(size_t(S) * Channels + C) * Width + T + J]) *
                 W[size_t(C) * DConv + J];
        double Got = Y[(size_t(S) * Tokens + T) * Channels + C];
        MaxError = std::max(MaxError, std::fabs(Got - Sum));
      }
  printf("max abs error against the CPU: %.3g (%s)\n", MaxError,
         MaxError < 1e-3 ? "match" : "MISMATCH");
  cudaEvent_t Start, Stop;
  cudaEventCreate(&Start);
  cudaEventCreate(&Stop);
  std::vector<float> Times;
  for (int R = 0; R < 50; ++R) {
    cudaEventRecord(Start, Stream);
    Call();
    cudaEventRecord(Stop, Stream);
    check(cudaEventSynchronize(Stop), "the kernel");
    float Ms;
    cudaEventElapsedTime(&Ms, Start, Stop);
    Times.push_back(Ms);
  }
  std::sort(Times.begin(), Times.end());
  printf("ssm_conv d_conv=%d, %d sequences x %d tokens x %d channels: "
         "median %.4f ms, min %.4f ms over 50 calls\n",
         DConv, Sequences, Tokens, Channels, Times[25], Times[0]);
  return MaxError < 1e-3 ? 0 : 1;
}
