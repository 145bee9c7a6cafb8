// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PipelineTest.cpp - From parsed CUDA to judged accesses -------------===//
//
// The whole pipeline on CUDA written inline: the block shape from the
// launch, the numbers of docs/bank-model.md's rows, nvcc's merges, and the
// fix chosen for a conflicting tile.
//
//===----------------------------------------------------------------------===//

#include "ParsedCuda.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

TEST(Pipeline, TransposeTileTakesItsShapeFromTheLaunch) {
  AnalysedCuda A = analyseCuda(R"(
__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
void launch(float *o, const float *i) {
  transpose<<<1, dim3(32, 8)>>>(o, i);
}
)");
  ASSERT_TRUE(A.AST);
  const FoundAccess *Store = A.at(4, AccessKind::Store);
  ASSERT_TRUE(Store);
  size_t I = A.indexOf(Store);
  ASSERT_EQ(A.Result.Choices[I].size(), 1u);
  EXPECT_EQ(A.Result.Choices[I][0].Shape.Dim,
            (std::array<unsigned, 3>{32, 8, 1}));
  // docs/bank-model.md: float t[32][32]; t[tx][ty], block 32x8: 32.
  const AccessSummary &S = A.summary(Store);
  ASSERT_TRUE(S.judged());
  EXPECT_EQ(S.worst().worst().Wavefronts, 32u);
  EXPECT_EQ(S.BlockWavefronts, 8u * 32u);
  // The row read is conflict-free.
  const AccessSummary &L = A.summary(A.at(6));
  EXPECT_EQ(L.worst().worst().Wavefronts, 1u);
  // The fix pads the rows to 33.
  const ArrayFix *Fix = A.Result.fixOf(Store->Array);
  ASSERT_TRUE(Fix);
  EXPECT_TRUE(Fix->fixes());
  EXPECT_EQ(Fix->Plan.Pad, 1u);
  EXPECT_EQ(Fix->Change, "pad it to float[32][33]");
}

TEST(Pipeline, MergesAFloatPairReadThroughALocal) {
  AnalysedCuda A = analyseCuda(R"(
__global__ void pairs(const float *in, float *out) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  float a = s[2 * t];
  float b = s[2 * t + 1];
  out[t] = a * b;
}
void launch(const float *i, float *o) { pairs<<<1, 32>>>(i, o); }
)");
  ASSERT_TRUE(A.AST);
  const FoundAccess *First = A.at(7), *Second = A.at(8);
  ASSERT_TRUE(First && Second);
  // docs/bank-model.md: one LDS.64, 2 wavefronts per warp, ideal 2.
  EXPECT_EQ(First->Instances[0].Desc.Width, 8u);
  EXPECT_TRUE(Second->Instances[0].MergedAway);
  const WarpAccessResult &W = A.summary(First).worst().worst();
  EXPECT_EQ(W.Wavefronts, 2u);
  EXPECT_EQ(W.Ideal, 2u);
  EXPECT_FALSE(W.hasConflict());
}

TEST(Pipeline, AVectorPassedByValueIsLoadedAsTheComponentsUsed) {
  AnalysedCuda A = analyseCuda(R"(
__device__ float vsum(float4 w) { return w.x + w.w; }
__global__ void k(float *out) {
  __shared__ float4 s[64];
  s[threadIdx.x] = make_float4(1.f, 2.f, 3.f, 4.f);
  __syncthreads();
  out[threadIdx.x] = vsum(s[threadIdx.x]);
}
void launch(float *o) { k<<<1, 64>>>(o); }
)");
  ASSERT_TRUE(A.AST);
  // Measured: nvcc inlines vsum and loads .x and .w with two 4-byte LDS,
  // not one LDS.128; bankfix does not judge it as one 16-byte load.
  const FoundAccess *Load = A.at(7);
  ASSERT_TRUE(Load);
  EXPECT_NE(Load->Unsupported.find("two separate accesses"), std::string::npos);
  EXPECT_TRUE(A.summary(A.at(5, AccessKind::Store)).judged());
}

TEST(Pipeline, AnAssumedShapeSaysWhetherItMatters) {
  AnalysedCuda A = analyseCuda(R"(
__global__ void k(float *out) {
  __shared__ float s[32][32];
  out[threadIdx.x] = s[threadIdx.x][threadIdx.y];
  out[threadIdx.y] = s[0][blockDim.x - 1 - threadIdx.x];
}
)");
  ASSERT_TRUE(A.AST);
  // The column read is 32-way in every warp of every block 32 wide (wider
  // ones leave the array): the assumed 32x32 does not matter.
  size_t I = A.indexOf(A.at(4));
  ASSERT_EQ(A.Result.Choices[I].size(), 1u);
  EXPECT_EQ(A.Result.Choices[I][0].Shape.Dim,
            (std::array<unsigned, 3>{32, 32, 1}));
  EXPECT_EQ(A.Result.Choices[I][0].Source, ShapeSource::AnyBlock);
  EXPECT_NE(A.Result.Choices[I][0].Origin.find("for any block with x = 32"),
            std::string::npos);
  ASSERT_EQ(A.Result.Summaries[I].size(), 1u);
  EXPECT_EQ(A.Result.Summaries[I][0].worst().worst().Wavefronts, 32u);
  // An index that reads blockDim keeps the assumption, and says why.
  size_t J = A.indexOf(A.at(5));
  ASSERT_EQ(A.Result.Choices[J].size(), 1u);
  EXPECT_EQ(A.Result.Choices[J][0].Source, ShapeSource::Assumed);
  EXPECT_NE(A.Result.Choices[J][0].Origin.find("it reads blockDim"),
            std::string::npos);
}

TEST(Pipeline, ALaunchThroughAWrapperGivesEachCallItsShape) {
  AnalysedCuda A = analyseCuda(R"(
struct Launch {
  dim3 block;
  Launch(dim3 b) : block(b) {}
};
template <typename K> void go(K kernel, const Launch &l, float *o) {
  kernel<<<1, l.block>>>(o);
}
__global__ void a(float *o) {
  __shared__ float s[32][32];
  o[0] = s[threadIdx.x][threadIdx.y];
}
__global__ void b(float *o) {
  __shared__ float s[32][32];
  o[0] = s[threadIdx.x][threadIdx.y];
}
void run(float *o) {
  go(a, Launch(dim3(32, 4)), o);
  go(b, Launch(dim3(8, 8)), o);
}
)");
  ASSERT_TRUE(A.AST);
  size_t I = A.indexOf(A.at(11));
  ASSERT_EQ(A.Result.Choices[I].size(), 1u);
  EXPECT_EQ(A.Result.Choices[I][0].Shape.Dim,
            (std::array<unsigned, 3>{32, 4, 1}));
  EXPECT_EQ(A.Result.Choices[I][0].Source, ShapeSource::Launch);
  EXPECT_NE(A.Result.Choices[I][0].Origin.find("through 'go'"),
            std::string::npos);
  size_t J = A.indexOf(A.at(15));
  ASSERT_EQ(A.Result.Choices[J].size(), 1u);
  EXPECT_EQ(A.Result.Choices[J][0].Shape.Dim,
            (std::array<unsigned, 3>{8, 8, 1}));
}

TEST(Pipeline, AnEndlessLoopIsCountedByItsExit) {
  AnalysedCuda A = analyseCuda(R"(
__global__ void passes(int *out, int end) {
  __shared__ int s[128];
  int bit = 0;
  while (true) {
    s[threadIdx.x] = bit;
    bit += 4;
    if (bit >= end)
      break;
    __syncthreads();
  }
  out[threadIdx.x] = s[threadIdx.x];
}
void launch(int *o) { passes<<<1, 128>>>(o, 32); }
)");
  ASSERT_TRUE(A.AST);
  // CUB's radix passes: eight iterations (bit = 0, 4, ..., 28) of 4 warps.
  const AccessSummary &S = A.summary(A.at(6, AccessKind::Store));
  ASSERT_TRUE(S.judged());
  EXPECT_EQ(S.BlockWavefronts, 8u * 4u);
}

TEST(Pipeline, AccessesUnderAConstantConditionMerge) {
  AnalysedCuda A = analyseCuda(R"(
template <bool Full> __global__ void pairs(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  int a = 0, b = 0;
  if (Full)
    a = s[2 * threadIdx.x];
  if (Full || threadIdx.x < 4)
    b = s[2 * threadIdx.x + 1];
  out[threadIdx.x] = a + b;
}
void launch(int *o) { pairs<true><<<1, 32>>>(o); }
)");
  ASSERT_TRUE(A.AST);
  // nvcc folds both conditions: no branch, one LDS.64.
  const FoundAccess *First = A.at(8), *Second = A.at(10);
  ASSERT_TRUE(First && Second);
  EXPECT_EQ(First->Instances[0].Desc.Width, 8u);
  EXPECT_TRUE(Second->Instances[0].MergedAway);
}

TEST(Pipeline, ALoadAfterAShuffleReusesTheValue) {
  AnalysedCuda A = analyseCuda(R"(
__device__ int __shfl_xor_sync(unsigned mask, int v, int lane, int w = 32);
__device__ int opaque(int v);
__global__ void k(int *out) {
  __shared__ int s[128];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  int a = s[threadIdx.x * 4 % 128];
  int v = __shfl_xor_sync(0xffffffffu, a, 1);
  int b = s[threadIdx.x * 4 % 128];
  int w = opaque(b);
  int c = s[threadIdx.x * 4 % 128];
  out[threadIdx.x] = a + b + c + v + w;
}
void launch(int *o) { k<<<1, 32>>>(o); }
)");
  ASSERT_TRUE(A.AST);
  // A shuffle writes no memory: nvcc keeps the value loaded before it. A
  // call whose code is not seen may write: the load after it is made.
  const FoundAccess *Again = A.at(10), *AfterCall = A.at(12);
  ASSERT_TRUE(Again && AfterCall);
  EXPECT_TRUE(Again->Instances[0].MergedAway);
  EXPECT_FALSE(AfterCall->Instances[0].MergedAway);
}

} // namespace
