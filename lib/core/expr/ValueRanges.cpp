// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ValueRanges.cpp - The bounds of an unsigned value ------------------===//

#include "core/expr/Folder.h"

#include <algorithm>

namespace bankfix {
namespace folding {

uint64_t Folder::minValue(const LaneExpr &E) const {
  if (Value V = fold(E))
    return *V >= 0 ? uint64_t(*V) : 0;
  if (E.Variable && !Facts.empty())
    return plain().minValue(E);
  if (const LaneExpr *From = widenedFrom(E))
    return minValue(*From);
  if (E.Type.Signed || E.Kind != ExprKind::Binary ||
      (E.BOp != BinaryOp::Add && E.BOp != BinaryOp::Mul) || !maxValue(E))
    return 0;
  uint64_t A = minValue(*E.Ops[0]), B = minValue(*E.Ops[1]);
  return E.BOp == BinaryOp::Add ? A + B : A * B;
}

std::optional<uint64_t> Folder::maxValueUncached(const LaneExpr &E) const {
  if (Value V = fold(E))
    return *V >= 0 ? std::optional<uint64_t>(*V) : std::nullopt;
  if (E.Variable && !Facts.empty())
    return plain().maxValue(E);
  // A comparison is 0 or 1, whatever its type (`i & (tid < 14)` is 0
  // for an even i: nvcc deletes such a load).
  if (isTruthValue(E))
    return 1;
  if (E.Type.Signed || E.Type.Bits > 64)
    return std::nullopt;
  if (E.Kind == ExprKind::Cast) {
    const LaneExpr *From = widenedFrom(E);
    return From ? maxValue(*From) : std::nullopt;
  }
  if (E.Kind != ExprKind::Binary)
    return std::nullopt;
  return maxOfBinary(E);
}

std::optional<uint64_t> Folder::maxOfBinary(const LaneExpr &E) const {
  uint64_t TypeMax =
      E.Type.Bits >= 64 ? UINT64_MAX : (uint64_t(1) << E.Type.Bits) - 1;
  std::optional<uint64_t> A = maxValue(*E.Ops[0]), B = maxValue(*E.Ops[1]);
  Value RightConstant = fold(*E.Ops[1]);
  switch (E.BOp) {
  case BinaryOp::Rem:
    if (!RightConstant || *RightConstant <= 0)
      return std::nullopt;
    return std::min<uint64_t>(A.value_or(TypeMax), *RightConstant - 1);
  case BinaryOp::And:
    if (!A && !B)
      return std::nullopt;
    return std::min(A.value_or(TypeMax), B.value_or(TypeMax));
  case BinaryOp::Shr:
    if (!RightConstant || *RightConstant < 0 || *RightConstant >= 64)
      return std::nullopt;
    return A.value_or(TypeMax) >> *RightConstant;
  case BinaryOp::Div:
    if (!RightConstant || *RightConstant <= 0)
      return std::nullopt;
    return A.value_or(TypeMax) / uint64_t(*RightConstant);
  case BinaryOp::Sub:
    return RightConstant && *RightConstant == 0 ? A : std::nullopt;
  case BinaryOp::Add:
    if (!A || !B || *A > TypeMax - *B)
      return std::nullopt;
    return *A + *B;
  case BinaryOp::Mul:
    if (!A || !B || (*B != 0 && *A > TypeMax / *B))
      return std::nullopt;
    return *A * *B;
  case BinaryOp::Or:
  case BinaryOp::Xor: {
    if (!A || !B)
      return std::nullopt;
    uint64_t Top = std::max(*A, *B);
    unsigned Bits = Top ? 64 - unsigned(__builtin_clzll(Top)) : 0;
    return Bits >= 64 ? UINT64_MAX : (uint64_t(1) << Bits) - 1;
  }
  default:
    return std::nullopt;
  }
}

Value Folder::largestOf(const LaneExpr &E) const {
  if (Value V = fold(E))
    return V;
  std::optional<uint64_t> Max = maxValue(E);
  return Max && *Max <= uint64_t(INT64_MAX) ? Value(int64_t(*Max))
                                            : std::nullopt;
}

} // namespace folding
} // namespace bankfix
