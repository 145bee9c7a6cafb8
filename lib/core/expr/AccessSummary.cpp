//===- AccessSummary.cpp - One access over all its executions -------------===//

#include "core/expr/AccessSummary.h"

namespace bankfix {

bool AccessSummary::judged() const {
  for (const InstanceEvaluation &I : Instances)
    if (!I.Eval.judged())
      return false;
  return true;
}

bool AccessSummary::runs() const {
  if (!judged())
    return false;
  for (const InstanceEvaluation &I : Instances)
    if (!I.Eval.Warps.empty())
      return true;
  return false;
}

bool AccessSummary::sameInEveryInstance() const {
  const WarpAccessResult *First = nullptr;
  for (const InstanceEvaluation &I : Instances) {
    if (I.Eval.Warps.empty())
      return false;
    const WarpAccessResult &W = I.Eval.worst();
    if (First && (W.Wavefronts != First->Wavefronts || W.Ideal != First->Ideal))
      return false;
    First = &W;
  }
  return true;
}

bool AccessSummary::exact() const {
  for (const InstanceEvaluation &I : Instances)
    if (!I.Eval.judged() || !I.Eval.exact())
      return false;
  return true;
}

std::string AccessSummary::worstCase() const {
  if (!Instances.empty() && !worst().exact())
    return worst().WorstCase;
  for (const InstanceEvaluation &I : Instances)
    if (!I.Eval.exact())
      return I.Eval.WorstCase;
  return "";
}

std::string AccessSummary::forEvery() const {
  std::string Symbols;
  for (const InstanceEvaluation &I : Instances)
    if (!I.Eval.ForEvery.empty() &&
        (", " + Symbols + ", ").find(", " + I.Eval.ForEvery + ", ") ==
            std::string::npos)
      Symbols += (Symbols.empty() ? "" : ", ") + I.Eval.ForEvery;
  return Symbols;
}

AccessSummary summarizeAccess(const SharedArrayLayout &Array,
                              const std::vector<AccessInstance> &Instances,
                              const BlockShape &Shape) {
  AccessSummary S;
  bool HaveWorst = false;
  for (const AccessInstance &I : Instances) {
    if (!I.runsFor(Shape))
      continue;
    AccessEvaluation E = evaluateAccess(Array, I.Desc, Shape);
    if (!E.judged() && S.judged())
      S.FirstProblem = S.Instances.size();
    if (E.judged() && !E.Warps.empty()) {
      S.BlockWavefronts += E.BlockWavefronts;
      S.BlockIdeal += E.BlockIdeal;
      if (!HaveWorst || E.worst().excess() > S.worst().worst().excess() ||
          (E.worst().excess() == S.worst().worst().excess() &&
           E.worst().Wavefronts > S.worst().worst().Wavefronts)) {
        S.Worst = S.Instances.size();
        HaveWorst = true;
      }
    }
    S.Instances.push_back({I.Iteration, std::move(E)});
  }
  return S;
}

} // namespace bankfix
