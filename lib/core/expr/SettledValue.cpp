//===- SettledValue.cpp - A loop variable's value without its history -----===//

#include "core/expr/SettledValue.h"

#include "core/expr/LaneEvaluator.h"

namespace bankfix {

LaneExprPtr settledValue(const LaneExpr &E) {
  if (E.Ops.empty() || dependsOnLane(E) || mentions(E, ExprKind::BlockDim))
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
