//===- FixSearch.cpp - The candidate layout with the fewest wavefronts ----===//

#include "core/fix/FixSearch.h"

#include <algorithm>
#include <numeric>

namespace bankfix {

namespace {

uint64_t sum(const std::vector<uint64_t> &Values) {
  return std::accumulate(Values.begin(), Values.end(), uint64_t(0));
}

} // namespace

SearchOutcome searchFewestWavefronts(size_t Candidates,
                                     const EvaluateCandidate &Evaluate) {
  SearchOutcome Out;
  CandidateTotals Base;
  if (!Evaluate(0, Base, Out.Problem))
    return Out;
  Out.BeforePerAccess = Base.PerAccess;
  Out.AfterPerAccess = Base.PerAccess;
  Out.Before = Out.After = sum(Base.PerAccess);
  for (size_t C = 1; C <= Candidates && Out.After > Base.Floor; ++C) {
    CandidateTotals Totals;
    std::string Problem;
    if (!Evaluate(C, Totals, Problem))
      continue;
    uint64_t Total = sum(Totals.PerAccess);
    if (Total < Out.After) {
      Out.After = Total;
      Out.Best = C;
      Out.AfterPerAccess = Totals.PerAccess;
    }
  }
  return Out;
}

bool accessWavefronts(const SharedArrayLayout &Layout,
                      const std::vector<AccessInstance> &Instances,
                      const std::vector<BlockShape> &Shapes, uint64_t &Sum,
                      uint64_t &Ideal, std::string &Problem) {
  Sum = Ideal = 0;
  for (const BlockShape &Shape : Shapes) {
    AccessSummary S = summarizeAccess(Layout, Instances, Shape);
    if (!S.judged()) {
      Problem = S.Instances[S.FirstProblem].Eval.Problem;
      return false;
    }
    Sum += S.BlockWavefronts;
    Ideal += S.BlockIdeal;
  }
  return true;
}

void fillPlan(FixPlan &Plan, const SearchOutcome &Outcome,
              const std::vector<std::string> &Labels) {
  Plan.Before = Outcome.Before;
  Plan.After = Outcome.After;
  for (size_t I = 0; I < Labels.size() && I < Outcome.AfterPerAccess.size();
       ++I) {
    AccessChange Change{Labels[I], Outcome.BeforePerAccess[I],
                        Outcome.AfterPerAccess[I]};
    Plan.PerAccess.push_back(Change);
    if (Outcome.Best != 0 && Change.After > Change.Before)
      Plan.Worse.push_back(Change);
  }
}

} // namespace bankfix
