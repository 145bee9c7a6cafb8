// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SwizzlePlannerTest.cpp - The XOR swizzle: layout, planner, text ----===//

#include "core/fix/SwizzlePlanner.h"
#include "AccessBuilder.h"
#include "ExprBuilder.h"
#include "core/access/AccessEvaluation.h"
#include "core/fix/ExtentText.h"
#include "core/fix/FixSearch.h"
#include "core/model/ColumnSwizzle.h"

#include <gtest/gtest.h>

#include <set>

using namespace bankfix;
using namespace bankfix::test;

namespace {

std::vector<AccessInstance> one(SharedAccessDesc D, AccessKind Kind) {
  AccessInstance I;
  I.Desc = std::move(D);
  I.Desc.Kind = Kind;
  return {I};
}

TEST(ColumnSwizzle, PermutesGranulesWithinTheRow) {
  ColumnSwizzle S{16, 8}; // float4 granules, 8 masks: c ^ (r % 8 * 4)
  // Every row keeps its bytes and each granule stays whole.
  for (uint64_t Row = 0; Row < 32; ++Row) {
    std::set<uint64_t> Granules;
    for (uint64_t B = 0; B < 128; ++B) {
      uint64_t To = S.apply(Row * 128 + B, 128);
      EXPECT_EQ(To / 128, Row);
      EXPECT_EQ(To % 16, B % 16);
      Granules.insert(To % 128 / 16);
    }
    EXPECT_EQ(Granules.size(), 8u);
  }
  EXPECT_EQ(S.apply(3 * 128 + 16 * 2 + 4, 128), 3 * 128 + 16 * (2 ^ 3) + 4);
  EXPECT_FALSE((ColumnSwizzle{4, 1}).active());
}

TEST(ColumnSwizzle, EvaluationSeesTheSwizzledAddresses) {
  // tile[threadIdx.x][0] with 32 rows of 32 floats: 32-way as declared,
  // conflict-free with c ^ (r % 32), 4-way with 16-byte granules.
  SharedArrayLayout Tile{"tile", {32, 32}, 4};
  SharedAccessDesc Column = access({tx(), 0});
  BlockShape Warp{{32, 1, 1}};
  EXPECT_EQ(evaluateAccess(Tile, Column, Warp).worst().Wavefronts, 32u);
  Tile.Swizzle = {4, 32};
  EXPECT_EQ(evaluateAccess(Tile, Column, Warp).worst().Wavefronts, 1u);
  Tile.Swizzle = {16, 8};
  EXPECT_EQ(evaluateAccess(Tile, Column, Warp).worst().Wavefronts, 4u);
  // An 8-byte access in 4-byte granules would be split: not judged.
  Tile.Swizzle = {4, 32};
  SharedAccessDesc Pair = access({tx(), 0}, 8);
  AccessEvaluation E = evaluateAccess(Tile, Pair, Warp);
  EXPECT_FALSE(E.judged());
  EXPECT_NE(E.Problem.find("would split its 8-byte access"), std::string::npos)
      << E.Problem;
}

TEST(SwizzlePlanner, ScalarTileGetsFourByteGranules) {
  auto Store = one(access({tx(), ty()}), AccessKind::Store);
  auto Load = one(access({ty(), tx()}), AccessKind::Load);
  BlockShape B{{32, 32, 1}};
  FixPlan P = planSwizzle(
      {{{"tile", {32, 32}, 4},
        {{&Store, {B}, "store at 3:1"}, {&Load, {B}, "load at 4:1"}}}});
  EXPECT_EQ(P.WhyNot, "");
  ASSERT_TRUE(P.helps());
  EXPECT_EQ(P.Style, FixStyle::XorSwizzle);
  EXPECT_EQ(P.Swizzle.Granule, 4u);
  EXPECT_EQ(P.Swizzle.Rows, 32u);
  EXPECT_EQ(P.Before, 1024u + 32u);
  EXPECT_EQ(P.After, 64u);
  EXPECT_EQ(P.After, P.Floor);
}

TEST(SwizzlePlanner, Float4RowsKeepSixteenByteGranulesAtTheirFloor) {
  // A column of 4-byte stores into rows read as float4: no swizzle that
  // keeps the float4 whole does better than 4-way.
  auto Store = one(access({tx(), ty()}), AccessKind::Store);
  SharedAccessDesc Row = access({ty(), tx() % 8 * 4}, 16);
  auto Load = one(Row, AccessKind::Load);
  BlockShape B{{32, 8, 1}};
  FixPlan P = planSwizzle(
      {{{"tile", {32, 32}, 4},
        {{&Store, {B}, "store at 3:1"}, {&Load, {B}, "load at 4:1"}}}});
  ASSERT_TRUE(P.helps()) << P.WhyNot;
  EXPECT_EQ(P.Swizzle.Granule, 16u);
  EXPECT_EQ(P.Swizzle.Rows, 8u);
  EXPECT_EQ(P.Before, 8u * 32 + 8u * 4);
  EXPECT_EQ(P.After, 8u * 4 + 8u * 4);
  EXPECT_GT(P.After, P.Floor);
}

TEST(SwizzlePlanner, RowsThatAreNoPowerOfTwoAreRefused) {
  auto Store = one(access({tx(), ty()}), AccessKind::Store);
  BlockShape B{{32, 32, 1}};
  FixPlan P =
      planSwizzle({{{"p", {32, 33}, 4}, {{&Store, {B}, "store at 3:1"}}}});
  EXPECT_FALSE(P.helps());
  EXPECT_EQ(P.WhyNot, "the rows of 'p' are not a power of two of bytes");
  FixPlan Flat = planSwizzle({{{"s", {1024}, 4}, {{&Store, {B}, "x"}}}});
  EXPECT_EQ(Flat.WhyNot, "'s' has one dimension");
}

TEST(ExtentText, SwizzledIndices) {
  EXPECT_EQ(swizzledIndexText("c", "r", 32, 1), "c ^ (r % 32)");
  EXPECT_EQ(swizzledIndexText("threadIdx.y + j", "threadIdx.x", 8, 4),
            "(threadIdx.y + j) ^ (threadIdx.x % 8 * 4)");
  EXPECT_EQ(swizzledIndexText("q", "t % 32", 8, 1), "q ^ ((t % 32) % 8)");
  EXPECT_EQ(swizzledIndexText("0", "r", 16, 2), "0 ^ (r % 16 * 2)");
}

/// A store to `s` (1024 words) by one warp, as the layout as it is is
/// judged for the fix search.
struct AsIsStore {
  uint64_t Sum = 0, Ideal = 0;
  std::string Problem;
  WorstCaseValues Worst;
  bool Judged = false;
  explicit AsIsStore(const SharedAccessDesc &D) {
    Judged = accessWavefronts({"s", {1024}, 4}, one(D, AccessKind::Store),
                              {BlockShape{{32, 1, 1}}}, "store at 9:3", Sum,
                              Ideal, Problem, Worst, true);
  }
};

TEST(FixSearch, NoLayoutForAnAddressOverAnUnknownValue) {
  // s[(threadIdx.x * stride) % 1024]: its banks depend on stride.
  AsIsStore S(access({tx() * sym("stride") % 1024}));
  const std::string &Problem = S.Problem;
  const WorstCaseValues &Worst = S.Worst;
  EXPECT_FALSE(S.Judged);
  EXPECT_TRUE(Worst.AddressUnknown);
  EXPECT_EQ(accessProblem("store at 9:3", Problem, Worst),
            "the banks of the store at 9:3 depend on 'stride', which is not "
            "known here (judged for stride = 32): no layout is best for "
            "every value");
}

TEST(FixSearch, AStrideOfPowersOfTwoIsLeftForEveryValueToDecide) {
  // The same store with stride doubling from 1 in a loop: judged, and
  // each power of two of an unsigned int is kept for the verification.
  SharedAccessDesc D = access({tx() * sym("stride") % 1024});
  D.PowersOfTwoFrom["stride"] = 1;
  AsIsStore S(D);
  ASSERT_TRUE(S.Judged) << S.Problem;
  WorstCaseValues &Worst = S.Worst;
  EXPECT_FALSE(Worst.AddressUnknown);
  EXPECT_EQ(Worst.Unresolved.rfind(
                "the banks of the store at 9:3 depend on 'stride'", 0),
            0u)
      << Worst.Unresolved;
  ASSERT_EQ(Worst.Complete.count("stride"), 1u);
  const std::vector<int64_t> &Every = Worst.Complete["stride"];
  ASSERT_EQ(Every.size(), 33u);
  EXPECT_EQ(Every.front(), 0);
  EXPECT_EQ(Every[1], 1);
  EXPECT_EQ(Every.back(), int64_t(1) << 31);
  // Candidates are compared at the powers up to 4096.
  EXPECT_EQ(Worst.Values["stride"].size(), 13u);
}

TEST(FixSearch, GuardValuesAreKeptForTheCandidates) {
  // if (threadIdx.x >= first) s[threadIdx.x * 32]: the worst case is every
  // lane on; the candidates are compared there.
  SharedAccessDesc D = access({tx() * 32});
  D.Guard = (tx() >= sym("first")).P;
  AsIsStore S(D);
  ASSERT_TRUE(S.Judged) << S.Problem;
  EXPECT_EQ(S.Sum, 32u);
  WorstCaseValues &Worst = S.Worst;
  ASSERT_EQ(Worst.Values.count("first"), 1u);
  EXPECT_EQ(Worst.Values["first"], std::vector<int64_t>{0});
}

} // namespace
