// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaneEvaluatorTest.cpp - C semantics of the per-lane evaluator ------===//

#include "core/expr/LaneEvaluator.h"
#include "ExprBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

LaneEnv lane(unsigned X, unsigned Y = 0) {
  LaneEnv E;
  E.ThreadIdx = {X, Y, 0};
  E.BlockDim = {32, 8, 1};
  return E;
}

int64_t eval(const X &E, LaneEnv Env = lane(0)) {
  EvalResult R = evaluateLane(*E.P, Env);
  EXPECT_TRUE(R.ok()) << R.Error.Message;
  EXPECT_TRUE(R.ok() && R.Value->isConcrete());
  return R.ok() ? R.Value->Const : -999;
}

EvalError error(const X &E, LaneEnv Env = lane(0)) {
  EvalResult R = evaluateLane(*E.P, Env);
  EXPECT_FALSE(R.ok());
  return R.Error;
}

TEST(LaneEvaluator, Arithmetic) {
  EXPECT_EQ(eval(tx() * 32 + ty(), lane(3, 2)), 98);
  EXPECT_EQ(eval((tx() % 32) * 32 + tx() / 32, lane(5)), 160);
  EXPECT_EQ(eval(tx() << 2, lane(3)), 12);
  EXPECT_EQ(eval((tx() >> 1) ^ 1, lane(6)), 2);
  EXPECT_EQ(eval(X(LaneExpr::blockDim(1)) * tx(), lane(2)), 16);
}

TEST(LaneEvaluator, ATypesLargestValue) {
  EXPECT_EQ(IntType::intTy().maxValue(), INT32_MAX);
  EXPECT_EQ(IntType::unsignedTy().maxValue(), int64_t(UINT32_MAX));
  EXPECT_EQ((IntType{16, false, false}).maxValue(), 65535);
  EXPECT_EQ(IntType::longTy().maxValue(), INT64_MAX);
  // Beyond INT64_MAX, an unsigned 64-bit value is not needed.
  EXPECT_EQ((IntType{64, false, false}).maxValue(), INT64_MAX);
  EXPECT_EQ(IntType::boolTy().maxValue(), 1);
}

TEST(LaneEvaluator, UnsignedWrapsLikeC) {
  // threadIdx.x - 1 is unsigned: lane 0 gives 4294967295.
  EXPECT_EQ(eval(tx() - 1, lane(0)), 4294967295);
  // Converted to int it is -1.
  EXPECT_EQ(eval(asInt(tx() - 1), lane(0)), -1);
  // Signed division truncates toward zero.
  EXPECT_EQ(eval(X(-7) / X(2)), -3);
  EXPECT_EQ(eval(X(-7) % X(2)), -1);
}

TEST(LaneEvaluator, ReportsInsteadOfExecutingUndefinedOperations) {
  EXPECT_EQ(error(tx() / (tx() - tx())).Kind, EvalErrorKind::DivisionByZero);
  EXPECT_EQ(error(tx() % X(0)).Kind, EvalErrorKind::DivisionByZero);
  EXPECT_EQ(error(tx() << 32).Kind, EvalErrorKind::ShiftOutOfRange);
  EXPECT_EQ(error(tx() << X(-1)).Kind, EvalErrorKind::ShiftOutOfRange);
  EXPECT_EQ(error(X(2147483647) + X(1)).Kind, EvalErrorKind::SignedOverflow);
  EXPECT_EQ(error(X(65536) * X(65536)).Kind, EvalErrorKind::SignedOverflow);
  EXPECT_EQ(error(X(-1) << X(3)).Kind, EvalErrorKind::SignedOverflow);
  // A value shifted into the sign bit is defined (INT_MIN); past it, not.
  EXPECT_EQ(eval(X(1) << X(31)), INT32_MIN);
  EXPECT_EQ(eval(X(3) << X(30)), -1073741824);
  EXPECT_EQ(error(X(2) << X(31)).Kind, EvalErrorKind::SignedOverflow);
}

TEST(LaneEvaluator, UniformSymbolsStayAffine) {
  X E = sym("blockIdx.x") * 32 + tx();
  EvalResult R = evaluateLane(*E.P, lane(5));
  ASSERT_TRUE(R.ok());
  EXPECT_EQ(R.Value->Const, 5);
  ASSERT_EQ(R.Value->Terms.size(), 1u);
  EXPECT_EQ(R.Value->Terms.at("blockIdx.x"), 32);
  // Cancelling terms disappear.
  EvalResult C = evaluateLane(*(E - sym("blockIdx.x") * 32).P, lane(5));
  ASSERT_TRUE(C.ok());
  EXPECT_TRUE(C.Value->isConcrete());
}

TEST(LaneEvaluator, NonAffineUniformBecomesASymbol) {
  X E = sym("blockIdx.x") / 2 + tx();
  EvalResult R = evaluateLane(*E.P, lane(1));
  ASSERT_TRUE(R.ok());
  EXPECT_EQ(R.Value->Terms.count("blockIdx.x / 2"), 1u);
}

TEST(LaneEvaluator, LaneTimesUnknownIsNotGuessed) {
  // Per lane, tid * n is affine in n (coefficient tid); AccessEvaluation
  // rejects addresses whose symbolic part differs between lanes.
  EvalResult PerLane = evaluateLane(*(tx() * sym("n")).P, lane(3));
  ASSERT_TRUE(PerLane.ok());
  EXPECT_EQ(PerLane.Value->Terms.at("n"), 3);
  EvalError E = error((tx() + sym("n")) % 32, lane(1));
  EXPECT_EQ(E.Kind, EvalErrorKind::NotAffine);
  EXPECT_EQ(E.Term, "n");
  EvalError U = error(X(LaneExpr::unknown("in[i]", "is read from memory")));
  EXPECT_EQ(U.Kind, EvalErrorKind::UnknownTerm);
  EXPECT_EQ(U.Message, "'in[i]' is read from memory");
}

TEST(LaneEvaluator, ConditionalAndLogical) {
  X C(LaneExpr::conditional((tx() < 16).P, (tx() * 2).P, X(0).P,
                            IntType::unsignedTy()));
  EXPECT_EQ(eval(C, lane(3)), 6);
  EXPECT_EQ(eval(C, lane(20)), 0);
  // && does not evaluate its right side when the left is false.
  X Guarded(LaneExpr::binary(BinaryOp::LAnd, (tx() < 0).P, (tx() / X(0)).P,
                             IntType::intTy()));
  EXPECT_EQ(eval(Guarded, lane(3)), 0);
}

TEST(LaneEvaluator, Printing) {
  EXPECT_EQ(printLaneExpr(*((tx() % 32) * 32 + tx() / 32).P),
            "((threadIdx.x % 32) * 32) + (threadIdx.x / 32)");
}

} // namespace

// The fast concrete evaluation gives evaluateLane's number whenever it
// gives one, and gives none when evaluateLane fails or is symbolic.
TEST(LaneEvaluator, ConcreteFastPathAgreesWithTheFullEvaluation) {
  X Big = X(LaneExpr::constant(int64_t(1) << 30));
  std::vector<X> Exprs = {
      tx() * 32 + ty(),
      (tx() % 32) * 33 + tx() / 32,
      (tx() >> 1) ^ 1,
      tx() << 2,
      asInt(tx()) - 40,
      asInt(tx()) * Big * 4,        // signed overflow for tx >= 2
      tx() / (tx() - tx()),         // division by zero
      tx() << (ty() + 40),          // shift out of range
      sym("n") * tx(),              // not affine: no number
      sym("n") + tx(),              // symbolic
      (tx() & 7) * 0 + sym("n") * 0 // 0 * n
  };
  Exprs.push_back(X(LaneExpr::conditional(
      (tx() < 16).P, (tx() * 2).P, (tx() + 100).P, IntType::unsignedTy())));
  Exprs.push_back(
      X(LaneExpr::unary(UnaryOp::Minus, asInt(tx()).P, IntType::intTy())));
  Exprs.push_back(
      X(LaneExpr::binary(BinaryOp::LAnd, (tx() < 4).P, (X(100) / (tx() - 2)).P,
                         IntType::intTy())));
  unsigned Numbers = 0, Fallbacks = 0;
  // Expressions 8 to 10 hold a symbol: the fast path never gives a number
  // for them, the full one may (n * tx at lane 0, 0 * n).
  auto HasSymbol = [](size_t I) { return I >= 8 && I <= 10; };
  for (size_t I = 0; I < Exprs.size(); ++I)
    for (unsigned T = 0; T < 40; ++T) {
      const X &E = Exprs[I];
      LaneEnv Env = lane(T, T % 3);
      std::optional<int64_t> Fast = evaluateLaneConcrete(*E.P, Env);
      EvalResult Full = evaluateLane(*E.P, Env);
      if (Fast) {
        ++Numbers;
        ASSERT_TRUE(Full.ok()) << printLaneExpr(*E.P) << " lane " << T;
        ASSERT_TRUE(Full.Value->isConcrete());
        EXPECT_EQ(*Fast, Full.Value->Const)
            << printLaneExpr(*E.P) << " lane " << T;
      } else {
        ++Fallbacks;
        EXPECT_TRUE(!Full.ok() || !Full.Value->isConcrete() || HasSymbol(I))
            << printLaneExpr(*E.P) << " lane " << T;
      }
    }
  EXPECT_GT(Numbers, 200u);
  EXPECT_GT(Fallbacks, 100u);
}

namespace {

X constant(int64_t V, IntType T) { return X(LaneExpr::constant(V, T)); }

const IntType U64{64, false, false};

// Fuzzing finding (CoreFuzzer): -x of an unsigned 0x8000000000000000 negated
// an int64_t, which is undefined; it wraps, as in C.
TEST(LaneEvaluator, UnsignedNegationOfTwoToThe63Wraps) {
  X E(LaneExpr::unary(UnaryOp::Minus, constant(INT64_MIN, U64).P, U64));
  EXPECT_EQ(eval(E), INT64_MIN);
  X One(LaneExpr::unary(UnaryOp::Minus, constant(1, U64).P, U64));
  EXPECT_EQ(eval(One), -1); // 0xffffffffffffffff
  // The fast concrete path too (the core fuzzer's seeds found it there
  // under UBSan after the fast path was added).
  EXPECT_EQ(evaluateLaneConcrete(*E.P, lane(0, 0)), INT64_MIN);
  EXPECT_EQ(evaluateLaneConcrete(*One.P, lane(0, 0)), -1);
}

// Fuzzing finding (CoreFuzzer): symbolic coefficients and constants were
// multiplied and added without a check (signed overflow). Now reported.
TEST(LaneEvaluator, SymbolicOverflowIsReported) {
  const IntType I64 = IntType::longTy();
  X Big = constant(INT64_MAX, I64);
  X N(LaneExpr::uniform("n", I64));
  auto Bin = [&](BinaryOp Op, const X &A, const X &B) {
    return X(LaneExpr::binary(Op, A.P, B.P, I64));
  };
  EXPECT_EQ(
      error(Bin(BinaryOp::Mul, N, Big) * X(LaneExpr::constant(2, I64))).Kind,
      EvalErrorKind::SignedOverflow);
  EvalError E = error(Bin(BinaryOp::Add, Bin(BinaryOp::Add, N, Big), X(Big)));
  EXPECT_EQ(E.Kind, EvalErrorKind::SignedOverflow);
  EXPECT_NE(E.Message.find("too large"), std::string::npos) << E.Message;
  EXPECT_EQ(
      error(Bin(BinaryOp::Sub, Bin(BinaryOp::Sub, N, constant(INT64_MIN, I64)),
                constant(INT64_MAX, I64)) -
            X(LaneExpr::constant(INT64_MAX, I64)))
          .Kind,
      EvalErrorKind::SignedOverflow);
  X Negated(LaneExpr::unary(
      UnaryOp::Minus, Bin(BinaryOp::Mul, N, constant(INT64_MIN, I64)).P, I64));
  EXPECT_EQ(error(Negated).Kind, EvalErrorKind::SignedOverflow);
}

} // namespace

namespace {

TEST(LaneEvaluator, ALaunchedParameterHasItsValueUnlessBound) {
  // `n` that every launch passes as 512: a number when evaluated; a
  // symbol to whoever binds it (the merges, which nvcc decides without
  // knowing it).
  X N(LaneExpr::launched("n", 512, IntType::intTy()));
  EXPECT_EQ(eval(N >> 1), 256);
  UniformBindings Seven{{"n", 7}};
  LaneEnv Env = lane(0);
  Env.Uniforms = &Seven;
  EXPECT_EQ(eval(N + tx(), Env), 7);
  std::map<std::string, IntType> All, Unknown;
  collectUniforms(*(N + sym("m")).P, All);
  collectUnknownUniforms(*(N + sym("m")).P, Unknown);
  EXPECT_EQ(All.size(), 2u);
  ASSERT_EQ(Unknown.size(), 1u);
  EXPECT_EQ(Unknown.begin()->first, "m");
}

TEST(LaneEvaluator, AVariableALoopUpdatesFromItselfIsEvaluatedOnce) {
  // row += col / 40; col = (col + 128) % 40, forty times: each value holds
  // the ones before it, a tree of over a million nodes, a graph of a few
  // hundred. The values are those of the loop run by hand, for every lane,
  // evaluated twice (the second time from the values kept by lane), with a
  // symbol bound and unbound.
  X Row = tx() / 40, Col = tx() % 40;
  for (int K = 0; K < 40; ++K) {
    X Next = Col + 128;
    Row = Row + Next / 40;
    Col = Next % 40;
  }
  X Index = Row * 41 + Col + sym("s") * 0;
  EXPECT_GT(Index.P->Size, 4096u);
  UniformBindings Bound{{"s", 3}};
  for (unsigned Pass = 0; Pass < 2; ++Pass)
    for (unsigned T = 0; T < 128; ++T) {
      unsigned R = T / 40, C = T % 40;
      for (int K = 0; K < 40; ++K) {
        unsigned N = C + 128;
        R += N / 40;
        C = N % 40;
      }
      LaneEnv Env = lane(T);
      Env.BlockDim = {128, 1, 1};
      if (Pass == 1)
        Env.Uniforms = &Bound;
      std::optional<int64_t> V = evaluateLaneConcrete(*Index.P, Env);
      ASSERT_TRUE(Pass == 1 ? V.has_value() : !V.has_value());
      if (V)
        EXPECT_EQ(*V, int64_t(R * 41 + C)) << "thread " << T;
    }
}

TEST(LaneEvaluator, ReadsLaneIsKnownWithoutAWalk) {
  EXPECT_TRUE(dependsOnLane(*(sym("n") + tx() * 2).P));
  EXPECT_FALSE(dependsOnLane(*(sym("n") * 2 + 1).P));
  EXPECT_TRUE((sym("n") * 2).P->Symbolic);
  EXPECT_FALSE((tx() * 2).P->Symbolic);
}

TEST(LaneEvaluator, ATermReadFromMemoryIsSeenWithoutAWalk) {
  X Mem = unknownTerm("s[i]");
  // Reached whatever the lane: no number, and the evaluation stops there.
  X Compared = (Mem < tx()) + 1;
  EXPECT_TRUE(Compared.P->NeverConcrete);
  EXPECT_TRUE(Compared.P->FailsAtUnknown);
  EXPECT_EQ(error(Compared, lane(3)).Kind, EvalErrorKind::UnknownTerm);
  EXPECT_FALSE(evaluateLaneConcrete(*Compared.P, lane(3)));
  // Second: still no number, but a division by zero on the left fails
  // first.
  X Right = tx() / (tx() - 3) + Mem;
  EXPECT_TRUE(Right.P->NeverConcrete);
  EXPECT_FALSE(Right.P->FailsAtUnknown);
  EXPECT_EQ(error(Right, lane(3)).Kind, EvalErrorKind::DivisionByZero);
  // Behind && a lane may never reach it.
  X Skipped = (tx() < 4) && (Mem < 1);
  EXPECT_FALSE(Skipped.P->NeverConcrete);
  EXPECT_EQ(evaluateLaneConcrete(*Skipped.P, lane(5)), 0);
  EXPECT_FALSE(evaluateLaneConcrete(*Skipped.P, lane(1)));
}

TEST(LaneEvaluator, AnOperandKeptByThreadIsKeptForItsBlockShape) {
  // Shared by two expressions and large enough to keep its values by
  // thread: each thread of each block shape gets its own value, and a
  // thread index past the block's (41 of 16) is not taken for the thread
  // at its place in the table (9, 2).
  X Lane = (tx() * 7 + ty()) % 32 / 4 + 1;
  X A = Lane * 144 + Lane, B = Lane * 2;
  auto At = [](unsigned X, unsigned Y, unsigned DX, unsigned DY) {
    LaneEnv E;
    E.ThreadIdx = {X, Y, 0};
    E.BlockDim = {DX, DY, 1};
    return E;
  };
  for (int Pass = 0; Pass < 2; ++Pass) {
    for (auto [X, Y, DX, DY] : {std::array<unsigned, 4>{5, 1, 32, 8},
                                {5, 1, 16, 4},
                                {21, 0, 32, 8},
                                {5, 1, 32, 8},
                                {9, 2, 16, 4},
                                {41, 0, 16, 4}}) {
      int64_t Want = (X * 7 + Y) % 32 / 4 + 1;
      EXPECT_EQ(evaluateLaneConcrete(*A.P, At(X, Y, DX, DY)), Want * 145)
          << X << "," << Y << " in " << DX << "x" << DY;
      EXPECT_EQ(evaluateLaneConcrete(*B.P, At(X, Y, DX, DY)), Want * 2);
    }
  }
}

TEST(LaneEvaluator, AValueTheSameInEveryLaneIsKeptForItsBlockShape) {
  // `blockDim.x / 32 * 3` reads no lane: worked out once per block shape.
  X Warps = X(LaneExpr::blockDim(0)) / 32 * 3;
  X A = tx() + Warps;
  auto In = [](unsigned DX, unsigned X) {
    LaneEnv E;
    E.ThreadIdx = {X, 0, 0};
    E.BlockDim = {DX, 1, 1};
    return E;
  };
  EXPECT_EQ(evaluateLaneConcrete(*A.P, In(64, 5)), 11);
  EXPECT_EQ(evaluateLaneConcrete(*A.P, In(128, 5)), 17);
  EXPECT_EQ(evaluateLaneConcrete(*A.P, In(64, 7)), 13);
  // No value (a division by zero) is kept as none.
  X Zero = tx() + X(LaneExpr::blockDim(0)) / (X(LaneExpr::blockDim(0)) - 64);
  EXPECT_FALSE(evaluateLaneConcrete(*Zero.P, In(64, 5)));
  EXPECT_EQ(evaluateLaneConcrete(*Zero.P, In(128, 5)), 7);
  EXPECT_FALSE(evaluateLaneConcrete(*Zero.P, In(64, 6)));
}

} // namespace
