// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BlockShapeTest.cpp - Block shapes and lane mapping -----------------===//

#include "core/model/BlockShape.h"

#include <gtest/gtest.h>

using namespace bankfix;

namespace {

BlockShape parse(const std::string &S) {
  std::string Error;
  std::optional<BlockShape> B = parseBlockShape(S, Error);
  EXPECT_TRUE(B.has_value()) << Error;
  return B.value_or(BlockShape{});
}

std::string parseError(const std::string &S) {
  std::string Error;
  EXPECT_FALSE(parseBlockShape(S, Error).has_value()) << S;
  return Error;
}

TEST(BlockShape, Parses) {
  EXPECT_EQ(parse("32").Dim, (std::array<unsigned, 3>{32, 1, 1}));
  EXPECT_EQ(parse("32,8").Dim, (std::array<unsigned, 3>{32, 8, 1}));
  EXPECT_EQ(parse("8x8x4").Dim, (std::array<unsigned, 3>{8, 8, 4}));
  EXPECT_EQ(parse("32x8").str(), "32x8x1");
}

TEST(BlockShape, RejectsBadText) {
  EXPECT_NE(parseError(""), "");
  EXPECT_NE(parseError("32,"), "");
  EXPECT_NE(parseError("a"), "");
  EXPECT_NE(parseError("1,2,3,4"), "");
  EXPECT_NE(parseError("0,32"), "");
  EXPECT_NE(parseError("64,32"), "");
  EXPECT_NE(parseError("1,1,65"), "");
  EXPECT_NE(parseError("99999999999999999999"), "");
  EXPECT_NE(parseError("-32"), "");
}

TEST(BlockShape, WarpsCoverTheBlock) {
  EXPECT_EQ(parse("32,32").warps(), 32u);
  EXPECT_EQ(parse("31").warps(), 1u);
  EXPECT_EQ(parse("33").warps(), 2u);
  // The last warp of a 33-thread block has one thread.
  BlockShape B = parse("33");
  EXPECT_TRUE(B.threadIdx(1, 0).has_value());
  EXPECT_FALSE(B.threadIdx(1, 1).has_value());
}

TEST(BlockShape, A16x16WarpSpansTwoRows) {
  BlockShape B = parse("16,16");
  auto T0 = B.threadIdx(0, 0), T15 = B.threadIdx(0, 15),
       T16 = B.threadIdx(0, 16);
  EXPECT_EQ(*T0, (std::array<unsigned, 3>{0, 0, 0}));
  EXPECT_EQ(*T15, (std::array<unsigned, 3>{15, 0, 0}));
  EXPECT_EQ(*T16, (std::array<unsigned, 3>{0, 1, 0}));
  EXPECT_EQ(*B.threadIdx(7, 31), (std::array<unsigned, 3>{15, 15, 0}));
}

TEST(BlockShape, ThreeDimensional) {
  BlockShape B = parse("8,2,4");
  // Linear id 37 = x 5 + y 0 * 8 + z 2 * 16.
  EXPECT_EQ(*B.threadIdx(1, 5), (std::array<unsigned, 3>{5, 0, 2}));
}

TEST(BlockShape, TheNextThreadIsTheNextLanes) {
  for (const char *Text :
       {"32,32", "33", "16,16", "8,2,4", "3,5,7", "1,1,64"}) {
    BlockShape B = parse(Text);
    for (uint64_t L = 0; L + 1 < B.threads(); ++L) {
      unsigned W = unsigned(L / 32), Lane = unsigned(L % 32);
      unsigned NW = unsigned((L + 1) / 32), NLane = unsigned((L + 1) % 32);
      EXPECT_EQ(B.nextThread(*B.threadIdx(W, Lane)), *B.threadIdx(NW, NLane))
          << Text << " thread " << L;
    }
  }
}

} // namespace

namespace {

TEST(BlockDimOption, ForAllKernelsOrOne) {
  std::string Error;
  std::optional<BlockDimOption> All = parseBlockDimOption("32,8", Error);
  ASSERT_TRUE(All.has_value()) << Error;
  EXPECT_EQ(All->Kernel, "");
  EXPECT_EQ(All->Shape.str(), "32x8x1");
  std::optional<BlockDimOption> One =
      parseBlockDimOption("transpose<16>:16x16", Error);
  ASSERT_TRUE(One.has_value()) << Error;
  EXPECT_EQ(One->Kernel, "transpose<16>");
  EXPECT_EQ(One->Shape.str(), "16x16x1");
  EXPECT_FALSE(parseBlockDimOption(":32", Error).has_value());
  EXPECT_FALSE(parseBlockDimOption("k:", Error).has_value());
  EXPECT_FALSE(parseBlockDimOption("k:2000", Error).has_value());
}

} // namespace
