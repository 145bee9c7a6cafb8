// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SettledValue.h - A loop variable's value without its history -------===//
//
// An unrolled loop rebuilds each variable it changes from the value of the
// iteration before (`j + 8`, `sum + t[i]`): kept as written, the expression
// grows with every iteration, and so does the time to evaluate it. The
// settled value is a one-node expression that the evaluator treats exactly
// as the original, for every lane: the number it evaluates to, or the term
// that keeps it from being evaluated. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SETTLEDVALUE_H
#define BANKFIX_SETTLEDVALUE_H

#include "core/expr/LaneExpr.h"

namespace bankfix {

/// A one-node expression that evaluates as \p E does in every lane, or null
/// when \p E has none (it depends on the lane or on blockDim, is symbolic,
/// fails for another reason than an unknown term, or is one node already).
LaneExprPtr settledValue(const LaneExpr &E);

} // namespace bankfix

#endif // BANKFIX_SETTLEDVALUE_H
