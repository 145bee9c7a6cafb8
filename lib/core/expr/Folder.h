// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Folder.h - The compiler's view of a lane expression's value --------===//
//
// Internal to CompileTimeValue.cpp and the files that implement its rules:
// the Folder answers, for one set of guard facts, what an optimizer knows
// of an expression without knowing any thread index, block size or kernel
// parameter. ConstantFolding.cpp folds to constants (C's operators on
// constants, and the identities that hold whatever an unknown operand
// is); KnownBits.cpp knows low bits (trailing zeros, residues modulo 2^k);
// ValueRanges.cpp bounds unsigned values. Each question is answered once
// per node: the rules ask them of the same subexpressions again and again.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FOLDER_H
#define BANKFIX_FOLDER_H

#include "core/expr/CompileTimeValue.h"

#include <map>
#include <memory>
#include <unordered_map>

namespace bankfix {
namespace folding {

using Value = std::optional<int64_t>;

/// Runs \p E, whose leaves are all constants, through the evaluator (C's
/// semantics for each operator and type).
Value evaluateConstant(const LaneExprPtr &E);

/// What \p E converts when it is a cast that keeps the width (the same
/// bits), seen through several; E itself otherwise.
const LaneExpr &sameWidthSource(const LaneExpr &E);

/// Whether \p E is a comparison, a logical operator or a bool, seen
/// through casts: 0 or 1.
bool isTruthValue(const LaneExpr &E);

/// The operand of \p E when E is a cast that keeps every value: from an
/// unsigned type to an unsigned type as wide or wider; null otherwise.
const LaneExpr *widenedFrom(const LaneExpr &E);

class Folder {
public:
  explicit Folder(const CompileTimeFacts &Facts) : Facts(Facts) {}

  /// \p E's value when the compiler knows it.
  Value fold(const LaneExpr &E) const;
  /// The largest k such that 2^k divides \p E's value, for every value it
  /// may take (64 for 0).
  unsigned trailingZeros(const LaneExpr &E) const;
  /// \p E's value modulo 2^K when the compiler knows it (K < 64): from its
  /// trailing zeros, the operators (+ - * << & | ^ keep the low bits), and
  /// the guard's facts on E's low bits (`lane % 8 == 4`: `(lane * 3) % 4`
  /// is 0, and nvcc deletes a load guarded by both).
  std::optional<uint64_t> residue(const LaneExpr &E, unsigned K) const;
  /// The largest value \p E of an unsigned type can take, when the
  /// operators bound it (`x % 32`: 31, `(x % 32) >> 2`: 7).
  std::optional<uint64_t> maxValue(const LaneExpr &E) const;

private:
  // ConstantFolding.cpp
  Value foldUncached(const LaneExpr &E) const;
  Value foldCast(const LaneExpr &E) const;
  Value foldUnary(const LaneExpr &E) const;
  Value foldConditional(const LaneExpr &E) const;
  Value foldBinary(const LaneExpr &E) const;
  /// What an operator gives whatever its unknown operand is.
  Value identity(const LaneExpr &E, Value A, Value B) const;
  /// `A Op B` written as `B Op' A`.
  static BinaryOp mirrored(BinaryOp Op);
  /// `X Op C` for an unsigned X known only by its range and its trailing
  /// zeros (`lane % 32 > 35`, `2 * lane == 39`, `31 + lane % 32 == 9`:
  /// never, and nvcc deletes a load guarded by one).
  Value compareWithConstant(BinaryOp Op, const LaneExpr &X, int64_t C) const;

  // KnownBits.cpp
  unsigned trailingZerosUncached(const LaneExpr &E) const;
  std::optional<uint64_t> residueUncached(const LaneExpr &E, unsigned K) const;
  /// k when \p Part is `Whole % 2^k` or `Whole & (2^k - 1)` (unsigned),
  /// else 0.
  unsigned lowPartOf(const LaneExpr &PartAsWritten,
                     const LaneExpr &Whole) const;
  /// Whether every bit of \p Mask is set in unsigned \p X: X is `Y | C`
  /// (through casts that keep the value) with C a constant holding Mask.
  bool lowBitsSet(const LaneExpr &X, int64_t Mask) const;
  /// Whether `X & Mask` is 0: every bit of Mask is below X's trailing zeros.
  bool maskedOff(const LaneExpr &X, Value Mask) const;

  // ValueRanges.cpp
  /// The smallest value \p E of an unsigned type can take: a constant's
  /// value; a sum or product (that cannot wrap) of its operands' smallest
  /// values, seen through widening casts; 0 otherwise.
  uint64_t minValue(const LaneExpr &E) const;
  std::optional<uint64_t> maxValueUncached(const LaneExpr &E) const;
  std::optional<uint64_t> maxOfBinary(const LaneExpr &E) const;
  /// \p E's value when a constant, else its largest value when bounded.
  Value largestOf(const LaneExpr &E) const;

  /// The folder without facts, for a variable's value (LaneExpr::Variable).
  const Folder &plain() const;

  const CompileTimeFacts &Facts;
  mutable std::unordered_map<const LaneExpr *, Value> FoldMemo;
  mutable std::unordered_map<const LaneExpr *, unsigned> ZerosMemo;
  mutable std::map<std::pair<const LaneExpr *, unsigned>,
                   std::optional<uint64_t>>
      ResidueMemo;
  mutable std::unordered_map<const LaneExpr *, std::optional<uint64_t>> MaxMemo;
  mutable std::unique_ptr<Folder> Plain;
};

} // namespace folding
} // namespace bankfix

#endif // BANKFIX_FOLDER_H
