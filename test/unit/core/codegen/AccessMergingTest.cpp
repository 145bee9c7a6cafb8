//===- AccessMergingTest.cpp - Adjacent accesses nvcc merges --------------===//
//
// The rows of docs/bank-model.md's nvcc sections: which pairs and quads merge
// into one wide access, and which do not.
//
//===----------------------------------------------------------------------===//

#include "core/codegen/AccessMerging.h"
#include "AccessBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

struct Sequence {
  SharedArrayLayout Layout;
  std::vector<AccessInstance> Instances;
  std::vector<int> Expressions;

  /// Adds an execution of \p Index (elements) in region \p Region.
  void add(X Index, AccessKind Kind = AccessKind::Load, unsigned Region = 0,
           int Expression = -1) {
    AccessInstance I;
    I.Desc = access({Index}, unsigned(Layout.ElementSize));
    I.Desc.Kind = Kind;
    I.Region = Region;
    I.Sequence = unsigned(Instances.size());
    Instances.push_back(I);
    Expressions.push_back(Expression < 0 ? int(Instances.size()) : Expression);
  }
  void merge() {
    std::vector<MergeCandidate> C;
    for (size_t K = 0; K < Instances.size(); ++K)
      C.push_back({&Instances[K], &Layout, 0, "access " + std::to_string(K),
                   &Expressions[size_t(Expressions[K]) % Expressions.size()]});
    BlockShape Warp;
    Warp.Dim = {32, 1, 1};
    mergeAdjacentAccesses(C, {Warp});
  }
  unsigned width(size_t K) const { return Instances[K].Desc.Width; }
  bool away(size_t K) const { return Instances[K].MergedAway; }
};

Sequence array(uint64_t ElementSize, uint64_t Elements = 512) {
  Sequence R;
  R.Layout.Name = "s";
  R.Layout.Dims = {Elements};
  R.Layout.ElementSize = ElementSize;
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

TEST(AccessMerging, LoopIterationsMergeToEightBytesAtMost) {
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

} // namespace
