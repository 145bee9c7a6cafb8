// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessSummaryTest.cpp - An access over its loop iterations ---------===//

#include "core/access/AccessSummary.h"
#include "ExprBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

AccessInstance instance(std::vector<X> Index, std::string Iteration) {
  AccessInstance I;
  for (const X &E : Index)
    I.Desc.Indices.push_back(E.P);
  I.Iteration = std::move(Iteration);
  return I;
}

const SharedArrayLayout Tile{"tile", {32, 32}, 4};
const BlockShape Block32x8{{32, 8, 1}};

TEST(AccessSummary, TiledTransposeLoadOverFourIterations) {
  std::vector<AccessInstance> Instances;
  for (int J = 0; J < 32; J += 8)
    Instances.push_back(instance({tx(), ty() + J}, "j = " + std::to_string(J)));
  AccessSummary S = summarizeAccess(Tile, Instances, Block32x8);
  ASSERT_TRUE(S.judged());
  EXPECT_TRUE(S.runs());
  EXPECT_TRUE(S.sameInEveryInstance());
  EXPECT_EQ(S.worst().worst().NWay, 32u);
  EXPECT_EQ(S.BlockWavefronts, 4u * 8u * 32u);
  EXPECT_EQ(S.BlockIdeal, 32u);
  EXPECT_EQ(S.blockExcess(), 992u);
}

TEST(AccessSummary, WorstIterationIsChosen) {
  // Iteration 0 reads a row, iteration 1 a column.
  std::vector<AccessInstance> Instances = {instance({ty(), tx()}, "k = 0"),
                                           instance({tx(), ty()}, "k = 1")};
  AccessSummary S = summarizeAccess(Tile, Instances, Block32x8);
  EXPECT_FALSE(S.sameInEveryInstance());
  EXPECT_EQ(S.Instances[S.Worst].Iteration, "k = 1");
  EXPECT_EQ(S.BlockWavefronts, 8u + 8u * 32u);
}

TEST(AccessSummary, OneUnjudgedIterationMakesTheAccessUnjudged) {
  std::vector<AccessInstance> Instances = {
      instance({ty(), tx()}, "k = 0"),
      instance({ty() + 40, tx()}, "k = 40")}; // out of bounds
  AccessSummary S = summarizeAccess(Tile, Instances, Block32x8);
  EXPECT_FALSE(S.judged());
  EXPECT_FALSE(S.runs());
  EXPECT_EQ(S.Instances[S.FirstProblem].Iteration, "k = 40");
}

TEST(AccessSummary, StopsOnceItReachesItsStop) {
  // Four iterations of a 32-way column read (256 wavefronts each): asked
  // to stop at 300, it evaluates two and keeps their totals.
  std::vector<AccessInstance> Instances;
  for (int J = 0; J < 4; ++J)
    Instances.push_back(instance({tx(), ty() + 8 * J}, ""));
  AccessSummary S =
      summarizeAccess(Tile, Instances, Block32x8, nullptr, /*StopAt=*/300);
  EXPECT_TRUE(S.Stopped);
  EXPECT_EQ(S.Instances.size(), 2u);
  EXPECT_EQ(S.BlockWavefronts, 2u * 256u);
  // A stop it never reaches changes nothing.
  S = summarizeAccess(Tile, Instances, Block32x8, nullptr, 4 * 256);
  EXPECT_FALSE(S.Stopped);
  EXPECT_EQ(S.BlockWavefronts, 4u * 256u);
}

TEST(AccessSummary, NoLaneRuns) {
  AccessInstance I = instance({tx(), 0}, "");
  I.Desc.Guard = (tx() < 0).P;
  AccessSummary S = summarizeAccess(Tile, {I}, Block32x8);
  EXPECT_TRUE(S.judged());
  EXPECT_FALSE(S.runs());
}

} // namespace
