// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ConstantFolding.cpp - Folding a lane expression to a constant ------===//

#include "core/expr/Folder.h"

namespace bankfix {
namespace folding {

Value Folder::foldUncached(const LaneExpr &E) const {
  if (!Facts.empty()) {
    for (const auto &[Known, C] : Facts.Values)
      if (sameLaneExpr(sameWidthSource(E), *Known))
        return evaluateConstant(
            LaneExpr::cast(LaneExpr::constant(C, Known->Type), E.Type));
    // A variable computed before the guard keeps its value.
    if (E.Variable)
      return plain().fold(E);
  }
  switch (E.Kind) {
  case ExprKind::Constant:
    return E.Value;
  case ExprKind::ThreadIdx:
    return Facts.ThreadIdx[E.Dim];
  case ExprKind::BlockDim:
  case ExprKind::Uniform:
  case ExprKind::Unknown:
    return std::nullopt;
  case ExprKind::Cast:
    return foldCast(E);
  case ExprKind::Unary:
    return foldUnary(E);
  case ExprKind::Binary:
    return foldBinary(E);
  case ExprKind::Conditional:
    return foldConditional(E);
  }
  return std::nullopt;
}

Value Folder::foldCast(const LaneExpr &E) const {
  Value V = fold(*E.Ops[0]);
  if (!V)
    return std::nullopt;
  return evaluateConstant(
      LaneExpr::cast(LaneExpr::constant(*V, E.Ops[0]->Type), E.Type));
}

Value Folder::foldUnary(const LaneExpr &E) const {
  Value V = fold(*E.Ops[0]);
  if (!V)
    return std::nullopt;
  return evaluateConstant(
      LaneExpr::unary(E.UOp, LaneExpr::constant(*V, E.Ops[0]->Type), E.Type));
}

Value Folder::foldConditional(const LaneExpr &E) const {
  if (Value C = fold(*E.Ops[0]))
    return fold(*E.Ops[*C ? 1 : 2]);
  Value T = fold(*E.Ops[1]), F = fold(*E.Ops[2]);
  return T && F && *T == *F ? T : std::nullopt;
}

Value Folder::foldBinary(const LaneExpr &E) const {
  const LaneExpr &L = *E.Ops[0], &R = *E.Ops[1];
  Value A = fold(L), B = fold(R);
  if (A && B)
    return evaluateConstant(
        LaneExpr::binary(E.BOp, LaneExpr::constant(*A, L.Type),
                         LaneExpr::constant(*B, R.Type), E.Type));
  return identity(E, A, B);
}

Value Folder::identity(const LaneExpr &E, Value A, Value B) const {
  const LaneExpr &L = *E.Ops[0], &R = *E.Ops[1];
  auto Is = [](Value V, int64_t C) { return V && *V == C; };
  switch (E.BOp) {
  case BinaryOp::LAnd:
    return Is(A, 0) || Is(B, 0) ? Value(0) : std::nullopt;
  case BinaryOp::LOr:
    return (A && *A) || (B && *B) ? Value(1) : std::nullopt;
  case BinaryOp::Mul:
    return Is(A, 0) || Is(B, 0) ? Value(0) : std::nullopt;
  case BinaryOp::And:
    if (Is(A, 0) || Is(B, 0))
      return 0;
    // x & (2^k - 1): x's low bits.
    if (uint64_t M = B && *B > 0 ? uint64_t(*B) : 0; M && ((M + 1) & M) == 0)
      if (std::optional<uint64_t> Low =
              residue(L, unsigned(__builtin_ctzll(M + 1))))
        return Value(int64_t(*Low));
    // Every bit one side may have is below the other's trailing zeros.
    return maskedOff(L, largestOf(R)) || maskedOff(R, largestOf(L))
               ? Value(0)
               : std::nullopt;
  case BinaryOp::Div:
  case BinaryOp::Shr: {
    if (Is(A, 0))
      return 0;
    // An unsigned value below the divisor (`(blockDim.y % 32) / 32`: 0).
    std::optional<uint64_t> Max = maxValue(L);
    if (!B || *B <= 0 || !Max || L.Type.Signed)
      return std::nullopt;
    bool Below = E.BOp == BinaryOp::Div ? *Max < uint64_t(*B)
                                        : *B < 64 && (*Max >> *B) == 0;
    return Below ? Value(0) : std::nullopt;
  }
  case BinaryOp::Shl:
    return Is(A, 0) ? Value(0) : std::nullopt;
  case BinaryOp::Rem:
    if (Is(A, 0) || Is(B, 1) || Is(B, -1))
      return 0;
    if (!B || *B <= 0 || (*B & (*B - 1)) != 0)
      return std::nullopt;
    // A signed x % 2^k is x's low bits only when x is not negative.
    if (std::optional<uint64_t> Low = residue(L, unsigned(__builtin_ctzll(*B)));
        Low && (*Low == 0 || !E.Type.Signed))
      return Value(int64_t(*Low));
    // (x | C) % 2^k with every low bit set in C (`(blockDim.x | 31) % 32`:
    // 31).
    return lowBitsSet(L, *B - 1) ? Value(*B - 1) : std::nullopt;
  case BinaryOp::Sub:
  case BinaryOp::Xor:
    return sameLaneExpr(L, R) ? Value(0) : std::nullopt;
  case BinaryOp::LT:
  case BinaryOp::GT:
  case BinaryOp::LE:
  case BinaryOp::GE:
  case BinaryOp::EQ:
  case BinaryOp::NE:
    if (B)
      return compareWithConstant(E.BOp, L, *B);
    return A ? compareWithConstant(mirrored(E.BOp), R, *A) : std::nullopt;
  default:
    return std::nullopt;
  }
}

BinaryOp Folder::mirrored(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::LT:
    return BinaryOp::GT;
  case BinaryOp::GT:
    return BinaryOp::LT;
  case BinaryOp::LE:
    return BinaryOp::GE;
  case BinaryOp::GE:
    return BinaryOp::LE;
  default:
    return Op;
  }
}

Value Folder::compareWithConstant(BinaryOp Op, const LaneExpr &X,
                                  int64_t C) const {
  if (X.Type.Signed || C < 0)
    return std::nullopt;
  uint64_t K = uint64_t(C);
  std::optional<uint64_t> Max = maxValue(X);
  uint64_t Min = minValue(X);
  bool Differ = (Max && K > *Max) || K < Min ||
                (K != 0 && trailingZeros(X) > unsigned(__builtin_ctzll(K)));
  switch (Op) {
  case BinaryOp::EQ:
    return Differ ? Value(0) : std::nullopt;
  case BinaryOp::NE:
    return Differ ? Value(1) : std::nullopt;
  case BinaryOp::GT:
    return Max && *Max <= K ? Value(0) : Min > K ? Value(1) : std::nullopt;
  case BinaryOp::GE:
    return Max && *Max < K ? Value(0) : Min >= K ? Value(1) : std::nullopt;
  case BinaryOp::LT:
    return Max && *Max < K ? Value(1) : Min >= K ? Value(0) : std::nullopt;
  case BinaryOp::LE:
    return Max && *Max <= K ? Value(1) : Min > K ? Value(0) : std::nullopt;
  default:
    return std::nullopt;
  }
}

} // namespace folding
} // namespace bankfix
