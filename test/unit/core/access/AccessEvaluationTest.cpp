// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessEvaluationTest.cpp - Accesses over every warp of a block -----===//

#include "core/access/AccessEvaluation.h"
#include "AccessBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

TEST(AccessEvaluation, UniformShiftKeepsTheConflict) {
  SharedArrayLayout Tile{"tile", {64, 32}, 4};
  AccessEvaluation E = evaluateAccess(
      Tile, access({tx() + sym("blockIdx.x"), ty()}), BlockShape{{32, 8, 1}});
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().NWay, 32u);
  EXPECT_EQ(E.Warps.size(), 8u);
  EXPECT_EQ(E.BlockWavefronts, 256u);
  EXPECT_EQ(E.BlockIdeal, 8u);
}

TEST(AccessEvaluation, SubWordShiftIsTriedAtEveryAlignment) {
  // char a[tid * 128 + b]: one bank whatever b is.
  SharedArrayLayout A{"a", {8192}, 1};
  AccessEvaluation E = evaluateAccess(A, access({tx() * 128 + sym("b")}, 1),
                                      BlockShape{{32, 1, 1}});
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().NWay, 32u);
  // char a[tid * 2 + b]: 1 or 2 ... words per bank? Always 1: 64 bytes.
  AccessEvaluation F = evaluateAccess(A, access({tx() * 2 + sym("b")}, 1),
                                      BlockShape{{32, 1, 1}});
  ASSERT_TRUE(F.judged()) << F.Problem;
  EXPECT_EQ(F.worst().Wavefronts, 1u);
  // Two lanes at bytes 3 and 128: words 0 and 32 (both bank 0, 2
  // wavefronts) when b % 4 == 0, words 1 and 32 (1 wavefront) when
  // b % 4 == 1: not judged.
  // b % 4 == 1: not judged as one evaluation; judged at its worst value.
  SharedAccessDesc Shifted = access({tx() * 125 + 3 + sym("b")}, 1);
  AccessEvaluation G =
      evaluateAccessWith(A, Shifted, BlockShape{{2, 1, 1}}, {});
  EXPECT_FALSE(G.judged());
  EXPECT_EQ(G.BlockingTerm, "b");
  AccessEvaluation H = evaluateAccess(A, Shifted, BlockShape{{2, 1, 1}});
  ASSERT_TRUE(H.judged()) << H.Problem;
  EXPECT_EQ(H.worst().Wavefronts, 2u);
  EXPECT_EQ(H.WorstCase, "for b = 0");
}

TEST(AccessEvaluation, OutOfBoundsIsAProblemNotANumber) {
  SharedArrayLayout Tile{"tile", {31, 31}, 4};
  AccessEvaluation E =
      evaluateAccess(Tile, access({tx(), 0}), BlockShape{{32, 1, 1}});
  EXPECT_FALSE(E.judged());
  EXPECT_NE(E.Problem.find("out of bounds"), std::string::npos) << E.Problem;
  EXPECT_NE(E.Problem.find("threadIdx (31,0,0)"), std::string::npos);
}

// One evaluation with nothing bound; evaluateAccess then tries the values
// of n (UniformSearchTest).
TEST(AccessEvaluation, LaneTimesUnknownIsNotJudgedAlone) {
  AccessEvaluation E = evaluateAccessWith(
      {"a", {64}, 4}, access({tx() * sym("n")}), BlockShape{{32, 1, 1}}, {});
  EXPECT_FALSE(E.judged());
  EXPECT_EQ(E.BlockingTerm, "n");
}

TEST(AccessEvaluation, LaneDependentUnknownGuardIsNotJudgedAlone) {
  SharedAccessDesc A = access({tx()});
  A.Guard = (tx() < sym("n")).P;
  AccessEvaluation E =
      evaluateAccessWith({"a", {64}, 4}, A, BlockShape{{32, 1, 1}}, {});
  EXPECT_FALSE(E.judged());
  AccessEvaluation Assumed = evaluateAccessWith(
      {"a", {64}, 4}, A, BlockShape{{32, 1, 1}}, {nullptr, true});
  ASSERT_TRUE(Assumed.judged()) << Assumed.Problem;
  EXPECT_EQ(Assumed.AssumedGuards.size(), 1u);
}

TEST(AccessEvaluation, WarpUniformGuardKeepsEveryLane) {
  SharedAccessDesc A = access({tx() * 2});
  A.Guard = (sym("blockIdx.x") < 4).P;
  AccessEvaluation E =
      evaluateAccess({"a", {64}, 4}, A, BlockShape{{32, 1, 1}});
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().Wavefronts, 2u);
}

TEST(AccessEvaluation, WorstWarpIsReported) {
  // Warp 0 reads a[tid], warp 1 reads a[tid * 4] (a 4-way conflict).
  X Idx(LaneExpr::conditional((tx() < 32).P, tx().P, (tx() * 4).P,
                              IntType::unsignedTy()));
  AccessEvaluation E =
      evaluateAccess({"a", {256}, 4}, access({Idx}), BlockShape{{64, 1, 1}});
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_FALSE(E.sameInEveryWarp());
  EXPECT_EQ(E.Warps[E.WorstWarp].Warp, 1u);
  EXPECT_EQ(E.worst().NWay, 4u);
  EXPECT_EQ(E.BlockWavefronts, 5u);
}

TEST(AccessEvaluation, PartialLastWarp) {
  AccessEvaluation E = evaluateAccess({"a", {64, 32}, 4}, access({tx(), 0}),
                                      BlockShape{{40, 1, 1}});
  ASSERT_TRUE(E.judged()) << E.Problem;
  ASSERT_EQ(E.Warps.size(), 2u);
  EXPECT_EQ(E.Warps[0].Result.NWay, 32u);
  EXPECT_EQ(E.Warps[1].Result.NWay, 8u);
}

} // namespace

namespace {

// Fuzzing finding (CoreFuzzer): strides and byte addresses of huge arrays
// overflowed int64_t. Such an access is not judged, with a reason.
TEST(AccessEvaluation, AddressesBeyond64BitsAreAProblem) {
  SharedArrayLayout Huge{"huge", {UINT64_MAX / 2, UINT64_MAX / 2}, 4};
  AccessEvaluation E =
      evaluateAccess(Huge, access({tx(), 0}), BlockShape{{32, 1, 1}});
  EXPECT_FALSE(E.judged());
  EXPECT_NE(E.Problem.find("does not fit in 64 bits"), std::string::npos)
      << E.Problem;
  // Near INT_MAX in each of two dimensions: the last rows of a char
  // array are at 2^62 bytes, which fits; of an int array, 2^64, which not.
  X LastRows = tx() + X(LaneExpr::constant(2147483647 - 32));
  SharedArrayLayout Chars{"chars", {2147483647, 2147483647}, 1};
  AccessEvaluation F =
      evaluateAccess(Chars, access({LastRows, 0}), BlockShape{{32, 1, 1}});
  EXPECT_TRUE(F.judged()) << F.Problem;
  SharedArrayLayout Ints{"ints", {2147483647, 2147483647}, 4};
  AccessEvaluation G =
      evaluateAccess(Ints, access({LastRows, 0}), BlockShape{{32, 1, 1}});
  EXPECT_FALSE(G.judged());
  EXPECT_NE(G.Problem.find("does not fit in 64 bits"), std::string::npos)
      << G.Problem;
}

} // namespace

namespace {

TEST(AccessEvaluation, AtomicsServeDistinctWordsLikeLoads) {
  // atomicAdd(&bins[(tid * 8) % 256], 1u): eight words in each of four
  // banks, 8 wavefronts (measured on the GPU).
  SharedArrayLayout Bins{"bins", {256}, 4};
  SharedAccessDesc Add = access({(tx() * 8) % 256});
  Add.Kind = AccessKind::Atomic;
  Add.EachLaneAtomic = true;
  AccessEvaluation E = evaluateAccess(Bins, Add, BlockShape{{32, 1, 1}});
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().Wavefronts, 8u);
  EXPECT_EQ(E.worst().Ideal, 1u);
}

TEST(AccessEvaluation, AtomicLanesOnOneWordAreJudgedOnlyWhenCounted) {
  // Pairs of lanes on one word: ATOMS.POPC.INC counts them in one update
  // (1 wavefront, measured); any other atomic is not judged.
  SharedArrayLayout Bins{"bins", {256}, 4};
  SharedAccessDesc Pairs = access({tx() / 2});
  Pairs.Kind = AccessKind::Atomic;
  AccessEvaluation Counted =
      evaluateAccess(Bins, Pairs, BlockShape{{32, 1, 1}});
  ASSERT_TRUE(Counted.judged()) << Counted.Problem;
  EXPECT_EQ(Counted.worst().Wavefronts, 1u);
  Pairs.EachLaneAtomic = true;
  AccessEvaluation Each = evaluateAccess(Bins, Pairs, BlockShape{{32, 1, 1}});
  EXPECT_FALSE(Each.judged());
  EXPECT_NE(Each.Problem.find("lanes 0 and 1 of warp 0 update one word"),
            std::string::npos)
      << Each.Problem;
}

} // namespace
