// harness.cuh - Runs one before/after kernel pair on the GPU.
//
// A case file includes the input kernel in namespace `before` and the
// kernel bankfix rewrote in namespace `after`, then defines makeCase().
// The harness fills the input with random values, runs both variants on the
// same input, checks that their outputs are byte-identical and equal to a
// host reference, and times each variant and a device-to-device cudaMemcpy
// of the same bytes (the bandwidth ceiling) with CUDA events.
//
//   case             timing run: one JSON line on stdout
//   case --profile   one launch of each variant at the small size, for ncu
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,       \
                   cudaGetErrorString(err_));                                  \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

struct Problem {
  size_t InBytes = 0;  // input buffer
  size_t OutBytes = 0; // output buffer
  // Bytes one launch reads and writes in global memory; 0 when the kernel
  // is not a streaming copy (then no GB/s is reported).
  size_t MovedBytes = 0;
};

struct Case {
  const char *Name;
  const char *Kernel; // the kernel that bankfix rewrote
  // Problem size for the timing run (Profile == false) or the ncu run.
  std::function<Problem(bool Profile)> Size;
  // Fills the host input (InBytes) with values of the kernel's type.
  std::function<void(void *In, size_t Bytes, std::mt19937 &Rng)> Fill;
  // Host reference: output from input.
  std::function<void(const void *In, void *Out, bool Profile)> Reference;
  // Set only where the "after" kernel computes something else (seed 001's
  // own fix): the before variant's reference. Empty: both variants must give
  // byte-identical output equal to Reference.
  std::function<void(const void *In, void *Out, bool Profile)> ReferenceBefore;
  // Launches a variant on device buffers.
  std::function<void(void *Out, const void *In, bool Profile)> Before, After;
};

Case makeCase();

template <typename T>
inline void fillRandom(void *In, size_t Bytes, std::mt19937 &Rng) {
  std::uniform_int_distribution<int> Dist(-1000000, 1000000);
  T *P = static_cast<T *>(In);
  for (size_t I = 0; I < Bytes / sizeof(T); ++I)
    P[I] = static_cast<T>(Dist(Rng)) / static_cast<T>(1024);
}

template <typename T>
inline void transposeReference(const void *In, void *Out, size_t Width) {
  const T *A = static_cast<const T *>(In);
  T *B = static_cast<T *>(Out);
  for (size_t R = 0; R < Width; ++R)
    for (size_t C = 0; C < Width; ++C)
      B[C * Width + R] = A[R * Width + C];
}

inline size_t transposeWidth(bool Profile) { return Profile ? 512 : 8192; }

// A square transpose of T, each variant launched through its file's own
// launch(out, in, width): 8192 wide when timed, 512 when profiled.
template <typename T, void (*BeforeLaunch)(T *, const T *, int),
          void (*AfterLaunch)(T *, const T *, int)>
Case transposeCase(const char *Name, const char *Kernel) {
  Case C;
  C.Name = Name;
  C.Kernel = Kernel;
  C.Size = [](bool Profile) {
    Problem P;
    size_t Width = transposeWidth(Profile);
    P.InBytes = P.OutBytes = Width * Width * sizeof(T);
    P.MovedBytes = 2 * P.InBytes;
    return P;
  };
  C.Fill = fillRandom<T>;
  C.Reference = [](const void *In, void *Out, bool Profile) {
    transposeReference<T>(In, Out, transposeWidth(Profile));
  };
  C.Before = [](void *Out, const void *In, bool Profile) {
    BeforeLaunch(static_cast<T *>(Out), static_cast<const T *>(In),
                 int(transposeWidth(Profile)));
  };
  C.After = [](void *Out, const void *In, bool Profile) {
    AfterLaunch(static_cast<T *>(Out), static_cast<const T *>(In),
                int(transposeWidth(Profile)));
  };
  return C;
}

// Median milliseconds of one launch: Samples timed batches of Batch
// launches each, after warm-up.
inline double medianMs(const std::function<void()> &Launch, int Samples = 60,
                       int Batch = 20) {
  cudaEvent_t Start, Stop;
  CHECK_CUDA(cudaEventCreate(&Start));
  CHECK_CUDA(cudaEventCreate(&Stop));
  for (int I = 0; I < 10; ++I)
    Launch();
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> Ms;
  for (int S = 0; S < Samples; ++S) {
    CHECK_CUDA(cudaEventRecord(Start));
    for (int I = 0; I < Batch; ++I)
      Launch();
    CHECK_CUDA(cudaEventRecord(Stop));
    CHECK_CUDA(cudaEventSynchronize(Stop));
    float T = 0;
    CHECK_CUDA(cudaEventElapsedTime(&T, Start, Stop));
    Ms.push_back(T / Batch);
  }
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaEventDestroy(Start));
  CHECK_CUDA(cudaEventDestroy(Stop));
  std::sort(Ms.begin(), Ms.end());
  return (Ms[Ms.size() / 2] + Ms[(Ms.size() - 1) / 2]) / 2;
}

int main(int argc, char **argv) {
  bool Profile = argc > 1 && std::strcmp(argv[1], "--profile") == 0;
  Case C = makeCase();
  Problem P = C.Size(Profile);

  std::mt19937 Rng(20261123);
  std::vector<unsigned char> In(P.InBytes), Expected(P.OutBytes),
      OutBefore(P.OutBytes), OutAfter(P.OutBytes);
  C.Fill(In.data(), In.size(), Rng);
  C.Reference(In.data(), Expected.data(), Profile);

  void *DIn, *DOut, *DCopy;
  CHECK_CUDA(cudaMalloc(&DIn, P.InBytes));
  CHECK_CUDA(cudaMalloc(&DOut, P.OutBytes));
  CHECK_CUDA(cudaMalloc(&DCopy, P.InBytes));
  CHECK_CUDA(cudaMemcpy(DIn, In.data(), P.InBytes, cudaMemcpyHostToDevice));

  auto RunOnce = [&](const std::function<void(void *, const void *, bool)> &V,
                     std::vector<unsigned char> &Out) {
    CHECK_CUDA(cudaMemset(DOut, 0xff, P.OutBytes));
    V(DOut, DIn, Profile);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(
        cudaMemcpy(Out.data(), DOut, P.OutBytes, cudaMemcpyDeviceToHost));
  };
  RunOnce(C.Before, OutBefore);
  RunOnce(C.After, OutAfter);
  bool SameResult = !C.ReferenceBefore;
  bool Identical = !SameResult || OutBefore == OutAfter;
  bool Correct = OutAfter == Expected;
  if (!SameResult) {
    std::vector<unsigned char> ExpectedBefore(P.OutBytes);
    C.ReferenceBefore(In.data(), ExpectedBefore.data(), Profile);
    Correct = Correct && OutBefore == ExpectedBefore;
  }
  if (Profile) {
    std::printf("%s: profiled one launch of each variant\n", C.Name);
    return Identical && Correct ? 0 : 1;
  }

  double Before = medianMs([&] { C.Before(DOut, DIn, false); });
  double After = medianMs([&] { C.After(DOut, DIn, false); });
  double Copy = medianMs([&] {
    CHECK_CUDA(
        cudaMemcpyAsync(DCopy, DIn, P.InBytes, cudaMemcpyDeviceToDevice));
  });
  // GB/s counts bytes read plus bytes written, for kernels and the copy.
  auto GBs = [](size_t Bytes, double Ms) { return Bytes / (Ms * 1e6); };
  std::printf("{\"case\": \"%s\", \"kernel\": \"%s\", \"identical\": %s, "
              "\"sameResult\": %s, \"correct\": %s, \"bytes\": %zu, "
              "\"beforeMs\": %.6f, "
              "\"afterMs\": %.6f, \"copyMs\": %.6f, \"copyBytes\": %zu, "
              "\"beforeGBs\": %.1f, \"afterGBs\": %.1f, \"copyGBs\": %.1f}\n",
              C.Name, C.Kernel, Identical ? "true" : "false",
              SameResult ? "true" : "false", Correct ? "true" : "false",
              P.MovedBytes, Before, After, Copy, 2 * P.InBytes,
              P.MovedBytes ? GBs(P.MovedBytes, Before) : 0.0,
              P.MovedBytes ? GBs(P.MovedBytes, After) : 0.0,
              GBs(2 * P.InBytes, Copy));
  CHECK_CUDA(cudaFree(DIn));
  CHECK_CUDA(cudaFree(DOut));
  CHECK_CUDA(cudaFree(DCopy));
  return Identical && Correct ? 0 : 1;
}
