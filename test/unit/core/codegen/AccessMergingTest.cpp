// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessMergingTest.cpp - Adjacent accesses nvcc merges --------------===//
//
// The rows of docs/bank-model.md's nvcc sections: which pairs and quads merge
// into one wide access, and which do not, and what between them decides.
//
//===----------------------------------------------------------------------===//

#include "core/codegen/AccessMerging.h"
#include "AccessBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

struct Sequence {
  SharedArrayLayout Layout, Other;
  std::vector<AccessInstance> Instances;
  std::vector<int> Expressions;
  std::vector<bool> OnOther;

  /// Adds an execution of \p Index (elements) in region \p Region.
  AccessInstance &add(X Index, AccessKind Kind = AccessKind::Load,
                      unsigned Region = 0, int Expression = -1,
                      bool OtherArray = false) {
    AccessInstance I;
    I.Desc = access({Index}, unsigned(Layout.ElementSize));
    I.Desc.Kind = Kind;
    I.Region = Region;
    I.Sequence = unsigned(Instances.size());
    Instances.push_back(I);
    Expressions.push_back(Expression < 0 ? int(Instances.size()) : Expression);
    OnOther.push_back(OtherArray);
    return Instances.back();
  }
  void merge(unsigned Threads = 32) {
    std::vector<MergeCandidate> C;
    for (size_t K = 0; K < Instances.size(); ++K)
      C.push_back({&Instances[K], OnOther[K] ? &Other : &Layout, 0, true,
                   "access " + std::to_string(K),
                   &Expressions[size_t(Expressions[K]) % Expressions.size()]});
    BlockShape Warp;
    Warp.Dim = {Threads, 1, 1};
    mergeAdjacentAccesses(C, {Warp});
  }
  unsigned width(size_t K) const { return Instances[K].Desc.Width; }
  bool away(size_t K) const { return Instances[K].MergedAway; }
  bool uncertain(size_t K) const {
    return !Instances[K].UncertainMerge.empty();
  }
};

Sequence array(uint64_t ElementSize, uint64_t Elements = 512) {
  Sequence R;
  R.Layout.Name = "s";
  R.Layout.Dims = {Elements};
  R.Layout.ElementSize = ElementSize;
  R.Other = R.Layout;
  R.Other.Name = "r";
  return R;
}

TEST(AccessMerging, FloatPairBecomesOneEightByteLoad) {
  Sequence R = array(4);
  R.add(X(2) * tx());
  R.add(X(2) * tx() + X(1));
  R.merge();
  EXPECT_EQ(R.width(0), 8u);
  EXPECT_FALSE(R.away(0));
  EXPECT_TRUE(R.away(1));
  EXPECT_EQ(summarizeAccess(R.Layout, {R.Instances[0]}, BlockShape{{32, 1, 1}})
                .worst()
                .worst()
                .Wavefronts,
            2u);
}

TEST(AccessMerging, FloatQuadAndDoublePairBecomeSixteenBytes) {
  Sequence Q = array(4);
  for (int K = 0; K < 4; ++K)
    Q.add(X(4) * tx() + X(K));
  Q.merge();
  EXPECT_EQ(Q.width(0), 16u);
  EXPECT_TRUE(Q.away(1) && Q.away(2) && Q.away(3));

  Sequence D = array(8);
  D.add(X(2) * tx());
  D.add(X(2) * tx() + X(1));
  D.merge();
  EXPECT_EQ(D.width(0), 16u);
}

TEST(AccessMerging, OddFirstElementDoesNotMerge) {
  Sequence R = array(4);
  R.add(X(2) * tx() + X(1));
  R.add(X(2) * tx() + X(2));
  R.merge();
  EXPECT_EQ(R.width(0), 4u);
  EXPECT_FALSE(R.away(1));
}

TEST(AccessMerging, BarrierOrKindBetweenKeepsThemApart) {
  Sequence R = array(4);
  R.add(X(2) * tx(), AccessKind::Load, 0);
  R.add(X(2) * tx() + X(1), AccessKind::Load, 1);
  R.merge();
  EXPECT_EQ(R.width(0), 4u);
  Sequence S = array(4);
  S.add(X(2) * tx(), AccessKind::Load);
  S.add(X(2) * tx() + X(1), AccessKind::Store);
  S.merge();
  EXPECT_EQ(S.width(0), 4u);
  EXPECT_FALSE(S.away(1));
}

TEST(AccessMerging, StorePairIsMadeByItsLastStore) {
  Sequence R = array(4);
  R.add(X(2) * tx(), AccessKind::Store);
  R.add(X(2) * tx() + X(1), AccessKind::Store);
  R.merge();
  EXPECT_TRUE(R.away(0));
  EXPECT_EQ(R.width(1), 8u);
}

TEST(AccessMerging, ShortsMergeToEightBytesAtMost) {
  Sequence R = array(2, 4096);
  for (int K = 0; K < 8; ++K)
    R.add(X(64) * tx() + X(K), AccessKind::Store, 0, 0);
  R.merge();
  unsigned Kept = 0;
  for (size_t K = 0; K < 8; ++K)
    if (!R.away(K)) {
      ++Kept;
      EXPECT_EQ(R.width(K), 8u);
    }
  EXPECT_EQ(Kept, 2u);
}

TEST(AccessMerging, FloatsOfALoopMergeToSixteenBytes) {
  // `#pragma unroll for (k < 8) s[8 * t + k]`: two LDS.128 per thread.
  Sequence R = array(4);
  for (int K = 0; K < 8; ++K)
    R.add(X(8) * tx() + X(K), AccessKind::Load, 0, 0);
  R.merge();
  unsigned Kept = 0;
  for (size_t K = 0; K < 8; ++K)
    if (!R.away(K)) {
      ++Kept;
      EXPECT_EQ(R.width(K), 16u);
    }
  EXPECT_EQ(Kept, 2u);
}

TEST(AccessMerging, ThreeWordsOfAChunkAreLoadedAsItsSixteenBytes) {
  // `p = &s[8 * t]; p[3], p[2], p[1]`: one LDS.128 of p[0..3]; in a block
  // of 48 threads too, whose second warp runs 16 lanes.
  for (unsigned Threads : {32u, 48u}) {
    Sequence R = array(4);
    for (int K : {3, 2, 1})
      R.add(X(8) * tx() + X(K));
    R.merge(Threads);
    size_t Kept = 0;
    for (size_t K = 0; K < 3; ++K)
      if (!R.away(K)) {
        ++Kept;
        EXPECT_EQ(R.width(K), 16u) << Threads;
        EXPECT_EQ(R.Instances[K].Desc.WidenedDownBy, 4u) << Threads;
      }
    EXPECT_EQ(Kept, 1u) << Threads;
  }
}

TEST(AccessMerging, BytesMergeOnlyUpToTheDeclaredAlignment) {
  Sequence R = array(1);
  for (int K = 0; K < 4; ++K)
    R.add(X(4) * tx() + X(K));
  R.merge();
  for (size_t K = 0; K < 4; ++K) {
    EXPECT_EQ(R.width(K), 1u);
    EXPECT_FALSE(R.away(K));
  }
  // `__align__(16) char s[...]`: eight adjacent bytes become one STS.64.
  Sequence A = array(1);
  A.Layout.DeclaredAlignment = 16;
  for (int K = 0; K < 8; ++K)
    A.add(X(8) * tx() + X(K), AccessKind::Store);
  A.merge();
  size_t Kept = 0;
  for (size_t K = 0; K < 8; ++K)
    if (!A.away(K)) {
      ++Kept;
      EXPECT_EQ(A.width(K), 8u);
    }
  EXPECT_EQ(Kept, 1u);
}

TEST(AccessMerging, LoadsMergeAcrossLoadsOfAnotherArrayNotAcrossAStore) {
  Sequence R = array(4);
  R.add(X(2) * tx());
  R.add(tx(), AccessKind::Load, 0, -1, /*OtherArray=*/true);
  R.add(X(2) * tx() + X(1));
  R.merge();
  EXPECT_EQ(R.width(0), 8u);
  EXPECT_TRUE(R.away(2));

  Sequence S = array(4);
  S.add(X(2) * tx());
  S.add(tx(), AccessKind::Store, 0, -1, /*OtherArray=*/true);
  S.add(X(2) * tx() + X(1));
  S.merge();
  EXPECT_EQ(S.width(0), 4u);
  EXPECT_FALSE(S.away(2));

  // Across a store to another static array only when the loaded one is
  // declared aligned to the merged width (`__align__(16)`).
  Sequence A = array(4);
  A.Layout.DeclaredAlignment = 16;
  A.add(X(2) * tx());
  A.add(tx(), AccessKind::Store, 0, -1, /*OtherArray=*/true);
  A.add(X(2) * tx() + X(1));
  A.merge();
  EXPECT_EQ(A.width(0), 8u);
  EXPECT_TRUE(A.away(2));
}

TEST(AccessMerging, StoresMergeAcrossNothingOfTheirArrayOrAnotherStore) {
  Sequence R = array(4);
  R.add(X(2) * tx(), AccessKind::Store);
  R.add(tx() + X(256), AccessKind::Load);
  R.add(X(2) * tx() + X(1), AccessKind::Store);
  R.merge();
  EXPECT_EQ(R.width(2), 4u);
  EXPECT_FALSE(R.away(0));
  // A load of another array between two stores: not decided.
  Sequence S = array(4);
  S.add(X(2) * tx(), AccessKind::Store);
  S.add(tx(), AccessKind::Load, 0, -1, /*OtherArray=*/true);
  S.add(X(2) * tx() + X(1), AccessKind::Store);
  S.merge();
  EXPECT_FALSE(S.away(0));
  EXPECT_TRUE(S.uncertain(0) && S.uncertain(2));
}

TEST(AccessMerging, ACallThatMaySplitLeavesTheMergeUndecided) {
  Sequence R = array(4);
  R.add(X(2) * tx());
  AccessInstance &Y = R.add(X(2) * tx() + X(1));
  Y.SoftRegion = 1;
  Y.SoftBreak = "a call of 'f' runs between them";
  R.merge();
  EXPECT_EQ(R.width(0), 4u);
  EXPECT_TRUE(R.uncertain(0));
  EXPECT_NE(R.Instances[1].UncertainMerge.find("a call of 'f'"),
            std::string::npos);
  ASSERT_TRUE(R.Instances[0].UncertainWide);
  EXPECT_EQ(R.Instances[0].UncertainWide->Width, 8u);
}

TEST(AccessMerging, AWarpUniformOffsetMergesWhenAlignedForEveryValue) {
  Sequence R = array(4);
  R.add(X(2) * tx() + X(2) * sym("k"));
  R.add(X(2) * tx() + X(2) * sym("k") + X(1));
  R.merge();
  EXPECT_EQ(R.width(0), 8u);
  // `s[k + 2 * t]` is aligned only for even k.
  Sequence S = array(4);
  S.add(X(2) * tx() + sym("k"));
  S.add(X(2) * tx() + sym("k") + X(1));
  S.merge();
  EXPECT_EQ(S.width(0), 4u);
}

TEST(AccessMerging, ALaneTimesAParameterIsNeverProvedAligned) {
  // `s[t * d]` and `s[t * d + 1]` with every launch passing d = 64: nvcc
  // compiles the kernel without knowing d, so it cannot prove t * d even,
  // and a guard that only a few values switch on must not hide it.
  X D(LaneExpr::launched("d", 64, IntType::unsignedTy()));
  Sequence R = array(4, 4096);
  R.add(tx() * D);
  R.add(tx() * D + X(1));
  R.Instances[0].Desc.Guard = R.Instances[1].Desc.Guard =
      (sym("j") * X(32) < sym("n")).P;
  R.merge();
  EXPECT_EQ(R.width(0), 4u);
  EXPECT_FALSE(R.away(1));
  // Twice the parameter is even whatever it is: those merge.
  Sequence E = array(4, 4096);
  E.add(X(2) * (tx() * D));
  E.add(X(2) * (tx() * D) + X(1));
  E.merge();
  EXPECT_EQ(E.width(0), 8u);
}

TEST(AccessMerging, ALoopCompiledOnceMergesOnlyWhatEveryIterationMerges) {
  static int Loop;
  // sdata[index] and sdata[index + s] for s = 1, 2: adjacent only for 1.
  Sequence R = array(4, 4096);
  for (unsigned It = 0; It < 2; ++It) {
    int S = 1 << It;
    R.add(X(2 * S) * tx(), AccessKind::Load, 0, 100).CompiledOnce = {
        {&Loop, It}};
    R.add(X(2 * S) * tx() + X(S), AccessKind::Load, 0, 101).CompiledOnce = {
        {&Loop, It}};
  }
  R.merge();
  for (size_t K = 0; K < 4; ++K)
    EXPECT_EQ(R.width(K), 4u);
  // The same pair in every iteration: it merges in each.
  Sequence P = array(4, 4096);
  for (unsigned It = 0; It < 2; ++It) {
    P.add(X(2) * tx() + X(64 * It), AccessKind::Load, 0, 100).CompiledOnce = {
        {&Loop, It}};
    P.add(X(2) * tx() + X(64 * It + 1), AccessKind::Load, 0, 101)
        .CompiledOnce = {{&Loop, It}};
  }
  P.merge();
  EXPECT_EQ(P.width(0), 8u);
  EXPECT_EQ(P.width(2), 8u);
}

TEST(AccessMerging, ConsecutiveIterationsOfALoopCompiledOnceAreUndecided) {
  static int Loop;
  Sequence R = array(4);
  for (unsigned It = 0; It < 2; ++It)
    R.add(X(2) * tx() + X(It), AccessKind::Load, 0, 100).CompiledOnce = {
        {&Loop, It}};
  R.merge();
  EXPECT_EQ(R.width(0), 4u);
  EXPECT_TRUE(R.uncertain(0) && R.uncertain(1));
}

TEST(AccessMerging, ALoadOfWhatWasLoadedOrStoredIsReused) {
  // fminf(a, b) then fmaxf(a, b): the second loads reuse the first.
  Sequence R = array(4);
  R.add(X(3) * tx());
  R.add(tx(), AccessKind::Load, 0, -1, /*OtherArray=*/true);
  R.add(X(3) * tx());
  R.merge();
  EXPECT_TRUE(R.away(2));
  EXPECT_NE(R.Instances[2].MergeNote.find("reuses the value of the access 0"),
            std::string::npos);
  // A store of the same element gives the value; a store of the element
  // after it leaves it (alias analysis sees the constant distance); a
  // store of another lane's element may change it: loaded again.
  Sequence S = array(4);
  S.add(X(3) * tx(), AccessKind::Store);
  S.add(X(3) * tx());
  S.add(X(3) * tx() + X(1), AccessKind::Store);
  S.add(X(3) * tx());
  S.add(X(3) * (tx() ^ X(1)), AccessKind::Store);
  S.add(X(3) * tx());
  S.merge();
  EXPECT_TRUE(S.away(1));
  EXPECT_TRUE(S.away(3));
  EXPECT_FALSE(S.away(5));
  // A barrier between: loaded again.
  Sequence B = array(4);
  B.add(X(3) * tx(), AccessKind::Load, 0);
  B.add(X(3) * tx(), AccessKind::Load, 1);
  B.merge();
  EXPECT_FALSE(B.away(1));
}

} // namespace
