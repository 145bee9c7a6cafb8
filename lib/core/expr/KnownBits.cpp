// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KnownBits.cpp - The low bits the compiler knows --------------------===//

#include "core/expr/Folder.h"

#include <algorithm>

namespace bankfix {
namespace folding {

unsigned Folder::trailingZerosUncached(const LaneExpr &E) const {
  if (Value V = fold(E))
    return *V == 0 ? 64 : unsigned(__builtin_ctzll(uint64_t(*V)));
  if (E.Variable && !Facts.empty())
    return plain().trailingZeros(E);
  if (E.Kind == ExprKind::Cast && E.Type.IsBool) // x != 0: no bits of x
    return 0;
  if (E.Kind == ExprKind::Cast ||
      (E.Kind == ExprKind::Unary && E.UOp == UnaryOp::Minus))
    return trailingZeros(*E.Ops[0]);
  if (E.Kind != ExprKind::Binary)
    return 0;
  unsigned L = trailingZeros(*E.Ops[0]), R = trailingZeros(*E.Ops[1]);
  switch (E.BOp) {
  case BinaryOp::Mul:
    return std::min(64u, L + R);
  case BinaryOp::Shl:
    if (Value K = fold(*E.Ops[1]); K && *K >= 0 && *K < 64)
      return std::min<unsigned>(64, L + unsigned(*K));
    return L;
  case BinaryOp::Sub:
  case BinaryOp::Xor:
    // x - x % 2^k and x ^ x % 2^k clear x's k low bits.
    return std::max({std::min(L, R), lowPartOf(*E.Ops[0], *E.Ops[1]),
                     lowPartOf(*E.Ops[1], *E.Ops[0])});
  case BinaryOp::Add:
  case BinaryOp::Or:
    return std::min(L, R);
  case BinaryOp::And:
    return std::max(L, R);
  default:
    return 0;
  }
}

std::optional<uint64_t> Folder::residueUncached(const LaneExpr &E,
                                                unsigned K) const {
  uint64_t Mask = (uint64_t(1) << K) - 1;
  if (Value V = fold(E))
    return uint64_t(*V) & Mask;
  if (trailingZeros(E) >= K)
    return 0;
  for (const auto &[Known, C] : Facts.Values)
    if (lowPartOf(*Known, E) >= K)
      return uint64_t(C) & Mask;
  if (E.Variable && !Facts.empty())
    return plain().residue(E, K);
  if (K > E.Type.Bits)
    return std::nullopt;
  if (E.Kind == ExprKind::Cast)
    return K <= E.Ops[0]->Type.Bits && !E.Type.IsBool ? residue(*E.Ops[0], K)
                                                      : std::nullopt;
  if (E.Kind != ExprKind::Binary)
    return std::nullopt;
  if (E.BOp == BinaryOp::Shl || E.BOp == BinaryOp::Rem) {
    Value R = fold(*E.Ops[1]);
    if (!R || *R < 0 || *R >= 64)
      return std::nullopt;
    if (E.BOp == BinaryOp::Shl) {
      if (uint64_t(*R) >= K)
        return 0;
      std::optional<uint64_t> Low = residue(*E.Ops[0], K - unsigned(*R));
      return Low ? std::optional<uint64_t>((*Low << *R) & Mask) : std::nullopt;
    }
    // x % 2^j keeps x's low bits below j (unsigned).
    bool KeepsLowBits = !E.Type.Signed && *R > 0 && (*R & (*R - 1)) == 0 &&
                        unsigned(__builtin_ctzll(uint64_t(*R))) >= K;
    return KeepsLowBits ? residue(*E.Ops[0], K) : std::nullopt;
  }
  std::optional<uint64_t> A = residue(*E.Ops[0], K), B = residue(*E.Ops[1], K);
  if (!A || !B)
    return std::nullopt;
  switch (E.BOp) {
  case BinaryOp::Add:
    return (*A + *B) & Mask;
  case BinaryOp::Sub:
    return (*A - *B) & Mask;
  case BinaryOp::Mul:
    return (*A * *B) & Mask;
  case BinaryOp::And:
    return *A & *B;
  case BinaryOp::Or:
    return *A | *B;
  case BinaryOp::Xor:
    return *A ^ *B;
  default:
    return std::nullopt;
  }
}

unsigned Folder::lowPartOf(const LaneExpr &PartAsWritten,
                           const LaneExpr &Whole) const {
  const LaneExpr &Part = sameWidthSource(PartAsWritten);
  if (Part.Kind != ExprKind::Binary || Part.Type.Signed ||
      (Part.BOp != BinaryOp::Rem && Part.BOp != BinaryOp::And) ||
      !sameLaneExpr(sameWidthSource(*Part.Ops[0]), sameWidthSource(Whole)))
    return 0;
  Value C = fold(*Part.Ops[1]);
  if (!C || *C <= 0)
    return 0;
  uint64_t Modulus =
      Part.BOp == BinaryOp::Rem ? uint64_t(*C) : uint64_t(*C) + 1;
  if ((Modulus & (Modulus - 1)) != 0)
    return 0;
  return unsigned(__builtin_ctzll(Modulus));
}

bool Folder::lowBitsSet(const LaneExpr &X, int64_t Mask) const {
  if (X.Type.Signed)
    return false;
  if (X.Kind == ExprKind::Cast) {
    const LaneExpr *From = widenedFrom(X);
    return From && lowBitsSet(*From, Mask);
  }
  if (X.Kind != ExprKind::Binary || X.BOp != BinaryOp::Or)
    return false;
  for (const LaneExprPtr &Op : X.Ops)
    if (Value C = fold(*Op); C && *C >= 0 && (*C & Mask) == Mask)
      return true;
  return false;
}

bool Folder::maskedOff(const LaneExpr &X, Value Mask) const {
  if (!Mask || *Mask < 0)
    return false;
  unsigned Zeros = trailingZeros(X);
  return Zeros >= 64 || (uint64_t(*Mask) >> Zeros) == 0;
}

} // namespace folding
} // namespace bankfix
