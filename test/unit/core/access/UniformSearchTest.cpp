// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UniformSearchTest.cpp - Accesses over values that are not known ----===//

#include "AccessBuilder.h"
#include "core/access/AccessEvaluation.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

const BlockShape OneWarp{{32, 1, 1}};

TEST(UniformSearch, LaneTimesParameterIsJudgedAtItsWorstValue) {
  // a[threadIdx.x * n] in a[64]: n = 0 (one address), 1 (no conflict) and
  // 2 (2-way) keep every lane inside the array; n >= 3 cannot happen.
  AccessEvaluation E =
      evaluateAccess({"a", {64}, 4}, access({tx() * sym("n")}), OneWarp);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_FALSE(E.exact());
  EXPECT_EQ(E.worst().NWay, 2u);
  EXPECT_EQ(E.WorstCase, "for n = 2");
  EXPECT_EQ(E.Bound, (UniformBindings{{"n", 2}}));
}

TEST(UniformSearch, AQuotientTakesItsResiduesToo) {
  // a[threadIdx.x * (n / 128)] in a[1024]: n / 128 = 32 (n = 4096) puts
  // every lane on bank 0; the values up to twice the reach (n / 128 <= 2)
  // would say 2-way.
  AccessEvaluation E = evaluateAccess(
      {"a", {1024}, 4}, access({tx() * (sym("n") / 128)}), OneWarp);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().NWay, 32u);
  EXPECT_EQ(E.WorstCase, "for n = 4096");
  // The same with a shift.
  E = evaluateAccess({"a", {1024}, 4}, access({tx() * (sym("n") >> 7)}),
                     OneWarp);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().NWay, 32u);
}

TEST(UniformSearch, ValuesOutOfBoundsAreNeverTheWorstCase) {
  // In a[32] only n = 0 and n = 1 keep the lanes inside: both take one
  // wavefront, so the numbers are exact for every value of n.
  AccessEvaluation E =
      evaluateAccess({"a", {32}, 4}, access({tx() * sym("n")}), OneWarp);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_TRUE(E.exact()) << E.WorstCase;
  EXPECT_EQ(E.ForEvery, "n");
  EXPECT_EQ(E.worst().Wavefronts, 1u);
}

TEST(UniformSearch, UniformRotationIsExactForEveryValue) {
  // a[(threadIdx.x + i) % 32]: a rotation of the banks whatever i is.
  AccessEvaluation E = evaluateAccess(
      {"a", {32}, 4}, access({(tx() + sym("i")) % 32}), BlockShape{{64, 1, 1}});
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_TRUE(E.exact());
  EXPECT_EQ(E.ForEvery, "i");
  EXPECT_EQ(E.BlockWavefronts, 2u);
}

TEST(UniformSearch, ASymbolThatOnlySwitchesTheAccessIsTriedOnceEachWay) {
  // if (j * 32 + 5 < 1024) a[threadIdx.x * 8]: j turns the whole access on
  // or off; it runs for j = 0 (the first value), where it is 8-way.
  SharedAccessDesc A = access({tx() * 8});
  A.Guard = (sym("j") * X(32) + X(5) < X(1024)).P;
  uint64_t Before = lanesEvaluated();
  AccessEvaluation E = evaluateAccess({"a", {256}, 4}, A, OneWarp);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().NWay, 8u);
  EXPECT_EQ(E.WorstCase, "for j = 0");
  // One evaluation with the access on, one with it off, and the first
  // without a value: not one per value of j.
  EXPECT_LE(lanesEvaluated() - Before, 4u * 32u);
}

TEST(UniformSearch, ThresholdGuardIsJudgedWithTheMostLanes) {
  // if (threadIdx.x >= k) a[threadIdx.x * 8]: with every lane, banks 0, 8,
  // 16 and 24 take 8 lanes each.
  SharedAccessDesc A = access({tx() * 8});
  A.Guard = (tx() >= sym("k")).P;
  AccessEvaluation E = evaluateAccess({"a", {256}, 4}, A, OneWarp);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_FALSE(E.exact());
  EXPECT_EQ(E.worst().NWay, 8u);
  EXPECT_EQ(E.WorstCase, "for k = 0");
}

TEST(UniformSearch, TheWorstValueBoundsTheBlockTotals) {
  // if ((threadIdx.x + n) % 2 >= 1) a[(threadIdx.x / 2) * 32], 33 threads:
  // either parity leaves warp 0 16-way (excess 15); odd n also runs thread
  // 32, alone in warp 1 (1 wavefront, ideal 1). The block's totals are
  // those of odd n: 17 wavefronts, ideal 2 (seed 5 measurement,
  // such a pair above the other value's totals).
  SharedAccessDesc A = access({(tx() / 2) * 32});
  A.Guard = ((tx() + sym("n")) % 2 >= X(1)).P;
  AccessEvaluation E =
      evaluateAccess({"a", {1024}, 4}, A, BlockShape{{33, 1, 1}});
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_FALSE(E.exact());
  EXPECT_EQ(E.worst().Wavefronts, 16u);
  EXPECT_EQ(E.BlockWavefronts, 17u);
  EXPECT_EQ(E.BlockIdeal, 2u);
}

TEST(UniformSearch, GuardAndIndexShareTheValue) {
  // if (threadIdx.x < k) a[threadIdx.x * k] in a[1024]: k = 32 is a
  // 32-way conflict over all 32 lanes; k = 33 is conflict-free.
  SharedAccessDesc A = access({tx() * sym("k")});
  A.Guard = (tx() < sym("k")).P;
  AccessEvaluation E = evaluateAccess({"a", {1024}, 4}, A, OneWarp);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().NWay, 32u);
  EXPECT_EQ(E.WorstCase, "for k = 32");
}

TEST(UniformSearch, ValuesThatDivideByZeroAreSkipped) {
  // a[threadIdx.x / n]: n = 0 cannot run; every other n reads few enough
  // distinct words in distinct banks.
  AccessEvaluation E =
      evaluateAccess({"a", {64}, 4}, access({tx() / sym("n")}), OneWarp);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_TRUE(E.exact());
  EXPECT_EQ(E.worst().Wavefronts, 1u);
}

TEST(UniformSearch, DataDependentGuardIsTakenAsTrueInEveryLane) {
  SharedAccessDesc A = access({tx() * 2});
  A.Guard = (unknownTerm("in[i]") < 1).P;
  AccessEvaluation E = evaluateAccess({"a", {64}, 4}, A, OneWarp);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_FALSE(E.exact());
  EXPECT_EQ(E.worst().NWay, 2u);
  EXPECT_EQ(E.WorstCase, "if 'in[i] < 1' holds in every lane");
}

TEST(UniformSearch, KnownConjunctStillSwitchesLanesOff) {
  // if (threadIdx.x < 16 && in[i] < 1) a[threadIdx.x * 2]: 16 lanes at
  // most, in banks 0, 2, ..., 30: no conflict.
  SharedAccessDesc A = access({tx() * 2});
  A.Guard = ((tx() < 16) && (unknownTerm("in[i]") < 1)).P;
  AccessEvaluation E = evaluateAccess({"a", {64}, 4}, A, OneWarp);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().Wavefronts, 1u);
  EXPECT_FALSE(E.exact());
}

TEST(UniformSearch, TwoUnknownsInOneProductAreNotJudged) {
  AccessEvaluation E = evaluateAccess(
      {"a", {4096}, 4}, access({tx() * sym("n") * sym("m")}), OneWarp);
  EXPECT_FALSE(E.judged());
  EXPECT_NE(E.Problem.find("combines the lane index"), std::string::npos)
      << E.Problem;
}

TEST(UniformSearch, LanesAValueSendsOutOfTheArrayAreSwitchedOff) {
  // for (i = threadIdx.x; i < rows * 32; i += 64) t[i / 32][i % 32], 64
  // threads: the iteration k sends every lane past t[32][32] from k = 16;
  // rows is not known, so a program that stays in bounds ends the loop
  // there. Each iteration that runs reads two rows: no conflict.
  SharedAccessDesc A =
      access({(tx() + sym("k") * 64) / 32, (tx() + sym("k") * 64) % 32});
  A.Guard = (tx() + sym("k") * 64 < sym("rows") * 32).P;
  AccessEvaluation E =
      evaluateAccess({"t", {32, 32}, 4}, A, BlockShape{{64, 1, 1}});
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_FALSE(E.exact());
  EXPECT_EQ(E.BlockWavefronts, 2u);
  EXPECT_EQ(E.SameForEveryValue, "k");
  // With no value given to a symbol, a lane out of the array is still a
  // problem, guard or not.
  SharedAccessDesc Past = access({tx() + 32});
  Past.Guard = (tx() < sym("rows")).P;
  AccessEvaluation P =
      evaluateAccessWith({"t", {32}, 4}, Past, OneWarp, {nullptr, true});
  EXPECT_FALSE(P.judged());
  EXPECT_TRUE(P.ProblemFromValues);
}

TEST(UniformSearch, ASymbolOnlyInADataGuardIsNotSearched) {
  // if (n < in[i]) a[threadIdx.x * 2]: no value of n decides the guard,
  // which reads memory; one evaluation, and the same judgement.
  SharedAccessDesc A = access({tx() * 2});
  A.Guard = (sym("n") < unknownTerm("in[i]")).P;
  uint64_t Before = lanesEvaluated();
  AccessEvaluation E = evaluateAccess({"a", {64}, 4}, A, OneWarp);
  EXPECT_EQ(lanesEvaluated() - Before, 32u);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().NWay, 2u);
  EXPECT_EQ(E.WorstCase, "if 'n < in[i]' holds in every lane");
}

TEST(UniformSearch, WarpUniformGuardIsAnAssumption) {
  // if (blockIdx.x < 4) a[threadIdx.x * 2]: when it runs, 2-way.
  SharedAccessDesc A = access({tx() * 2});
  A.Guard = (sym("blockIdx.x") < 4).P;
  AccessEvaluation E = evaluateAccess({"a", {64}, 4}, A, OneWarp);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().Wavefronts, 2u);
  EXPECT_FALSE(E.exact());
}

} // namespace

namespace {

/// The worst outcome over the values 0 to 399 of \p Symbol, one evaluation
/// each: what evaluateAccess must find, whatever values it tries.
uint64_t bruteForceWorstExcess(const SharedArrayLayout &Array,
                               const SharedAccessDesc &Access,
                               const BlockShape &Shape, const char *Symbol) {
  uint64_t Worst = 0;
  for (int64_t V = 0; V < 400; ++V) {
    UniformBindings B{{Symbol, V}};
    AccessEvaluation E = evaluateAccessWith(Array, Access, Shape, {&B, true});
    if (E.judged() && !E.Warps.empty())
      Worst = std::max<uint64_t>(Worst, E.worst().excess());
  }
  return Worst;
}

TEST(UniformSearch, PeriodicIndicesFindTheBruteForceWorst) {
  // Masked and power-of-two-modulo uses of i are tried over one period;
  // the others over the whole range. Each must find the brute-force worst.
  SharedArrayLayout A{"a", {4096}, 4};
  BlockShape Shape{{64, 2, 1}};
  std::vector<X> Indices = {
      ((tx() * 3 + sym("i")) & 31) * 32,
      ((tx() + sym("i") * 5) % 64) * 16,
      (tx() * 8 + (sym("i") & 7) * 33) % 4096,
      ((tx() + ty() * 7 + sym("i")) % 48) * 32,
      (tx() * (sym("i") % 16)) + ty() * 64,
      // An unsigned shift of a linear value is linear: periodic modulo 64.
      ((((sym("i") + tx()) << 3) + sym("i") * 5) % 64) * 16,
      ((sym("i") << (tx() & 7)) & 63) * 32,
      // 32-way only when i % 64 == 40: found only over a whole period.
      X(LaneExpr::conditional(cmp(BinaryOp::EQ, sym("i") & 63, X(40)).P,
                              (tx() * 32).P, tx().P, IntType::unsignedTy())),
  };
  for (const X &Index : Indices) {
    SharedAccessDesc Access = access({Index});
    AccessEvaluation E = evaluateAccess(A, Access, Shape);
    ASSERT_TRUE(E.judged()) << printLaneExpr(*Index.P) << ": " << E.Problem;
    EXPECT_EQ(E.worst().excess(), bruteForceWorstExcess(A, Access, Shape, "i"))
        << printLaneExpr(*Index.P);
  }
}

TEST(UniformSearch, ValuesReachWhatTheLanesReachNotTheBlock) {
  // if (threadIdx.x < r) a[(r + threadIdx.y) * 33 + threadIdx.x] in a
  // 32x32 block: the lanes' terms stay below 32, so r is tried from 0 to
  // 256 (each threshold and a bank period), not to 2048; the
  // worst case is the brute-force one.
  SharedArrayLayout A{"a", {8192}, 4};
  BlockShape Shape{{32, 32, 1}};
  SharedAccessDesc Access = access({(sym("r") + ty()) * 33 + tx()});
  Access.Guard = (tx() < sym("r")).P;
  uint64_t Before = lanesEvaluated();
  AccessEvaluation E = evaluateAccess(A, Access, Shape);
  uint64_t Work = lanesEvaluated() - Before;
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_EQ(E.worst().excess(), bruteForceWorstExcess(A, Access, Shape, "r"));
  EXPECT_LE(Work, (3 * 128 + 2) * Shape.threads());
  // A term that reaches 992 in the same block (threadIdx.y * 32): r (an
  // unsigned symbol) from 0 to 2 x 992.
  Access.Guard = (ty() * 32 < sym("r")).P;
  Before = lanesEvaluated();
  E = evaluateAccess(A, Access, Shape);
  EXPECT_GE(lanesEvaluated() - Before, 2 * 992 * Shape.threads());
}

} // namespace
