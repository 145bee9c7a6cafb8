// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SettledValue.cpp - A loop variable's value without its history -----===//

#include "core/expr/SettledValue.h"

#include "core/expr/LaneEvaluator.h"

namespace bankfix {

namespace {

/// Whether signed arithmetic in \p E takes a warp-uniform symbol: for
/// some of the symbol's values it may overflow (`n + 1 - n` with an int n
/// at INT_MAX), though the symbols cancel.
bool signedArithmeticOnSymbols(const LaneExpr &E) {
  if ((E.Kind == ExprKind::Binary || E.Kind == ExprKind::Unary) &&
      E.Type.Signed && mentions(E, ExprKind::Uniform))
    return true;
  for (const LaneExprPtr &Op : E.Ops)
    if (signedArithmeticOnSymbols(*Op))
      return true;
  return false;
}

} // namespace

LaneExprPtr settledValue(const LaneExpr &E) {
  if (E.Ops.empty() || dependsOnLane(E) || mentions(E, ExprKind::BlockDim) ||
      signedArithmeticOnSymbols(E))
    return nullptr;
  // The same for every lane: what one evaluation gives is what every lane's
  // gives.
  EvalResult R = evaluateLane(E, LaneEnv{});
  if (R.ok())
    return R.Value->isConcrete() ? LaneExpr::constant(R.Value->Const, E.Type)
                                 : nullptr;
  if (R.Error.Kind != EvalErrorKind::UnknownTerm)
    return nullptr;
  // The unknown term the evaluation stops at, with the same message.
  std::string Prefix = "'" + R.Error.Term + "' ";
  if (R.Error.Message.compare(0, Prefix.size(), Prefix) != 0)
    return nullptr;
  return LaneExpr::unknown(R.Error.Term, R.Error.Message.substr(Prefix.size()));
}

} // namespace bankfix
