// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SettledValueTest.cpp - A loop variable's value without its history -===//
//
// The settled value of an expression that is the same in every lane is one
// node: its number, or the unknown term its evaluation stops at. Each case
// also evaluates both in several lanes: the settled value must give what
// the original gives, the same number or the same error.
//
//===----------------------------------------------------------------------===//

#include "core/expr/SettledValue.h"
#include "ExprBuilder.h"
#include "core/expr/LaneEvaluator.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

LaneEnv lane(unsigned X, unsigned Y) {
  LaneEnv E;
  E.ThreadIdx = {X, Y, 0};
  E.BlockDim = {32, 8, 1};
  return E;
}

/// \p Settled evaluates as \p Original does in a few lanes of a 32x8 block.
void expectSameEvaluation(const LaneExpr &Settled, const LaneExpr &Original) {
  for (LaneEnv Env : {lane(0, 0), lane(5, 3), lane(31, 7)}) {
    EvalResult S = evaluateLane(Settled, Env), O = evaluateLane(Original, Env);
    ASSERT_EQ(S.ok(), O.ok());
    if (O.ok()) {
      EXPECT_EQ(*S.Value, *O.Value);
      continue;
    }
    EXPECT_EQ(S.Error.Kind, O.Error.Kind);
    EXPECT_EQ(S.Error.Term, O.Error.Term);
    EXPECT_EQ(S.Error.Message, O.Error.Message);
  }
}

X unsignedConstant(int64_t V) {
  return X(LaneExpr::constant(V, IntType::unsignedTy()));
}

TEST(SettledValue, AVariableSteppedThreeTimesIsItsNumber) {
  // j = 0; j = j + 8; j = j + 8; j = j + 8: 24, one constant of j's type.
  X J = X(0);
  for (int K = 0; K < 3; ++K)
    J = J + 8;
  LaneExprPtr S = settledValue(*J.P);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Kind, ExprKind::Constant);
  EXPECT_EQ(S->Value, 24);
  EXPECT_EQ(S->Type, IntType::intTy());
  EXPECT_TRUE(S->Ops.empty());
  expectSameEvaluation(*S, *J.P);
}

TEST(SettledValue, KeepsTheTypeAndItsWrapping) {
  // 7u - 10 wraps to 2^32 - 3 and stays unsigned.
  X E = unsignedConstant(7) - 10;
  LaneExprPtr S = settledValue(*E.P);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Kind, ExprKind::Constant);
  EXPECT_EQ(S->Value, 4294967293);
  EXPECT_EQ(S->Type, IntType::unsignedTy());
  expectSameEvaluation(*S, *E.P);

  // (long)1 << 40 needs the 64 bits of a long.
  X Long(LaneExpr::binary(
      BinaryOp::Shl, LaneExpr::constant(1, IntType::longTy()),
      LaneExpr::constant(40, IntType::longTy()), IntType::longTy()));
  S = settledValue(*Long.P);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Value, int64_t(1) << 40);
  EXPECT_EQ(S->Type, IntType::longTy());
}

TEST(SettledValue, SymbolsThatCancelLeaveANumber) {
  // n * 2 - n * 2 + 4 is 4 whatever n is (unsigned arithmetic wraps).
  X E = sym("n") * 2 - sym("n") * 2 + 4;
  LaneExprPtr S = settledValue(*E.P);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Kind, ExprKind::Constant);
  EXPECT_EQ(S->Value, 4);
  expectSameEvaluation(*S, *E.P);
}

TEST(SettledValue, ASignedSymbolThatCancelsMayStillOverflow) {
  // n + 1 - n with an int n is 1 for every n but INT_MAX, where n + 1
  // overflows: the search over a symbol's values binds it so. The settled
  // value must fail there too, or not be made.
  X N(LaneExpr::uniform("n", IntType::intTy()));
  X E = N + 1 - N;
  UniformBindings Max = {{"n", 2147483647}};
  LaneEnv Env;
  Env.Uniforms = &Max;
  EvalResult O = evaluateLane(*E.P, Env);
  ASSERT_FALSE(O.ok());
  ASSERT_EQ(O.Error.Kind, EvalErrorKind::SignedOverflow);
  if (LaneExprPtr S = settledValue(*E.P))
    EXPECT_FALSE(evaluateLane(*S, Env).ok());
}

TEST(SettledValue, AShortCircuitSkipsTheUnknownTerm) {
  // 0 && s[i] is 0: C does not read s[i]. 1 < 2 ? 3 : s[i] is 3.
  X And = X(0) && unknownTerm("s[i]");
  LaneExprPtr S = settledValue(*And.P);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Kind, ExprKind::Constant);
  EXPECT_EQ(S->Value, 0);
  expectSameEvaluation(*S, *And.P);

  X Choice(LaneExpr::conditional((X(1) < X(2)).P, X(3).P, unknownTerm("s[i]").P,
                                 IntType::intTy()));
  S = settledValue(*Choice.P);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Kind, ExprKind::Constant);
  EXPECT_EQ(S->Value, 3);
  expectSameEvaluation(*S, *Choice.P);
}

TEST(SettledValue, AnUnknownTermSettlesToThatTerm) {
  // sum = 0; sum = sum + s[i]; sum = sum + 1: 'sum' cannot be evaluated
  // because of s[i], and the settled value says so in the same words.
  X Sum = (X(0) + unknownTerm("s[i]")) + 1;
  LaneExprPtr S = settledValue(*Sum.P);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Kind, ExprKind::Unknown);
  EXPECT_EQ(S->Name, "s[i]");
  EXPECT_EQ(S->Reason, "is read from memory");
  EXPECT_TRUE(S->Ops.empty());
  expectSameEvaluation(*S, *Sum.P);
}

TEST(SettledValue, TheFirstUnknownTermTheEvaluationReaches) {
  // a * b: the left operand is evaluated first.
  X E = unknownTerm("a") * unknownTerm("b");
  LaneExprPtr S = settledValue(*E.P);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Name, "a");
  expectSameEvaluation(*S, *E.P);

  // An unknown term reached before a division by zero is what stops the
  // evaluation.
  X First = unknownTerm("a") + X(1) / X(0);
  S = settledValue(*First.P);
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Kind, ExprKind::Unknown);
  EXPECT_EQ(S->Name, "a");
  expectSameEvaluation(*S, *First.P);
}

TEST(SettledValue, NoneForOtherFailures) {
  // A division by zero or a signed overflow is no unknown term: no node
  // says it as the original does.
  EXPECT_FALSE(settledValue(*(X(1) / X(0)).P));
  EXPECT_FALSE(settledValue(*(X(1) / X(0) + unknownTerm("a")).P));
  EXPECT_FALSE(settledValue(*(X(2147483647) + X(1)).P));
}

TEST(SettledValue, NoneForValuesThatDependOnTheLaneOrTheBlock) {
  // threadIdx.x + 1 differs per lane; blockDim.x * 2 per block shape,
  // which one evaluation without a block cannot know.
  EXPECT_FALSE(settledValue(*(tx() + 1).P));
  EXPECT_FALSE(settledValue(*(ty() * 32 + unknownTerm("s[i]")).P));
  EXPECT_FALSE(settledValue(*(X(LaneExpr::blockDim(0)) * 2).P));
}

TEST(SettledValue, NoneForSymbols) {
  // blockIdx.x * 32 + 4 is no number; the affine value stays as written.
  EXPECT_FALSE(settledValue(*(sym("blockIdx.x") * 32 + 4).P));
  EXPECT_FALSE(settledValue(*(sym("n") / 2).P));
}

TEST(SettledValue, NoneForOneNode) {
  EXPECT_FALSE(settledValue(*X(5).P));
  EXPECT_FALSE(settledValue(*unknownTerm("s[i]").P));
  EXPECT_FALSE(settledValue(*sym("n").P));
  EXPECT_FALSE(settledValue(*tx().P));
}

} // namespace
