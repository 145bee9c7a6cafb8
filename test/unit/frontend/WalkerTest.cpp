// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WalkerTest.cpp - What the walk finds in a device function ----------===//
//
// The walker on CUDA written inline: each shared access with its kind,
// width, executions and straight-line region, as the pipeline's later
// steps rely on them.
//
//===----------------------------------------------------------------------===//

#include "ParsedCuda.h"

#include "core/expr/LaneEvaluator.h"
#include "frontend/analysis/SharedAccessFinder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

SharedAccesses walk(const std::string &Code,
                    std::unique_ptr<clang::ASTUnit> &AST) {
  AST = parseCuda(Code);
  if (!AST)
    return {};
  return findSharedAccesses(AST->getASTContext(), [](const auto &) {
    return FunctionShapes{{BlockShape{{32, 1, 1}}}, 1};
  });
}

/// The accesses of the array named \p Name.
std::vector<const FoundAccess *> accessesOf(const SharedAccesses &Found,
                                            const std::string &Name) {
  std::vector<const FoundAccess *> Out;
  for (const FoundAccess &A : Found.Accesses)
    if (A.Array->Layout.Name == Name)
      Out.push_back(&A);
  return Out;
}

TEST(Walker, FindsEveryLoadAndStoreInSourceOrder) {
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x + 1] + s[2 * threadIdx.x];
}
)",
                              AST);
  ASSERT_EQ(Found.Accesses.size(), 3u);
  EXPECT_EQ(Found.Accesses[0].Kind, AccessKind::Store);
  EXPECT_EQ(Found.Accesses[1].Kind, AccessKind::Load);
  EXPECT_EQ(Found.Accesses[2].Kind, AccessKind::Load);
  for (const FoundAccess &A : Found.Accesses) {
    ASSERT_EQ(A.Instances.size(), 1u);
    EXPECT_EQ(A.Instances.front().Desc.Width, 4u);
    EXPECT_EQ(A.Array->Layout.Dims, std::vector<uint64_t>{64});
  }
  // The barrier ends the store's straight line; the two loads share one.
  EXPECT_NE(Found.Accesses[0].Instances[0].Region,
            Found.Accesses[1].Instances[0].Region);
  EXPECT_LT(Found.Accesses[1].Instances[0].Sequence,
            Found.Accesses[2].Instances[0].Sequence);
}

TEST(Walker, UnrollsAShortConstantLoop) {
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(float *out) {
  __shared__ float t[32][33];
  float sum = 0;
  for (int j = 0; j < 4; ++j)
    sum += t[j][threadIdx.x];
  out[threadIdx.x] = sum;
}
)",
                              AST);
  ASSERT_EQ(Found.Accesses.size(), 1u);
  uint64_t Executions = 0;
  for (const AccessInstance &I : Found.Accesses[0].Instances)
    Executions += I.executions();
  EXPECT_EQ(Executions, 4u);
}

TEST(Walker, FollowsAPointerIntoSharedMemory) {
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(float *out) {
  __shared__ float s[128];
  float *row = &s[32];
  out[threadIdx.x] = row[threadIdx.x];
}
)",
                              AST);
  ASSERT_EQ(Found.Accesses.size(), 1u);
  const FoundAccess &A = Found.Accesses[0];
  EXPECT_TRUE(A.FlatBytes);
  EXPECT_EQ(A.Array->Layout.Name, "s");
}

TEST(Walker, ABlockStrideLoopIsItsEntryPlusTheIterationTimesTheStep) {
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(const float *in, int n) {
  extern __shared__ float s[];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = in[i];
  for (int i = n - 1 - (int)threadIdx.x; i >= 0; i -= blockDim.x * 2)
    s[i] = in[i];
}
)",
                              AST);
  ASSERT_EQ(Found.Accesses.size(), 2u);
  for (size_t A = 0; A < 2; ++A) {
    ASSERT_EQ(Found.Accesses[A].Instances.size(), 1u);
    const AccessInstance &I = Found.Accesses[A].Instances[0];
    EXPECT_EQ(I.OnceLoopSymbols, std::vector<std::string>{"iter(i)"});
    // Lane 3 in iteration 2: 3 + 2 * 32, and n - 1 - 3 - 2 * 64 for n = 500.
    UniformBindings B{{"iter(i)", 2}, {"n", 500}};
    LaneEnv Env{{3, 0, 0}, {32, 1, 1}, &B};
    EXPECT_EQ(evaluateLaneConcrete(*I.Desc.Indices[0], Env),
              A == 0 ? 67 : 500 - 1 - 3 - 128);
  }
}

TEST(Walker, AHalvingLoopThatMayStartAtZeroHoldsPowersOfTwo) {
  // An odd-even merge's inner loop starts at size / 4, 0 for size = 2,
  // when it does not run: its stride holds powers of two from 1. One whose
  // condition holds at 0 (it would run forever there) holds other values.
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(unsigned n) {
  __shared__ unsigned s[1024];
  for (unsigned size = 2; size <= n; size <<= 1) {
    unsigned stride = size / 2;
    stride >>= 1;
    for (; stride > 0; stride >>= 1)
      s[threadIdx.x + stride] = 0;
    unsigned other = size / 4;
    for (; other >= 0 && n > 8; other >>= 1)
      s[threadIdx.x + other] = 1;
  }
}
)",
                              AST);
  ASSERT_EQ(Found.Accesses.size(), 2u);
  const SharedAccessDesc &Halving = Found.Accesses[0].Instances.at(0).Desc;
  EXPECT_EQ(Halving.PowersOfTwoFrom.at("size"), 2);
  ASSERT_EQ(Halving.PowersOfTwoFrom.count("stride"), 1u);
  EXPECT_EQ(Halving.PowersOfTwoFrom.at("stride"), 1);
  const SharedAccessDesc &Other = Found.Accesses[1].Instances.at(0).Desc;
  EXPECT_EQ(Other.PowersOfTwoFrom.count("other"), 0u);
}

TEST(Walker, ALoopThatShiftsByMoreThanOneFromAShiftedOneHoldsPowersOfTwo) {
  // A radix-4 transform: q from (1 << log2n) >> 2 down by 4 each time,
  // never 0 inside (the loop stops there); 1 << log2n is a power of two
  // for every amount a shift allows but 31 (INT_MIN, where the loop does
  // not run). A start that is not a shift of a power (a length n), or a
  // shift's operand the value (n << 1), is not.
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(int log2n, int n) {
  __shared__ float s[4096];
  for (int q = (1 << log2n) >> 2; q > 0; q >>= 2)
    s[threadIdx.x + q] = 0;
  for (unsigned g = 1u << (log2n - 2); g < 4096; g *= 4)
    s[threadIdx.x + g] = 1;
  for (int m = n; m > 0; m >>= 2)
    s[threadIdx.x + m] = 2;
  for (int v = n << 1; v > 0; v >>= 1)
    s[threadIdx.x + v] = 3;
  for (int z = 1 << log2n; z >= 0 && log2n > 2; z >>= 1)
    s[threadIdx.x + z] = 4;
  int w = (1 << log2n) >> 2;
  do {
    s[threadIdx.x + w] = 5;
    w >>= 2;
  } while (w > 0);
  for (int c = 1 << log2n; c-- > 0; c >>= 2)
    s[threadIdx.x + c] = 6;
  for (int f = 1 << log2n; f > 0; f >>= 2) {
    s[threadIdx.x + f] = 7;
    f -= 1;
    if (n > 3)
      f += 1;
  }
  for (int l = 1 << log2n; l > 0 || threadIdx.x >= 16; l >>= 2) {
    s[threadIdx.x + l] = 8;
    if (l == 0)
      break;
  }
  for (int h = 1 << (log2n - 2); h < 4096; h *= 4)
    s[threadIdx.x + h] = 9;
  for (unsigned size = 2; size <= n; size <<= 1) {
    unsigned half = size / 4;
    do {
      s[threadIdx.x + half] = 10;
      half >>= 1;
    } while (half > 0);
  }
}
)",
                              AST);
  ASSERT_EQ(Found.Accesses.size(), 11u);
  auto Desc = [&](size_t I) -> const SharedAccessDesc & {
    return Found.Accesses[I].Instances.at(0).Desc;
  };
  ASSERT_EQ(Desc(0).PowersOfTwoFrom.count("q"), 1u);
  EXPECT_EQ(Desc(0).PowersOfTwoFrom.at("q"), 1);
  EXPECT_EQ(Desc(0).PowersNeverZero.count("q"), 1u);
  ASSERT_EQ(Desc(1).PowersOfTwoFrom.count("g"), 1u);
  EXPECT_EQ(Desc(1).PowersOfTwoFrom.at("g"), 1);
  EXPECT_EQ(Desc(2).PowersOfTwoFrom.count("m"), 0u);
  EXPECT_EQ(Desc(3).PowersOfTwoFrom.count("v"), 0u);
  // Its condition holds at 0: 0 is one of its values.
  ASSERT_EQ(Desc(4).PowersOfTwoFrom.count("z"), 1u);
  EXPECT_EQ(Desc(4).PowersNeverZero.count("z"), 0u);
  // A do-while runs once whatever its condition says: w may be 0 there
  // (log2n = 0 or 1), not a power of two.
  EXPECT_EQ(Desc(5).PowersOfTwoFrom.count("w"), 0u);
  // The condition changes c (the body sees 1023, 254, ...); f changes
  // under an if: one iteration's change is not what the walk reads.
  EXPECT_EQ(Desc(6).PowersOfTwoFrom.count("c"), 0u);
  EXPECT_EQ(Desc(7).PowersOfTwoFrom.count("f"), 0u);
  // A condition that reads the lane tells nothing of 0 for every lane.
  ASSERT_EQ(Desc(8).PowersOfTwoFrom.count("l"), 1u);
  EXPECT_EQ(Desc(8).PowersNeverZero.count("l"), 0u);
  // 1 << 31 is INT_MIN: a growing int starts below 0 at log2n = 33.
  EXPECT_EQ(Desc(9).PowersOfTwoFrom.count("h"), 0u);
  // A do-while from size / 4 runs once with 0 at size = 2, though its
  // condition is false there.
  EXPECT_EQ(Desc(10).PowersOfTwoFrom.count("half"), 0u);
}

TEST(Walker, AVariableALoopDoubledHoldsAPowerOfTwoAfterIt) {
  // A work-efficient scan: the up-sweep doubles offset, the down-sweep
  // halves what it left. A loop that some lanes leave early (a break) or
  // whose condition reads the lane leaves a value not known.
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(int n) {
  __shared__ float t[1024];
  unsigned tid = threadIdx.x, offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d)
      t[offset * (2 * tid + 2) - 1] += 1.0f;
    offset <<= 1;
  }
  for (int d = 1; d < n; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (tid < d)
      t[offset * (2 * tid + 1) - 1] = 0.0f;
  }
  unsigned early = 1;
  for (int d = n; d > 0; d >>= 1) {
    if (d == 3)
      break;
    early <<= 1;
  }
  t[early * tid] = 2.0f;
  unsigned lane = 1;
  for (unsigned d = tid; d < n; d <<= 1)
    lane <<= 1;
  t[lane * tid] = 3.0f;
}
)",
                              AST);
  std::vector<const FoundAccess *> Tile = accessesOf(Found, "t");
  ASSERT_GE(Tile.size(), 4u);
  const SharedAccessDesc &Down = Tile[Tile.size() - 3]->Instances.at(0).Desc;
  EXPECT_EQ(Down.Indices.size(), 1u);
  EXPECT_FALSE(mentions(*Down.Indices[0], ExprKind::Unknown))
      << printLaneExpr(*Down.Indices[0]);
  ASSERT_EQ(Down.PowersOfTwoFrom.count("offset"), 1u);
  EXPECT_EQ(Down.PowersOfTwoFrom.at("offset"), 1);
  for (size_t Last = 1; Last <= 2; ++Last) {
    const SharedAccessDesc &D = Tile[Tile.size() - Last]->Instances.at(0).Desc;
    EXPECT_TRUE(mentions(*D.Indices[0], ExprKind::Unknown))
        << printLaneExpr(*D.Indices[0]);
  }
}

TEST(Walker, ALoopsPowerOfTwoIsItsOwnSymbol) {
  // A block's own `stride` doubles; the parameter of that name, read after
  // the block, may hold any value. A variable doubled under a condition or
  // in a loop with continue holds no known power after it.
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(unsigned stride, int n) {
  __shared__ float s[32 * 1024];
  {
    unsigned stride = 1;
    while (stride < n)
      stride <<= 1;
    s[threadIdx.x * stride] = 1.0f;
  }
  s[threadIdx.x * stride] = 2.0f;
  unsigned some = 1;
  for (int d = 0; d < n; ++d)
    if (d % 3 == 0)
      some <<= 1;
  s[threadIdx.x * some] = 3.0f;
  unsigned skipped = 1;
  for (int d = 0; d < n; ++d) {
    if (d == 5)
      continue;
    skipped <<= 1;
  }
  s[threadIdx.x * skipped] = 4.0f;
}
)",
                              AST);
  ASSERT_EQ(Found.Accesses.size(), 4u);
  auto DescOf = [&](size_t I) -> const SharedAccessDesc & {
    return Found.Accesses[I].Instances.at(0).Desc;
  };
  std::map<std::string, IntType> Symbols;
  collectUnknownUniforms(*DescOf(0).Indices[0], Symbols);
  ASSERT_EQ(Symbols.size(), 1u);
  const std::string &Own = Symbols.begin()->first;
  EXPECT_NE(Own, "stride");
  EXPECT_EQ(DescOf(0).PowersOfTwoFrom.count(Own), 1u);
  EXPECT_EQ(DescOf(1).PowersOfTwoFrom.count("stride"), 0u);
  for (size_t I = 2; I < 4; ++I)
    EXPECT_TRUE(mentions(*DescOf(I).Indices[0], ExprKind::Unknown))
        << printLaneExpr(*DescOf(I).Indices[0]);
}

TEST(Walker, AGlobalLoadUnderAConditionalOperatorEndsTheStraightLine) {
  // nvcc keeps a branch around `in[i]` under ?: (it may fault): the two
  // stores are not merged. A value computed under ?: is a select.
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(const float *in, int n) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[2 * t] = 2 * t < n ? in[2 * t] : 0.0f;
  s[2 * t + 1] = 2 * t + 1 < n ? in[2 * t + 1] : 0.0f;
  s[2 * t] = t < n ? 1.0f : 0.0f;
  s[2 * t + 1] = t < n ? 2.0f : 0.0f;
}
)",
                              AST);
  ASSERT_EQ(Found.Accesses.size(), 4u);
  auto RegionOf = [&](size_t I) {
    return Found.Accesses[I].Instances.at(0).Region;
  };
  EXPECT_NE(RegionOf(0), RegionOf(1));
  EXPECT_EQ(RegionOf(2), RegionOf(3));
}

TEST(Walker, RemarksOnSharedMemoryPassedOutOfSight) {
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__device__ void hidden(float *p);
__global__ void k() {
  __shared__ float s[32];
  hidden(s);
}
)",
                              AST);
  EXPECT_TRUE(Found.Accesses.empty());
  ASSERT_EQ(Found.Remarks.size(), 1u);
  EXPECT_NE(Found.Remarks[0].Message.find("'s' is passed to"),
            std::string::npos);
}

TEST(Walker, AMemberOperatorChangesOnlyWhatItsParametersMayChange) {
  // `a += d` passes `d` by value to operator+= (argument 1 is parameter 0):
  // d keeps its value; `b <<= e` takes `e` by reference: it may change.
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
struct Acc {
  __device__ Acc &operator+=(int v);
  __device__ Acc &operator<<=(int &v);
};
__global__ void k(float *out) {
  __shared__ float s[64];
  Acc a, b;
  int d = threadIdx.x, e = threadIdx.x;
  a += d;
  b <<= e;
  out[0] = s[d] + s[e];
}
)",
                              AST);
  ASSERT_EQ(Found.Accesses.size(), 2u);
  ASSERT_EQ(Found.Accesses[0].Instances.size(), 1u);
  EXPECT_FALSE(mentions(*Found.Accesses[0].Instances[0].Desc.Indices[0],
                        ExprKind::Unknown));
  ASSERT_EQ(Found.Accesses[1].Instances.size(), 1u);
  EXPECT_TRUE(mentions(*Found.Accesses[1].Instances[0].Desc.Indices[0],
                       ExprKind::Unknown));
}

TEST(Walker, EachLeaderWriteOfASharedScalarIsASymbolOfItsOwn) {
  // `cnt` is read, then written again by the leader: the two reads may see
  // two values, two symbols (`cnt - a` is not 0). `acc` is written in a
  // loop: after it, the value of its write. `n` shares its name with a
  // parameter: not known.
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(const int *in, float *out, int n) {
  __shared__ float s[256];
  __shared__ int cnt, acc;
  unsigned t = threadIdx.x;
  if (t == 0)
    cnt = 0;
  __syncthreads();
  int a = cnt;
  __syncthreads();
  if (t == 0)
    cnt += 32;
  for (int i = 0; i < 4; i++)
    if (t == 0)
      acc = in[i];
  {
    __shared__ int n;
    if (t == 0)
      n = in[4];
    __syncthreads();
    out[1] = s[n + t];
  }
  __syncthreads();
  out[0] = s[t * (cnt - a)] + s[acc + t];
}
)",
                              AST);
  std::vector<const FoundAccess *> Tile = accessesOf(Found, "s");
  ASSERT_EQ(Tile.size(), 3u);
  for (const FoundAccess *A : Tile)
    ASSERT_EQ(A->Instances.size(), 1u);
  EXPECT_TRUE(
      mentions(*Tile[0]->Instances[0].Desc.Indices[0], ExprKind::Unknown));
  std::map<std::string, IntType> Names;
  collectUniforms(*Tile[1]->Instances[0].Desc.Indices[0], Names);
  EXPECT_FALSE(
      mentions(*Tile[1]->Instances[0].Desc.Indices[0], ExprKind::Unknown));
  ASSERT_EQ(Names.size(), 2u);
  EXPECT_EQ(Names.begin()->first, "cnt as written at line 12");
  EXPECT_EQ(std::next(Names.begin())->first, "cnt as written at line 7");
  Names.clear();
  collectUniforms(*Tile[2]->Instances[0].Desc.Indices[0], Names);
  ASSERT_EQ(Names.size(), 1u);
  EXPECT_EQ(Names.begin()->first.rfind("acc as written at line 15", 0), 0u);
}

TEST(Walker, ALeaderAtomicAfterAReadLeavesTheScalarNotKnown) {
  // The leader adds to `n` with an atomic after `a` read it: the walker
  // gives an atomic no symbol of its own, so `n - a` would be taken for 0.
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(const float *in, float *out) {
  __shared__ float s[4096];
  __shared__ unsigned n;
  unsigned t = threadIdx.x;
  if (t == 0)
    n = 0;
  __syncthreads();
  unsigned a = n;
  __syncthreads();
  if (t == 0)
    atomicAdd(&n, 32u);
  __syncthreads();
  s[t * (n - a)] = in[t];
}
)",
                              AST);
  std::vector<const FoundAccess *> Tile = accessesOf(Found, "s");
  ASSERT_EQ(Tile.size(), 1u);
  ASSERT_EQ(Tile[0]->Instances.size(), 1u);
  EXPECT_TRUE(
      mentions(*Tile[0]->Instances[0].Desc.Indices[0], ExprKind::Unknown));
}

TEST(Walker, ASharedScalarALeaderWritesIsUniform) {
  // `base` and `step` are written by one thread (directly, through a local
  // copy of threadIdx.x, as a conjunct of &&), `hits` by atomics, `flag`
  // with a constant by any thread (and by a helper through a reference):
  // the same in every lane. `all` is written by every thread with what it
  // read, `late` with a constant in a loop, `kept` by a helper whose
  // definition (after its declaration) keeps its address, `later` by a
  // lambda called where it may run between reads: not known.
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__device__ void raise(int &f, int v) {
  if (v > 2)
    f = 1;
}
__device__ int *keep(int &f);
__global__ void k(const int *in, float *out) {
  __shared__ float s[256];
  __shared__ int base, step, hits, flag, all, late, kept, later;
  unsigned tid = threadIdx.x;
  if (threadIdx.x == 0)
    base = in[0];
  if (tid == 0 && in[1] > 0)
    step = in[1];
  atomicAdd(&hits, 1);
  if (in[tid] > 3)
    flag = 1;
  raise(flag, in[tid]);
  all = in[2];
  for (int i = 0; i < in[3]; i++)
    late = 1;
  int *p = keep(kept);
  auto bump = [] { later = 1; };
  __syncthreads();
  out[0] = s[base + tid] + s[step * tid] + s[hits + tid] + s[flag + tid] +
           s[all + tid] + s[late + tid] + s[kept + tid] + s[later + tid];
  *p = 2;
  bump();
}
__device__ int *keep(int &f) { return &f; }
)",
                              AST);
  std::vector<const FoundAccess *> Tile = accessesOf(Found, "s");
  ASSERT_EQ(Tile.size(), 8u);
  for (size_t I = 0; I < 8; ++I) {
    ASSERT_EQ(Tile[I]->Instances.size(), 1u);
    const LaneExpr &Index = *Tile[I]->Instances[0].Desc.Indices[0];
    EXPECT_EQ(mentions(Index, ExprKind::Uniform), I < 4) << I;
    EXPECT_EQ(mentions(Index, ExprKind::Unknown), I >= 4) << I;
  }
}

TEST(Walker, ASharedScalarALeaderUpdatesInALoopIsUniform) {
  // `count` is the length of a work list the leader updates each round,
  // read before and after its update: every lane reads the value the
  // leader last wrote. `seen` is written with a constant by every thread
  // in the loop, between reads: not known.
  std::unique_ptr<clang::ASTUnit> AST;
  SharedAccesses Found = walk(R"(
__global__ void k(const int *in, float *out, int rounds) {
  __shared__ float s[512];
  __shared__ int count, seen;
  unsigned tid = threadIdx.x;
  if (tid == 0)
    count = 256;
  __syncthreads();
  for (int r = 0; r < rounds; ++r) {
    out[tid] = s[count + tid] + s[seen + tid];
    __syncthreads();
    if (tid == 0)
      count = in[count];
    seen = 0;
    __syncthreads();
  }
}
)",
                              AST);
  std::vector<const FoundAccess *> Tile = accessesOf(Found, "s");
  ASSERT_EQ(Tile.size(), 2u);
  ASSERT_EQ(Tile[0]->Instances.size(), 1u);
  EXPECT_FALSE(
      mentions(*Tile[0]->Instances[0].Desc.Indices[0], ExprKind::Unknown));
  // Not the value before the loop: the first or one the leader wrote.
  std::map<std::string, IntType> Names;
  collectUniforms(*Tile[0]->Instances[0].Desc.Indices[0], Names);
  ASSERT_EQ(Names.size(), 1u);
  EXPECT_EQ(Names.begin()->first, "count in the loop at line 9");
  ASSERT_EQ(Tile[1]->Instances.size(), 1u);
  EXPECT_TRUE(
      mentions(*Tile[1]->Instances[0].Desc.Indices[0], ExprKind::Unknown));
}

} // namespace
