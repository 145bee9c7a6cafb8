// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixPlanningTest.cpp - Padding planner and extent spelling ----------===//

#include "ExprBuilder.h"
#include "core/codegen/AccessMerging.h"
#include "core/fix/ExtentText.h"
#include "core/fix/FixPlan.h"
#include "core/fix/PaddingPlanner.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

std::vector<AccessInstance> one(std::vector<X> Index, AccessKind Kind) {
  AccessInstance I;
  for (const X &E : Index)
    I.Desc.Indices.push_back(E.P);
  I.Desc.Kind = Kind;
  return {I};
}

TEST(ExtentText, KeepsTheUsersSpelling) {
  EXPECT_EQ(paddedExtentText("32", 1), "33");
  EXPECT_EQ(paddedExtentText("16u", 2), "18u");
  EXPECT_EQ(paddedExtentText("TILE_DIM", 1), "TILE_DIM + 1");
  EXPECT_EQ(paddedExtentText("BLOCK_SIZE", 1), "BLOCK_SIZE + 1");
  EXPECT_EQ(paddedExtentText("N + 1", 1), "N + 2");
  EXPECT_EQ(paddedExtentText("W * 2+1", 2), "W * 2 + 3");
  EXPECT_EQ(paddedExtentText("A << 5", 1), "(A << 5) + 1");
  EXPECT_EQ(paddedExtentText("c ? 32 : 64", 1), "(c ? 32 : 64) + 1");
  EXPECT_EQ(paddedExtentText("N - 1", 1), "N - 1 + 1");
  EXPECT_EQ(paddedExtentText("0x20", 1), "0x20 + 1");
  EXPECT_EQ(paddedExtentText("f(a, b)", 1), "f(a, b) + 1");
}

TEST(ExtentText, GrownSizes) {
  EXPECT_EQ(grownSizeText("256", 8), "264");
  EXPECT_EQ(grownSizeText("N", 8), "N + 8");
  EXPECT_EQ(grownSizeText("1024", 8, 4, "float"), "1056");
  EXPECT_EQ(grownSizeText("256 * sizeof(float)", 8, 4, "float"),
            "256 * sizeof(float) + 8 * sizeof(float)");
  EXPECT_EQ(grownSizeText("c ? a : b", 2, 4, "float"),
            "(c ? a : b) + 2 * sizeof(float)");
}

TEST(ExtentText, PaddedIndices) {
  EXPECT_EQ(paddedIndexText("i", 32, 1), "i + i / 32");
  EXPECT_EQ(paddedIndexText("tid", 32, 2), "tid + tid / 32 * 2");
  EXPECT_EQ(paddedIndexText("index + s", 32, 1),
            "index + s + (index + s) / 32");
  EXPECT_EQ(paddedIndexText("2 * s * tid", 32, 1),
            "2 * s * tid + 2 * s * tid / 32");
  EXPECT_EQ(paddedIndexText("a << 1", 16, 1), "(a << 1) + (a << 1) / 16");
  EXPECT_EQ(paddedIndexText("f(a + b)", 32, 1), "f(a + b) + f(a + b) / 32");
  EXPECT_EQ(paddedIndexText("0", 32, 1), "0");
  EXPECT_EQ(paddedIndexText("70", 32, 1), "72");
}

TEST(FixPlan, PaddedElementCount) {
  EXPECT_EQ(paddedElementCount(256, 32, 1), 264u);
  EXPECT_EQ(paddedElementCount(257, 32, 1), 266u);
  EXPECT_EQ(paddedElementCount(1024, 32, 2), 1088u);
  EXPECT_EQ(paddedElementCount(0, 32, 1), 0u);
  EXPECT_STREQ(fixStyleName(FixStyle::IndexPadding), "index padding");
}

TEST(PaddingPlanner, CompilesEachPaddingAgain) {
  // A thread stores four adjacent shorts of its row of `short s[32][64]`:
  // nvcc merges them into one STS.64, 16-way across the warp. Rows of 66
  // shorts keep them 4-byte aligned only: two conflict-free 32-bit STS
  // (measured: test/gpu/fix-rows). Rows of 68 keep the STS.64, as cheap in
  // wavefronts and half the instructions: the plan.
  SharedArrayLayout Layout{"s", {32, 64}, 2};
  UncompiledRun Run;
  BlockShape B{{32, 1, 1}};
  Run.Shapes = {B};
  for (unsigned K = 0; K < 4; ++K) {
    UncompiledRun::Execution E;
    E.Instance.Desc.Indices = {tx().P, X(K).P};
    E.Instance.Desc.Width = 2;
    E.Instance.Desc.Kind = AccessKind::Store;
    E.Instance.Sequence = K;
    E.Layout = &Layout;
    E.Label = "store " + std::to_string(K);
    Run.Executions.push_back(E);
  }
  std::vector<AccessInstance> Merged = compileWithLayout(Run, &Layout, Layout);
  ASSERT_EQ(Merged.size(), 4u);
  EXPECT_EQ(Merged[3].Desc.Width, 8u);
  SharedArrayLayout Rows66 = Layout;
  Rows66.Dims.back() = 66;
  std::vector<AccessInstance> Split = compileWithLayout(Run, &Layout, Rows66);
  EXPECT_EQ(Split[1].Desc.Width, 4u);
  EXPECT_EQ(Split[3].Desc.Width, 4u);
  EXPECT_TRUE(Split[0].MergedAway && Split[2].MergedAway);

  std::vector<std::vector<AccessInstance>> Each(4);
  std::vector<PlannedAccess> Accesses;
  for (size_t K = 0; K < 4; ++K) {
    Each[K] = {Merged[K]};
    Accesses.push_back(
        {&Each[K], {B}, "store " + std::to_string(K), &Run, {K}});
  }
  auto Pad = [](SharedArrayLayout &L) { L.Dims.back() += 2; };
  auto Total = [&](const std::vector<PlannedLayout> &Layouts) {
    CandidateTotals Totals;
    std::string Problem;
    WorstCaseValues Worst;
    EXPECT_TRUE(plannedTotals(Layouts, Pad, false, Totals, Problem, Worst))
        << Problem;
    uint64_t Sum = 0;
    for (uint64_t W : Totals.PerAccess)
      Sum += W;
    return Sum;
  };
  EXPECT_EQ(Total({{Layout, Accesses, &Layout}}), 2u);
  FixPlan P = planPadding({{Layout, Accesses, &Layout}});
  EXPECT_EQ(P.WhyNot, "");
  EXPECT_EQ(P.Before, 32u);
  EXPECT_EQ(P.After, 2u);
  EXPECT_EQ(P.Pad, 4u);
  // Without the run, rows of 66 are judged with the STS.64 kept.
  for (PlannedAccess &A : Accesses)
    A.Run = nullptr;
  EXPECT_GT(Total({{Layout, Accesses, &Layout}}), 2u);
}

TEST(PaddingPlanner, SeedTileNeedsOne) {
  std::vector<AccessInstance> Store = one({tx(), ty()}, AccessKind::Store);
  std::vector<AccessInstance> Load = one({tx(), ty()}, AccessKind::Load);
  BlockShape B{{32, 32, 1}};
  FixPlan P = planPadding(
      {{{"tile", {32, 32}, 4},
        {{&Store, {B}, "store at 14:3"}, {&Load, {B}, "load at 16:30"}}}});
  EXPECT_EQ(P.WhyNot, "");
  EXPECT_EQ(P.Pad, 1u);
  EXPECT_EQ(P.Before, 2048u);
  EXPECT_EQ(P.After, 64u);
  EXPECT_TRUE(P.Worse.empty());
}

TEST(PaddingPlanner, Block16x16NeedsTwoAndSaysWhatGetsWorse) {
  // t[16][16]: the row store t[ty][tx] is conflict-free unpadded and turns
  // 2-way padded; the column load t[tx][ty] is 8-way, still 2-way at +1.
  std::vector<AccessInstance> Store = one({ty(), tx()}, AccessKind::Store);
  std::vector<AccessInstance> Load = one({tx(), ty()}, AccessKind::Load);
  BlockShape B{{16, 16, 1}};
  FixPlan P = planPadding(
      {{{"t", {16, 16}, 4},
        {{&Store, {B}, "store at 8:3"}, {&Load, {B}, "load at 12:12"}}}});
  EXPECT_EQ(P.Pad, 2u);
  EXPECT_EQ(P.Before, 8u + 64u);
  EXPECT_EQ(P.After, 16u + 8u);
  ASSERT_EQ(P.Worse.size(), 1u);
  EXPECT_EQ(P.Worse[0].Label, "store at 8:3");
  EXPECT_EQ(P.Worse[0].Before, 8u);
  EXPECT_EQ(P.Worse[0].After, 16u);
}

TEST(PaddingPlanner, NothingWhenNoPaddingHelps) {
  // A row access only: padding cannot lower it.
  std::vector<AccessInstance> Load = one({ty(), tx()}, AccessKind::Load);
  FixPlan P = planPadding(
      {{{"t", {32, 32}, 4}, {{&Load, {BlockShape{{32, 8, 1}}}, "load"}}}});
  EXPECT_EQ(P.Pad, 0u);
  EXPECT_EQ(P.WhyNot, "");
}

TEST(PaddingPlanner, OneDimensionalArraysAreNotPadded) {
  std::vector<AccessInstance> Load = one({tx() * 32}, AccessKind::Load);
  FixPlan P = planPadding(
      {{{"a", {1024}, 4}, {{&Load, {BlockShape{{32, 1, 1}}}, "load"}}}});
  EXPECT_EQ(P.Pad, 0u);
  EXPECT_NE(P.WhyNot.find("one dimension"), std::string::npos);
}

TEST(PaddingPlanner, UnjudgedAccessBlocksThePlan) {
  std::vector<AccessInstance> Good = one({tx(), 0}, AccessKind::Load);
  std::vector<AccessInstance> Bad =
      one({tx() * sym("n") * sym("m"), 0}, AccessKind::Load);
  BlockShape B{{32, 1, 1}};
  FixPlan P = planPadding(
      {{{"t", {32, 32}, 4},
        {{&Good, {B}, "load at 1:1"}, {&Bad, {B}, "load at 2:2"}}}});
  EXPECT_EQ(P.Pad, 0u);
  EXPECT_NE(P.WhyNot.find("load at 2:2"), std::string::npos);
}

/// `((float4 *)t[r])[q]` over rows of 128 bytes, r = t / 8, q = t % 8 for
/// t = ty * 32 + tx: a byte offset through a pointer, 16 bytes wide.
std::vector<AccessInstance> float4Rows(X Row) {
  X T = ty() * 32 + tx();
  std::vector<AccessInstance> L =
      one({Row * 128 + T % 8 * 16}, AccessKind::Load);
  L[0].Desc.FlatBytes = true;
  L[0].Desc.Width = 16;
  return L;
}

TEST(PaddingPlanner, RowsReadAsVectorsGrowByWholeVectors) {
  // The column store t[tx][ty] is 32-way; padding by one float fixes it but
  // misaligns the float4 rows: four floats keep them whole (4-way, the
  // floor of any padding that keeps 16-byte rows aligned).
  X T = ty() * 32 + tx();
  std::vector<AccessInstance> Store = one({tx(), ty()}, AccessKind::Store);
  std::vector<AccessInstance> Load = float4Rows(T / 8);
  BlockShape B{{32, 8, 1}};
  std::vector<PlannedLayout> Layouts = {
      {{"tile", {32, 32}, 4},
       {{&Store, {B}, "store at 1:1"}, {&Load, {B}, "load at 2:2"}}}};
  for (uint64_t Align : {uint64_t(0), uint64_t(16)}) {
    FixPlan P = planPadding(Layouts, Align);
    EXPECT_EQ(P.WhyNot, "");
    EXPECT_EQ(P.Pad, 4u) << Align;
    EXPECT_EQ(P.Before, 8u * 32 + 8u * 4);
    EXPECT_EQ(P.After, 8u * 4 + 8u * 4);
    EXPECT_GT(P.After, P.Floor);
  }
}

TEST(PaddingPlanner, APointerThatLeavesItsRowBlocksPadding) {
  // ((float4 *)t[0])[t]: the row named is 0 while the lanes run through
  // eight rows; padding would move them, so no candidate is judged.
  X T = ty() * 32 + tx();
  std::vector<AccessInstance> Store = one({tx(), ty()}, AccessKind::Store);
  std::vector<AccessInstance> Load = one({T * 16}, AccessKind::Load);
  Load[0].Desc.FlatBytes = true;
  Load[0].Desc.Width = 16;
  BlockShape B{{32, 8, 1}};
  FixPlan P = planPadding(
      {{{"tile", {32, 32}, 4},
        {{&Store, {B}, "store at 1:1"}, {&Load, {B}, "load at 2:2"}}}},
      16);
  EXPECT_EQ(P.Pad, 0u);
}

TEST(PaddingPlanner, UsefulPaddingBound) {
  EXPECT_EQ(maxUsefulPadding(4), 32u);
  EXPECT_EQ(maxUsefulPadding(8), 16u);
  EXPECT_EQ(maxUsefulPadding(16), 8u);
  EXPECT_EQ(maxUsefulPadding(1), 128u);
  EXPECT_EQ(maxUsefulPadding(256), 1u);
}

} // namespace
