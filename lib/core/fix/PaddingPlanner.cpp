//===- PaddingPlanner.cpp - The row padding of a shared array that helps most //

#include "core/fix/PaddingPlanner.h"

#include "core/fix/FixSearch.h"

#include <algorithm>

namespace bankfix {

unsigned maxUsefulPadding(uint64_t ElementSize) {
  uint64_t Bytes = uint64_t(NumBanks) * BankWidthBytes;
  return unsigned(
      std::max<uint64_t>(1, Bytes / std::max<uint64_t>(1, ElementSize)));
}

namespace {

/// Why the innermost extent cannot be padded, or empty.
std::string whyNotPadded(const std::vector<PlannedLayout> &Layouts) {
  const SharedArrayLayout &First = Layouts.front().Layout;
  if (First.Dims.size() < 2)
    return "'" + First.Name +
           "' has one dimension: pad its row stride in the index";
  return "";
}

} // namespace

std::vector<std::string>
plannedLabels(const std::vector<PlannedLayout> &Layouts) {
  std::vector<std::string> Labels;
  for (const PlannedLayout &L : Layouts)
    for (const PlannedAccess &A : L.Accesses)
      Labels.push_back(A.Label);
  return Labels;
}

bool plannedTotals(const std::vector<PlannedLayout> &Layouts,
                   const std::function<void(SharedArrayLayout &)> &Change,
                   bool AsIs, CandidateTotals &Totals, std::string &Problem,
                   WorstCaseValues &Worst) {
  for (const PlannedLayout &L : Layouts) {
    SharedArrayLayout Changed = L.Layout;
    Change(Changed);
    for (const PlannedAccess &A : L.Accesses) {
      uint64_t Sum = 0, Ideal = 0;
      if (!accessWavefronts(Changed, *A.Instances, A.Shapes, Sum, Ideal,
                            Problem, Worst, AsIs)) {
        Problem = accessProblem(A.Label, Problem, Worst);
        return false;
      }
      if (!Totals.add(Sum, Ideal))
        return true;
    }
  }
  return true;
}

FixPlan planPadding(const std::vector<PlannedLayout> &Layouts,
                    uint64_t RowAlign) {
  FixPlan Plan;
  Plan.Style = FixStyle::RowPadding;
  if (Layouts.empty())
    return Plan;
  Plan.WhyNot = whyNotPadded(Layouts);
  if (!Plan.WhyNot.empty())
    return Plan;
  // Candidate C pads by C elements: the smallest padding that does best.
  // Rows read as vectors stay whole vectors long.
  WorstCaseValues Worst;
  EvaluateCandidate Evaluate = [&](size_t C, CandidateTotals &Totals,
                                   std::string &Problem) {
    // Not a candidate at all (no problem to name).
    for (const PlannedLayout &L : Layouts)
      if (RowAlign > 1 && C * L.Layout.ElementSize % RowAlign != 0)
        return false;
    return plannedTotals(
        Layouts,
        [&](SharedArrayLayout &L) {
          if (C == 0)
            return;
          L.WrittenRowBytes = L.Dims.back() * L.ElementSize;
          L.Dims.back() += C;
        },
        C == 0, Totals, Problem, Worst);
  };
  SearchOutcome Outcome = searchFewestWavefronts(
      maxUsefulPadding(Layouts.front().Layout.ElementSize), Evaluate);
  verifyBest(Outcome, Evaluate, Worst);
  Plan.WhyNot = Outcome.Problem;
  if (Plan.WhyNot.empty() && Outcome.CandidatesJudged == 0 &&
      !Outcome.FirstCandidateProblem.empty())
    Plan.WhyNot = Outcome.FirstCandidateProblem;
  Plan.Pad = unsigned(Outcome.Best);
  fillPlan(Plan, Outcome, plannedLabels(Layouts));
  return Plan;
}

} // namespace bankfix
