// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IterationPeriodTest.cpp - Period of an access in a stepped loop ----===//
//
// Each period and drift below is worked out by hand from the index
// expressions, then checked against the access itself: evaluated in
// iteration k and in iteration k + Period, every warp must have the same
// active lanes and every lane's address must have moved by Drift bytes, as
// the header promises. Where a shorter step would not do, the test shows
// that too, so that a period found too short fails.
//
//===----------------------------------------------------------------------===//

#include "core/access/IterationPeriod.h"
#include "AccessBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

/// A loop `for (int j = Start; ...; j += Step)` of Count iterations.
std::shared_ptr<IterationRange> loop(int64_t Start, int64_t Step,
                                     uint64_t Count) {
  auto R = std::make_shared<IterationRange>();
  R->Count = Count;
  LoopVariable J;
  J.Name = "j";
  J.Symbol = "@j#0";
  J.Entry = LaneExpr::cast(LaneExpr::constant(Start), IntType::intTy());
  J.Steps = true;
  J.Start = Start;
  J.Step = Step;
  J.Type = IntType::intTy();
  R->Variables.push_back(J);
  return R;
}

X j() { return X(LaneExpr::uniform("@j#0", IntType::intTy())); }

/// An access in a loop, judged for one block shape.
struct Looped {
  SharedArrayLayout Array;
  SharedAccessDesc Access;
  std::shared_ptr<IterationRange> Range;
  BlockShape Shape;

  std::optional<IterationPattern> pattern() const {
    return iterationPattern(Array, Access, *Range, Shape);
  }

  /// The warps of iteration \p K, from evaluating the access written out
  /// for that iteration.
  std::vector<WarpOutcome> warpsAt(uint64_t K) const {
    AccessEvaluation E =
        evaluateAccess(Array, Range->accessAt(Access, K), Shape);
    EXPECT_TRUE(E.judged()) << "iteration " << K << ": " << E.Problem;
    return E.Warps;
  }

  unsigned activeLanes(uint64_t K) const {
    unsigned N = 0;
    for (const WarpOutcome &W : warpsAt(K))
      for (const std::optional<uint64_t> &A : W.Addresses)
        N += A.has_value();
    return N;
  }

  /// How far every lane's address moves from iteration \p From to \p To;
  /// nullopt when the active lanes differ, when lanes move by different
  /// amounts, or when no lane is active.
  std::optional<int64_t> shift(uint64_t From, uint64_t To) const {
    std::vector<WarpOutcome> A = warpsAt(From), B = warpsAt(To);
    if (A.size() != B.size())
      return std::nullopt;
    std::optional<int64_t> Moved;
    for (size_t W = 0; W < A.size(); ++W) {
      if (A[W].Warp != B[W].Warp)
        return std::nullopt;
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        const std::optional<uint64_t> &Was = A[W].Addresses[Lane];
        const std::optional<uint64_t> &Now = B[W].Addresses[Lane];
        if (Was.has_value() != Now.has_value())
          return std::nullopt;
        if (!Was)
          continue;
        int64_t D = int64_t(*Now) - int64_t(*Was);
        if (Moved && *Moved != D)
          return std::nullopt;
        Moved = D;
      }
    }
    return Moved;
  }

  /// The header's promise, checked by brute force from each iteration
  /// \p Ks (k >= 1, k + Period still in the loop).
  void expectRepeats(const IterationPattern &P,
                     std::initializer_list<uint64_t> Ks) const {
    EXPECT_EQ(int64_t(P.Drift % 128), 0);
    for (uint64_t K : Ks) {
      ASSERT_GE(K, 1u);
      ASSERT_LT(K + P.Period, Range->Count);
      EXPECT_EQ(shift(K, K + P.Period), std::optional<int64_t>(P.Drift))
          << "from iteration " << K;
    }
  }
};

const SharedArrayLayout Wide{"t", {32, 64}, 4};
const SharedArrayLayout Tile{"tile", {32, 32}, 4};
const BlockShape Warp{{32, 1, 1}};
const BlockShape Block32x8{{32, 8, 1}};
const BlockShape Block32x32{{32, 32, 1}};

TEST(IterationPeriod, ModularColumnRepeatsEvery64Iterations) {
  // t[ty][(tx * 3 + j) % 64]: the column moves by one each iteration and
  // comes back after 64; the row stays. Between j = 3 and j = 4 lane 20's
  // column wraps from 63 to 0 while the others move by one: one iteration
  // does not move every lane alike.
  Looped L{Wide, access({ty(), (tx() * 3 + j()) % 64}), loop(0, 1, 3000),
           Block32x32};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 64u);
  EXPECT_EQ(int64_t(P->Drift), 0);
  EXPECT_FALSE(P->MayLeaveBounds);
  L.expectRepeats(*P, {1, 2, 63, 1000, 2935});
  EXPECT_EQ(L.shift(3, 4), std::nullopt);
}

TEST(IterationPeriod, ARowOf128BytesRepeatsEveryIteration) {
  // t[j][tx] over rows of 32 floats: each iteration is the next row, 128
  // bytes on, on the same banks.
  Looped L{{"t", {64, 32}, 4}, access({j(), tx()}), loop(0, 1, 40), Warp};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 1u);
  EXPECT_EQ(int64_t(P->Drift), 128);
  EXPECT_FALSE(P->MayLeaveBounds);
  L.expectRepeats(*P, {1, 20, 38});
}

TEST(IterationPeriod, EightFloatStepsRepeatEveryFourIterations) {
  // tile[tx][ty + j], j += 8: 32 bytes per iteration, 128 after four.
  Looped L{{"tile", {32, 128}, 4},
           access({tx(), ty() + j()}),
           loop(0, 8, 16),
           Block32x8};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 4u);
  EXPECT_EQ(int64_t(P->Drift), 128);
  EXPECT_FALSE(P->MayLeaveBounds);
  L.expectRepeats(*P, {1, 2, 11});
  EXPECT_EQ(L.shift(1, 2), 32);
}

TEST(IterationPeriod, AStrideOfThreeFloatsTakes32Iterations) {
  // s[tx * 2 + j * 3]: 12 bytes per iteration; the first multiple of 128
  // is 32 * 12 = 384.
  Looped L{
      {"s", {4096}, 4}, access({tx() * 2 + j() * 3}), loop(0, 1, 300), Warp};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 32u);
  EXPECT_EQ(int64_t(P->Drift), 384);
  EXPECT_FALSE(P->MayLeaveBounds);
  L.expectRepeats(*P, {1, 50, 267});
  EXPECT_EQ(L.shift(1, 2), 12);
}

TEST(IterationPeriod, TheElementSizeScalesTheDrift) {
  // d[tx + j] of doubles: 8 bytes per iteration, 128 after 16.
  Looped L{{"d", {256}, 8}, access({tx() + j()}, 8), loop(0, 1, 100), Warp};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 16u);
  EXPECT_EQ(int64_t(P->Drift), 128);
  L.expectRepeats(*P, {1, 30, 83});
}

TEST(IterationPeriod, DivisionLengthensThePeriod) {
  // s[(tx + j) / 2]: the quotient moves by one every two iterations, 4
  // bytes; 128 bytes after 64. From one iteration to the next, even lanes
  // move and odd lanes stay.
  Looped L{{"s", {1024}, 4}, access({(tx() + j()) / 2}), loop(0, 1, 200), Warp};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 64u);
  EXPECT_EQ(int64_t(P->Drift), 128);
  L.expectRepeats(*P, {1, 2, 3, 100, 135});
  EXPECT_EQ(L.shift(1, 2), std::nullopt);
}

TEST(IterationPeriod, AShiftedRowMovesEveryFourIterations) {
  // t[j >> 2][tx]: rows 0, 0, 0, 1, 1, 1, 1, 2, ... for j = 1, 2, 3, ...:
  // four iterations move one row of 128 bytes, one iteration moves by 0 or
  // by 128 depending on j.
  Looped L{{"t", {64, 32}, 4}, access({j() >> 2, tx()}), loop(0, 1, 100), Warp};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 4u);
  EXPECT_EQ(int64_t(P->Drift), 128);
  L.expectRepeats(*P, {1, 2, 3, 4, 50});
  EXPECT_EQ(L.shift(1, 2), 0);
  EXPECT_EQ(L.shift(3, 4), 128);
}

TEST(IterationPeriod, AMaskRepeatsAfterThePowerOfTwoAboveIt) {
  // t[ty][(tx + j) & 63] is (tx + j) % 64.
  Looped L{Wide, access({ty(), (tx() + j()) & 63}), loop(0, 1, 200),
           Block32x32};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 64u);
  EXPECT_EQ(int64_t(P->Drift), 0);
  L.expectRepeats(*P, {1, 100, 135});
}

TEST(IterationPeriod, DivisionAcrossZeroHasNoPeriod) {
  // (j / 2 + 32) % 64: from j = 1 on the quotient moves by one every two
  // iterations and the column comes back after 128. From j = -49 on, C's
  // truncation gives j = -1, 0 and 1 the same quotient: two iterations move
  // the column by 4 bytes (j = -3 to -1) or by none (j = -1 to 1).
  Looped Up{Wide, access({ty(), (j() / 2 + 32) % 64}), loop(0, 1, 200),
            Block32x8};
  std::optional<IterationPattern> P = Up.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 128u);
  EXPECT_EQ(int64_t(P->Drift), 0);
  Up.expectRepeats(*P, {1, 50, 71});

  Looped Across = Up;
  Across.Range = loop(-50, 1, 200);
  EXPECT_FALSE(Across.pattern());
  EXPECT_EQ(Across.shift(47, 49), 4); // j = -3 to -1
  EXPECT_EQ(Across.shift(49, 51), 0); // j = -1 to 1
}

TEST(IterationPeriod, AMovingIndexMayLeaveTheArray) {
  // tile[ty + j][tx] moves one row of 128 bytes per iteration. Over 20
  // iterations the rows reach 7 + 19 = 26; over 40 they reach 46, past the
  // 32 rows. An outer extent that is not known cannot be left.
  Looped L{Tile, access({ty() + j(), tx()}), loop(0, 1, 20), Block32x8};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 1u);
  EXPECT_EQ(int64_t(P->Drift), 128);
  EXPECT_FALSE(P->MayLeaveBounds);
  L.expectRepeats(*P, {1, 18});

  Looped Long = L;
  Long.Range = loop(0, 1, 40);
  P = Long.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 1u);
  EXPECT_TRUE(P->MayLeaveBounds);

  Looped Extern = Long;
  Extern.Array.Dims = {0, 32};
  P = Extern.pattern();
  ASSERT_TRUE(P);
  EXPECT_FALSE(P->MayLeaveBounds);
}

TEST(IterationPeriod, ADownwardLoopDriftsBackwards) {
  // for (int j = 31; ...; --j), tile[(int)ty + j][tx]: rows 30 down to 2.
  Looped L{Tile, access({asInt(ty()) + j(), tx()}), loop(31, -1, 30), Warp};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 1u);
  EXPECT_EQ(int64_t(P->Drift), -128);
  EXPECT_FALSE(P->MayLeaveBounds);
  L.expectRepeats(*P, {1, 15, 28});
}

TEST(IterationPeriod, AGuardThatAlternatesDoublesThePeriod) {
  // t[j][tx] if (j & 1) < 1: even iterations run, odd ones do not. The
  // active lanes repeat after two iterations, in which the row moves by 2.
  Looped L{
      {"t", {64, 32}, 4}, access({j(), tx()}), loop(0, 1, 40), {{32, 2, 1}}};
  L.Access.Guard = ((j() & 1) < 1).P;
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 2u);
  EXPECT_EQ(int64_t(P->Drift), 256);
  L.expectRepeats(*P, {2, 20, 36});
  EXPECT_EQ(L.activeLanes(1), 0u);
  EXPECT_EQ(L.activeLanes(3), 0u);
  EXPECT_EQ(L.activeLanes(2), 64u);
}

TEST(IterationPeriod, AGuardThatMovesHasNoPeriod) {
  // tx + j < 40: from j = 9 on, each iteration switches one more lane off.
  Looped L{Wide, access({ty(), tx()}), loop(0, 1, 40), Warp};
  L.Access.Guard = (tx() + j() < 40).P;
  EXPECT_FALSE(L.pattern());
  EXPECT_EQ(L.activeLanes(9), 31u);
  EXPECT_EQ(L.activeLanes(10), 30u);
}

TEST(IterationPeriod, NoValueMayLeaveItsType) {
  // s[(unsigned char)(tx + j)]: up to 31 + 199 = 230 the value fits and
  // moves by one float per iteration. Over 300 iterations it wraps: at
  // j = 225 lane 31 goes back to 0 while lane 0 moves on.
  IntType UChar{8, false, false};
  X Byte(LaneExpr::cast((tx() + j()).P, UChar));
  Looped L{{"s", {256}, 4}, access({Byte}), loop(0, 1, 200), Warp};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 32u);
  EXPECT_EQ(int64_t(P->Drift), 128);
  L.expectRepeats(*P, {1, 100, 167});

  Looped Wrapping = L;
  Wrapping.Range = loop(0, 1, 300);
  EXPECT_FALSE(Wrapping.pattern());
  EXPECT_EQ(Wrapping.shift(193, 225), std::nullopt);

  // (j * 1000000 + tx) % 64 is tx (10^6 is a multiple of 64) while
  // j * 1000000 fits an int: j <= 2147. Past that the int overflows.
  SharedAccessDesc Big = access({ty(), (j() * 1000000 + tx()) % 64});
  std::optional<IterationPattern> Fits =
      iterationPattern(Wide, Big, *loop(0, 1, 2000), Block32x8);
  ASSERT_TRUE(Fits);
  EXPECT_EQ(Fits->Period, 1u);
  EXPECT_EQ(int64_t(Fits->Drift), 0);
  EXPECT_FALSE(iterationPattern(Wide, Big, *loop(0, 1, 3000), Block32x8));
}

TEST(IterationPeriod, AUniformRowThatNoIterationChanges) {
  // t[blockIdx.x][(tx + j) % 32]: the row is not known, but it is the same
  // in every iteration; the column repeats after 32.
  std::optional<IterationPattern> P =
      iterationPattern(Wide, access({sym("blockIdx.x"), (tx() + j()) % 32}),
                       *loop(0, 1, 100), Warp);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 32u);
  EXPECT_EQ(int64_t(P->Drift), 0);
}

TEST(IterationPeriod, NoPeriodCanBeShown) {
  // j * j moves by 2j + 1: no constant drift.
  EXPECT_FALSE(iterationPattern(Wide, access({ty(), (j() * j()) % 64}),
                                *loop(0, 1, 100), Block32x8));
  // One iteration: none from 1 on to repeat.
  EXPECT_FALSE(
      iterationPattern(Wide, access({ty(), tx()}), *loop(0, 1, 1), Block32x8));
  // A moving value plus one with no bounds may wrap anywhere.
  EXPECT_FALSE(iterationPattern(Wide,
                                access({ty(), (tx() + j() + sym("n")) % 64}),
                                *loop(0, 1, 100), Block32x8));
}

TEST(IterationPeriod, ByteOffsetsThroughAPointer) {
  // *(float *)((char *)t + tx * 4 + j * 16): 16 bytes per iteration, 128
  // after 8. The tile's 4,096 bytes hold j up to 99 (byte 124 + 1584 =
  // 1708), not up to 299 (byte 124 + 4784 = 4908).
  SharedAccessDesc Flat = access({tx() * 4 + j() * 16});
  Flat.FlatBytes = true;
  Looped L{Tile, Flat, loop(0, 1, 100), Warp};
  std::optional<IterationPattern> P = L.pattern();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 8u);
  EXPECT_EQ(int64_t(P->Drift), 128);
  EXPECT_FALSE(P->MayLeaveBounds);
  L.expectRepeats(*P, {1, 50, 91});
  EXPECT_EQ(L.shift(1, 2), 16);

  Looped Long = L;
  Long.Range = loop(0, 1, 300);
  P = Long.pattern();
  ASSERT_TRUE(P);
  EXPECT_TRUE(P->MayLeaveBounds);
}

} // namespace
