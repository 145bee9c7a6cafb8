//===- CompileTimeValueTest.cpp - What the compiler folds to a constant ---===//
//
// The index forms of the guarded loads nvcc ran in every warp in
// differential run 2 (test/differential/findings/speculated_guarded_load.cu)
// fold; those that depend on a thread index or the block size do not.
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
  // Differential run 4, batch_008.cu:88: every low bit set by the |.
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
  // Differential run 4, batch_007.cu:217: 31 + lane == 9 never holds
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

TEST(CompileTimeValue, SameExpression) {
  X T = tid();
  EXPECT_TRUE(sameLaneExpr(*T.P, *tid().P));
  EXPECT_FALSE(sameLaneExpr(*T.P, *(tx() + ty()).P));
  LaneExprPtr U = LaneExpr::unknown("g[i]", "is read from memory");
  EXPECT_TRUE(sameLaneExpr(*U, *U));
  EXPECT_FALSE(sameLaneExpr(*U, *LaneExpr::unknown("g[i]", "is read")));
}

} // namespace
