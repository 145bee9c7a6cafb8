// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExprBuilder.h - Write LaneExprs in tests as C expressions ----------===//
//
// Test helper: X(threadIdx.x) * 32 + 5 builds the LaneExpr of that C
// expression with C's types (unsigned wins, as for threadIdx).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TEST_EXPRBUILDER_H
#define BANKFIX_TEST_EXPRBUILDER_H

#include "core/expr/LaneExpr.h"

namespace bankfix::test {

struct X {
  LaneExprPtr P;
  X(LaneExprPtr P) : P(std::move(P)) {}
  X(int V) : P(LaneExpr::constant(V)) {}
};

inline X tx() { return X(LaneExpr::threadIdx(0)); }
inline X ty() { return X(LaneExpr::threadIdx(1)); }
inline X tz() { return X(LaneExpr::threadIdx(2)); }
inline X sym(const char *Name) {
  return X(LaneExpr::uniform(Name, IntType::unsignedTy()));
}

inline IntType common(const X &A, const X &B) {
  if (!A.P->Type.Signed || !B.P->Type.Signed)
    return IntType::unsignedTy();
  return IntType::intTy();
}

inline X bin(BinaryOp Op, const X &A, const X &B) {
  IntType T = common(A, B);
  return X(
      LaneExpr::binary(Op, LaneExpr::cast(A.P, T), LaneExpr::cast(B.P, T), T));
}

inline X cmp(BinaryOp Op, const X &A, const X &B) {
  IntType T = common(A, B);
  return X(LaneExpr::binary(Op, LaneExpr::cast(A.P, T), LaneExpr::cast(B.P, T),
                            IntType::intTy()));
}

inline X operator+(const X &A, const X &B) { return bin(BinaryOp::Add, A, B); }
inline X operator-(const X &A, const X &B) { return bin(BinaryOp::Sub, A, B); }
inline X operator*(const X &A, const X &B) { return bin(BinaryOp::Mul, A, B); }
inline X operator/(const X &A, const X &B) { return bin(BinaryOp::Div, A, B); }
inline X operator%(const X &A, const X &B) { return bin(BinaryOp::Rem, A, B); }
inline X operator<<(const X &A, const X &B) { return bin(BinaryOp::Shl, A, B); }
inline X operator>>(const X &A, const X &B) { return bin(BinaryOp::Shr, A, B); }
inline X operator&(const X &A, const X &B) { return bin(BinaryOp::And, A, B); }
inline X operator^(const X &A, const X &B) { return bin(BinaryOp::Xor, A, B); }
inline X operator|(const X &A, const X &B) { return bin(BinaryOp::Or, A, B); }
inline X operator<(const X &A, const X &B) { return cmp(BinaryOp::LT, A, B); }
inline X operator>=(const X &A, const X &B) { return cmp(BinaryOp::GE, A, B); }
inline X operator&&(const X &A, const X &B) {
  return X(LaneExpr::binary(BinaryOp::LAnd, A.P, B.P, IntType::intTy()));
}
/// A term that cannot be evaluated, such as a value read from memory.
inline X unknownTerm(const char *Name) {
  return X(LaneExpr::unknown(Name, "is read from memory"));
}

/// Converts to int, as `int i = threadIdx.x` does.
inline X asInt(const X &A) { return X(LaneExpr::cast(A.P, IntType::intTy())); }

} // namespace bankfix::test

#endif // BANKFIX_TEST_EXPRBUILDER_H
