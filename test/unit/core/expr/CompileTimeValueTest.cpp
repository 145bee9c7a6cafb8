// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CompileTimeValueTest.cpp - What the compiler folds to a constant ---===//
//
// The index forms of the guarded loads nvcc ran in every warp in
// the seed 2 measurement
// (test/differential/findings/speculated_guarded_load.cu) fold; those that
// depend on a thread index or the block size do not.
//
//===----------------------------------------------------------------------===//

#include "core/expr/CompileTimeValue.h"
#include "ExprBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

X bdx() { return X(LaneExpr::blockDim(0)); }
/// tid = threadIdx.x + threadIdx.y * blockDim.x, as the kernels spell it.
X tid() { return tx() + ty() * bdx(); }
X eq(const X &A, const X &B) { return cmp(BinaryOp::EQ, A, B); }
X land(const X &A, const X &B) {
  return X(LaneExpr::binary(BinaryOp::LAnd, A.P, B.P, IntType::intTy()));
}

std::optional<int64_t> value(const X &E, const CompileTimeFacts &F = {}) {
  return compileTimeValue(*E.P, F);
}

TEST(CompileTimeValue, ConstantsAndTheirOperators) {
  EXPECT_EQ(value(X(9) >> X(1)), 4);
  EXPECT_EQ(value((X(31) * X(64)) % X(16)), 0);
  EXPECT_EQ(value((X(9) % X(4)) * X(129) + X(0)), 129);
  EXPECT_EQ(value(X(36) & X(2)), 0);
}

TEST(CompileTimeValue, ThreadIndicesAndBlockSizeAreNotKnown) {
  EXPECT_EQ(value(tx()), std::nullopt);
  EXPECT_EQ(value(tx() % X(48)), std::nullopt);
  EXPECT_EQ(value(bdx() % X(16)), std::nullopt);
  EXPECT_EQ(value(sym("n") % X(32)), std::nullopt);
  EXPECT_EQ(value(tid() / X(32)), std::nullopt);
}

TEST(CompileTimeValue, IdentitiesOnUnknownOperands) {
  X T = tid();
  EXPECT_EQ(value((T ^ T) % X(64)), 0);                // batch_003.cu:290
  EXPECT_EQ(value((T % X(32) - T % X(32)) % X(8)), 0); // batch_013.cu:772
  EXPECT_EQ(value(T % X(1)), 0);                       // batch_010.cu:921
  EXPECT_EQ(value((X(0) - T) & (T * X(0))), 0); // batch_001.cu:455, i = 0
  EXPECT_EQ(value((tx() >> X(2)) & (X(3) / X(33))), 0); // batch_010.cu:263
  // batch_008.cu:692: a multiple of 16, modulo 16.
  EXPECT_EQ(value(((X(1) * (tx() ^ X(1))) * ((T & tx()) * X(16))) % X(16)), 0);
  EXPECT_EQ(value((tx() * X(8)) & X(7)), 0);
  EXPECT_EQ(value((tx() * X(8)) % X(32)), std::nullopt);
  // Seed 4 measurement, batch_008.cu:88: every low bit set by the |.
  EXPECT_EQ(value((bdx() | X(31)) % X(32)), 31);
  EXPECT_EQ(value((bdx() | X(31)) % X(16)), 15);
  EXPECT_EQ(value((bdx() | X(15)) % X(32)), std::nullopt);
  // Run 5, batch_009.cu:306: a value below the divisor.
  EXPECT_EQ(value((bdx() % X(32)) / X(32)), 0);
  EXPECT_EQ(value((bdx() % X(32)) >> X(5)), 0);
  EXPECT_EQ(value((bdx() % X(33)) / X(32)), std::nullopt);
  // Two different unknown terms are not the same value.
  EXPECT_EQ(value(tx() - ty()), std::nullopt);
}

TEST(CompileTimeValue, LogicalOperatorsShortCircuit) {
  EXPECT_EQ(value(land(X(0), tx() < X(3))), 0);
  EXPECT_EQ(value(land(tx() < X(3), X(1) < X(0))), 0);
  EXPECT_EQ(value(land(tx() < X(3), X(0) < X(1))), std::nullopt);
}

TEST(CompileTimeValue, ComparisonsThatTheOperatorsDecide) {
  X Lane = tid() % X(32);
  // batch_001.cu:806 (i = 0): lane - 0 > 35 never holds.
  EXPECT_EQ(value(cmp(BinaryOp::GT, Lane - X(0), X(35))), 0);
  // batch_006.cu:477: (lane % 4) % 8 == 5 never holds.
  EXPECT_EQ(value(eq((Lane % X(4)) % X(8), X(5))), 0);
  // batch_016.cu:79: (lane >> 2) % 32 >= 15 never holds.
  EXPECT_EQ(value(cmp(BinaryOp::GE, (Lane >> X(2)) % X(32), X(15))), 0);
  // batch_014.cu:194: 2 * lane == 39 never (even), 3 * lane == 39 may.
  EXPECT_EQ(value(eq(X(2) * Lane, X(39))), 0);
  EXPECT_EQ(value(eq(X(3) * Lane, X(39))), std::nullopt);
  EXPECT_EQ(value(Lane < X(32)), 1);
  EXPECT_EQ(value(Lane < X(31)), std::nullopt);
  // Seed 4 measurement, batch_007.cu:217: 31 + lane == 9 never holds
  // (nvcc deleted the load); the sum's smallest value decides the others.
  EXPECT_EQ(value(eq(X(31) + Lane, X(9))), 0);
  EXPECT_EQ(value(eq(Lane + X(31), X(40))), std::nullopt);
  EXPECT_EQ(value(cmp(BinaryOp::GE, X(31) + Lane, X(31))), 1);
  EXPECT_EQ(value(cmp(BinaryOp::LT, X(2) * Lane + X(8), X(8))), 0);
  EXPECT_EQ(value(cmp(BinaryOp::GT, X(31) + Lane, X(31))), std::nullopt);
  // batch_008.cu:363: nvcc does not bound blockDim.
  EXPECT_EQ(value(cmp(BinaryOp::LE, X(36) + bdx(), X(28))), std::nullopt);
}

TEST(CompileTimeValue, TheGuardFixesAThreadIndex) {
  // batch_006.cu:93: if (threadIdx.x == 20u) ... s0[threadIdx.x % 48u].
  CompileTimeFacts F = factsUnder(*eq(tx(), X(20)).P);
  EXPECT_EQ(F.ThreadIdx[0], 20);
  EXPECT_EQ(F.ThreadIdx[1], std::nullopt);
  EXPECT_EQ(value(tx() % X(48), F), 20);
  // tid == 9 fixes no thread index (batch_006.cu:628, not speculated).
  EXPECT_EQ(factsUnder(*eq(tid(), X(9)).P).ThreadIdx[0], std::nullopt);
  // Conjuncts count, a disjunct does not.
  X Both = land(eq(ty(), X(2)), tx() < X(5));
  EXPECT_EQ(factsUnder(*Both.P).ThreadIdx[1], 2);
  X Either(LaneExpr::binary(BinaryOp::LOr, eq(ty(), X(2)).P, (tx() < X(5)).P,
                            IntType::intTy()));
  EXPECT_EQ(factsUnder(*Either.P).ThreadIdx[1], std::nullopt);
}

TEST(CompileTimeValue, TheGuardFixesAVariableWhereItIsNamed) {
  // The kernels' `const unsigned tid = ...; const unsigned lane = tid % 32;`.
  X Tid(LaneExpr::variable(tid().P));
  X Lane(LaneExpr::variable((Tid % X(32)).P));
  CompileTimeFacts F = factsUnder(*eq(Tid, X(38)).P);
  ASSERT_EQ(F.Values.size(), 1u);
  // Seed 5 measurement, batch_000.cu:518: if (tid == 38u) ... s0[tid].
  EXPECT_EQ(value(Tid, F), 38);
  // What the branch computes from tid folds too.
  EXPECT_EQ(value(Tid % X(32), F), 6);
  EXPECT_EQ(value(Tid + X(1), F), 39);
  // lane was computed before the branch: seed 5, batch_009.cu:98, if (tid
  // == 16u) ... s0[lane] kept its per-lane address.
  EXPECT_EQ(value(Lane, F), std::nullopt);
  EXPECT_EQ(value(Lane + X(1), F), std::nullopt);
  EXPECT_EQ(value((Lane * X(3)) % X(4), F), std::nullopt);
  // Guarded by lane itself, lane is known (seed 2, batch_014.cu:678 is the
  // other way round: if (lane == 5u) ... s0[tid] is not).
  CompileTimeFacts OnLane = factsUnder(*eq(Lane, X(5)).P);
  EXPECT_EQ(value(Lane, OnLane), 5);
  EXPECT_EQ(value(Tid, OnLane), std::nullopt);
  // The same computation written out is the same value.
  EXPECT_EQ(value(Lane, factsUnder(*eq(Tid % X(32), X(7)).P)), 7);
  // A thread index fixed by the guard is not seen inside a variable
  // computed before it either.
  X Lane1d(LaneExpr::variable((tx() % X(32)).P));
  CompileTimeFacts OnTx = factsUnder(*eq(tx(), X(5)).P);
  EXPECT_EQ(value(tx() % X(32), OnTx), 5);
  EXPECT_EQ(value(Lane1d, OnTx), std::nullopt);
  // A variable that copies a thread index is that thread index.
  EXPECT_EQ(LaneExpr::variable(tx().P)->Variable, false);
  // A widened one is a value of its own that the guard fixes
  // (guard_forms_in_branch.cu, widenedThreadIndex: long t = threadIdx.x;
  // if (t == 5) ... s[t]).
  LaneExprPtr Wide =
      LaneExpr::variable(LaneExpr::cast(tx().P, IntType::longTy()));
  CompileTimeFacts OnWide = factsUnder(*LaneExpr::binary(
      BinaryOp::EQ, Wide, LaneExpr::constant(5, IntType::longTy()),
      IntType::intTy()));
  EXPECT_EQ(OnWide.ThreadIdx[0], 5);
  EXPECT_EQ(compileTimeValue(*Wide, OnWide), 5);
  // A narrowed one does not fix the thread index: 276 is 20 as an
  // unsigned char. (unsigned char)threadIdx.x == 20, promoted to int.
  LaneExprPtr Narrow = LaneExpr::cast(
      LaneExpr::cast(tx().P, IntType{8, false, false}), IntType::intTy());
  CompileTimeFacts OnNarrow = factsUnder(*LaneExpr::binary(
      BinaryOp::EQ, Narrow, LaneExpr::constant(20), IntType::intTy()));
  EXPECT_EQ(OnNarrow.ThreadIdx[0], std::nullopt);
  EXPECT_EQ(value(tx(), OnNarrow), std::nullopt);
  EXPECT_EQ(compileTimeValue(*Narrow, OnNarrow), 20);
}

TEST(CompileTimeValue, BitsBelowTheTrailingZerosOfTheOtherSide) {
  X Tid(LaneExpr::variable(tid().P));
  X Lane(LaneExpr::variable((Tid % X(32)).P));
  X Warp(LaneExpr::variable((Tid / X(32)).P));
  // Seed 5 measurement, batch_003.cu:551 (i = 0..2): lane ^ tid clears
  // the five low bits, times 4 seven, and i & warp is at most i.
  for (int I = 0; I < 3; ++I)
    EXPECT_EQ(value((X(I) & Warp) & ((Lane ^ Tid) * X(4))), 0) << I;
  EXPECT_EQ(value((X(200) & Warp) & ((Lane ^ Tid) * X(4))), std::nullopt);
  EXPECT_EQ(value((Tid - (Tid & X(15))) % X(16)), 0);
  EXPECT_EQ(value((Tid - (Tid & X(15))) % X(32)), std::nullopt);
  EXPECT_EQ(value((Tid ^ (Tid % X(24))) % X(8)), std::nullopt);
  EXPECT_EQ(value((tx() ^ (Tid % X(32))) % X(32)), std::nullopt);
  // Seed 6 measurement, batch_008.cu:678: i & (tid < 14u) is 0 for an
  // even i (a comparison is 0 or 1, though its type is int).
  X Below = cmp(BinaryOp::LT, Tid, X(14));
  EXPECT_EQ(value(X(2) & Below), 0);
  EXPECT_EQ(value(X(1) & Below), std::nullopt);
  EXPECT_EQ(value(land(X(1) | cmp(BinaryOp::LT, X(2), X(18)), X(2) & Below)),
            0);
  // A bool is x != 0, not x's low bit (guard_forms_in_branch.cu,
  // boolIsNotALowBit): (bool)(tid & 6) & 1 is not 0.
  X Bool(LaneExpr::cast((Tid & X(6)).P, IntType::boolTy()));
  EXPECT_EQ(value(Bool & X(1)), std::nullopt);
  EXPECT_EQ(value(Bool % X(2)), std::nullopt);
}

TEST(CompileTimeValue, LowBitsTheGuardFixes) {
  X Lane(LaneExpr::variable((tid() % X(32)).P));
  CompileTimeFacts F = factsUnder(*eq(Lane % X(8), X(4)).P);
  // Seed 3 measurement, batch_008.cu:385: lane is 4 modulo 8.
  EXPECT_EQ(value((Lane * X(3)) % X(4), F), 0);
  EXPECT_EQ(value((Lane * X(3)) % X(8), F), 4);
  EXPECT_EQ(value((Lane + X(5)) & X(7), F), 1);
  EXPECT_EQ(value((Lane + X(5)) % X(8), F), 1);
  EXPECT_EQ(value((Lane << X(1)) % X(16), F), 8);
  EXPECT_EQ(value((Lane * X(3)) % X(16), F), std::nullopt);
  EXPECT_EQ(value(cmp(BinaryOp::GT, (Lane * X(3)) % X(4), X(2)), F), 0);
  // Without the fact nothing is known.
  EXPECT_EQ(value((Lane * X(3)) % X(4)), std::nullopt);
  // A negative int modulo 2^k is not its low bits.
  X Signed(LaneExpr::cast((tx() - X(40)).P, IntType::intTy()));
  EXPECT_EQ(value(X(LaneExpr::binary(BinaryOp::Rem, (Signed * X(4)).P, X(4).P,
                                     IntType::intTy()))),
            0);
  EXPECT_EQ(value(X(LaneExpr::binary(BinaryOp::Rem, Signed.P, X(4).P,
                                     IntType::intTy())),
                  factsUnder(*eq(Signed % X(4), X(1)).P)),
            std::nullopt);
}

TEST(CompileTimeValue, SameExpression) {
  X T = tid();
  EXPECT_TRUE(sameLaneExpr(*T.P, *tid().P));
  EXPECT_FALSE(sameLaneExpr(*T.P, *(tx() + ty()).P));
  LaneExprPtr U = LaneExpr::unknown("g[i]", "is read from memory");
  EXPECT_TRUE(sameLaneExpr(*U, *U));
  EXPECT_FALSE(sameLaneExpr(*U, *LaneExpr::unknown("g[i]", "is read")));
}

} // namespace
