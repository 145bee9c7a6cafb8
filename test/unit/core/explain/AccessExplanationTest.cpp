// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessExplanationTest.cpp - An access laid out lane by lane --------===//

#include "core/explain/AccessExplanation.h"
#include "AccessBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

TEST(AccessExplanation, SeedZeroBeforeAndAfterPadding) {
  SharedArrayLayout Tile{"tile", {32, 32}, 4};
  AccessExplanation E;
  explainWarp(Tile, "float[32][32]", access({tx(), 0}), BlockShape{{32, 1, 1}},
              0, 1, "float[32][33]", E);
  ASSERT_TRUE(E.Problem.empty()) << E.Problem;
  ASSERT_TRUE(E.After);
  EXPECT_EQ(E.Before.TypeSpelling, "float[32][32]");
  EXPECT_EQ(E.After->TypeSpelling, "float[32][33]");
  EXPECT_EQ(E.Index, (std::vector<std::string>{"threadIdx.x", "0"}));
  for (unsigned L = 0; L < WarpSize; ++L) {
    EXPECT_TRUE(E.Lanes[L].Exists);
    EXPECT_EQ(E.Lanes[L].ThreadIdx, (std::array<unsigned, 3>{L, 0, 0}));
    EXPECT_EQ(E.Lanes[L].Indices,
              (std::vector<std::string>{std::to_string(L), "0"}));
    EXPECT_EQ(E.Before.Map.Lanes[L].Address, 128u * L);
    EXPECT_EQ(E.Before.Map.Lanes[L].FirstBank, 0u);
    EXPECT_EQ(E.After->Map.Lanes[L].Address, 132u * L);
    EXPECT_EQ(E.After->Map.Lanes[L].FirstBank, L);
  }
  EXPECT_EQ(E.Before.Map.Result.Wavefronts, 32u);
  EXPECT_EQ(E.After->Map.Result.Wavefronts, 1u);
}

TEST(AccessExplanation, WarpAndGuard) {
  // seed 001, warp 3: lanes 0-7 read (lane * 32 + 3), the rest are off.
  SharedArrayLayout Data{"shared_data", {256}, 4};
  X Tid = asInt(tx());
  X Index = (Tid % 32) * 32 + Tid / 32;
  SharedAccessDesc A = access({Index});
  A.Guard = (Index < 256).P;
  AccessExplanation E;
  explainWarp(Data, "float[256]", A, BlockShape{{256, 1, 1}}, 3, 0, "", E);
  ASSERT_TRUE(E.Problem.empty()) << E.Problem;
  EXPECT_FALSE(E.After);
  EXPECT_EQ(E.Lanes[1].ThreadIdx[0], 97u);
  EXPECT_EQ(E.Lanes[1].Indices, std::vector<std::string>{"35"});
  EXPECT_EQ(E.Before.Map.Lanes[1].Address, 140u);
  EXPECT_TRUE(E.Lanes[8].Exists);
  EXPECT_FALSE(E.Before.Map.Lanes[8].Active);
  EXPECT_TRUE(E.Lanes[8].Indices.empty());
  EXPECT_EQ(E.Before.Map.WordsPerBank[0][3], 8u);
  // A warp past the block's last thread: lanes with no thread.
  AccessExplanation F;
  explainWarp(Data, "float[256]", access({tx()}), BlockShape{{40, 1, 1}}, 1, 0,
              "", F);
  EXPECT_TRUE(F.Lanes[7].Exists);
  EXPECT_FALSE(F.Lanes[8].Exists);
}

TEST(AccessExplanation, UniformPartIsNamed) {
  SharedArrayLayout Tile{"tile", {64, 32}, 4};
  AccessExplanation E;
  explainWarp(Tile, "float[64][32]", access({tx() + sym("blockIdx.x"), 0}),
              BlockShape{{32, 1, 1}}, 0, 0, "", E);
  ASSERT_TRUE(E.Problem.empty()) << E.Problem;
  EXPECT_EQ(E.UniformOffset, "128*blockIdx.x");
  EXPECT_EQ(E.Lanes[2].Indices[0], "blockIdx.x+2");
  EXPECT_EQ(E.Before.Map.Lanes[2].Address, 256u);
}

TEST(AccessExplanation, ProblemWhenItCannotBeJudged) {
  SharedArrayLayout Tile{"tile", {31, 31}, 4};
  AccessExplanation E;
  explainWarp(Tile, "float[31][31]", access({tx(), 0}), BlockShape{{32, 1, 1}},
              0, 0, "", E);
  EXPECT_NE(E.Problem.find("out of bounds"), std::string::npos) << E.Problem;
}

TEST(AccessExplanation, FormatsSymbolicValues) {
  EXPECT_EQ(formatSymbolicValue({5, {}}), "5");
  EXPECT_EQ(formatSymbolicValue({-3, {}}), "-3");
  EXPECT_EQ(formatSymbolicValue({0, {{"n", 2}}}), "2*n");
  EXPECT_EQ(formatSymbolicValue({-1, {{"a", 1}, {"b", -4}}}), "a-4*b-1");
  EXPECT_EQ(formatSymbolicValue({7, {{"a", -1}}}), "-a+7");
}

TEST(AccessExplanation, WorstWarp) {
  // tile[ty][tx] with 16x16: every warp alike; tile[tx % 2 * 32 * ty] ...
  SharedArrayLayout A{"a", {1024}, 4};
  // Warp 1 (threads 32..63) strides by 32 words, warp 0 by 1.
  X Tid = asInt(tx());
  X Index = Tid + (Tid / 32) * Tid * 31;
  EXPECT_EQ(worstWarp(A, access({Index % 1024}), BlockShape{{64, 1, 1}}), 1u);
}

} // namespace
