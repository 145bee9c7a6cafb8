// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaneEvaluator.h - Evaluate a LaneExpr for one lane -----------------===//
//
// Values are affine in warp-uniform symbols: a concrete part plus
// coefficient * symbol terms, so that an address that only shifts by a
// warp-uniform amount keeps its bank pattern. Operators that are not affine
// in a symbol make an opaque uniform symbol when no operand depends on the
// lane, and an error otherwise. Division by zero, out-of-range shifts and
// signed overflow are reported, never executed. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LANEEVALUATOR_H
#define BANKFIX_LANEEVALUATOR_H

#include "core/expr/LaneExpr.h"

#include <map>
#include <optional>
#include <string>

namespace bankfix {

struct SymbolicValue {
  int64_t Const = 0;
  std::map<std::string, int64_t> Terms; ///< symbol -> coefficient, never 0

  bool isConcrete() const { return Terms.empty(); }
  bool operator==(const SymbolicValue &O) const {
    return Const == O.Const && Terms == O.Terms;
  }
};

enum class EvalErrorKind {
  DivisionByZero,
  ShiftOutOfRange,
  SignedOverflow,
  NotAffine,   ///< a lane-dependent value combined non-linearly with a symbol
  UnknownTerm, ///< an Unknown leaf was reached
};

struct EvalError {
  EvalErrorKind Kind = EvalErrorKind::UnknownTerm;
  std::string Term;    ///< the sub-expression that blocked evaluation
  std::string Message; ///< human-readable, names Term
};

struct EvalResult {
  std::optional<SymbolicValue> Value;
  EvalError Error; ///< meaningful when !Value

  bool ok() const { return Value.has_value(); }
};

EvalResult evaluateLane(const LaneExpr &E, const LaneEnv &Env);

/// evaluateLane's value when it is a plain number reached without a symbol
/// or an error, computed without building SymbolicValues (the common case,
/// lane by lane over a whole block); nullopt otherwise, and evaluateLane
/// then says what it is.
std::optional<int64_t> evaluateLaneConcrete(const LaneExpr &E,
                                            const LaneEnv &Env);

} // namespace bankfix

#endif // BANKFIX_LANEEVALUATOR_H
