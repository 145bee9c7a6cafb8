//===- PaddingPlanner.cpp - The padding of a shared array that helps most -===//

#include "core/fix/PaddingPlanner.h"

#include <algorithm>

namespace bankfix {

unsigned maxUsefulPadding(uint64_t ElementSize) {
  uint64_t Bytes = uint64_t(NumBanks) * BankWidthBytes;
  return unsigned(
      std::max<uint64_t>(1, Bytes / std::max<uint64_t>(1, ElementSize)));
}

namespace {

/// Wavefronts per block of each access (in order, over all layouts) with the
/// innermost dimension padded by \p Pad; false when one cannot be judged.
/// \p Floor, when given, receives the fewest wavefronts any padding could
/// give: each access's ideal (its active phases), or what it takes now when
/// that is less (a lane-independent address, served whatever the padding).
bool totals(const std::vector<PlannedLayout> &Layouts, unsigned Pad,
            std::vector<uint64_t> &PerAccess, std::string &Problem,
            uint64_t *Floor = nullptr) {
  PerAccess.clear();
  for (const PlannedLayout &L : Layouts) {
    SharedArrayLayout Padded = L.Layout;
    Padded.Dims.back() += Pad;
    for (const PlannedAccess &A : L.Accesses) {
      uint64_t Sum = 0, Ideal = 0;
      for (const BlockShape &Shape : A.Shapes) {
        AccessSummary S = summarizeAccess(Padded, *A.Instances, Shape);
        if (!S.judged()) {
          Problem = "the " + A.Label + " cannot be judged: " +
                    S.Instances[S.FirstProblem].Eval.Problem;
          return false;
        }
        Sum += S.BlockWavefronts;
        Ideal += S.BlockIdeal;
      }
      PerAccess.push_back(Sum);
      if (Floor)
        *Floor += std::min(Sum, Ideal);
    }
  }
  return true;
}

} // namespace

PaddingPlan planPadding(const std::vector<PlannedLayout> &Layouts) {
  PaddingPlan Plan;
  if (Layouts.empty())
    return Plan;
  const SharedArrayLayout &First = Layouts.front().Layout;
  // An access through a pointer moves with the padding in ways its byte
  // offset does not show.
  for (const PlannedLayout &L : Layouts)
    for (const PlannedAccess &A : L.Accesses)
      for (const AccessInstance &I : *A.Instances)
        if (I.Desc.FlatBytes) {
          Plan.WhyNot = "the " + A.Label + " reaches '" + First.Name +
                        "' through a pointer, a reference or a member";
          return Plan;
        }
  if (First.Dims.size() < 2) {
    Plan.WhyNot = "'" + First.Name +
                  "' has one dimension: pad its row stride in the index";
    return Plan;
  }
  std::vector<uint64_t> Base, Candidate;
  uint64_t Floor = 0;
  if (!totals(Layouts, 0, Base, Plan.WhyNot, &Floor))
    return Plan;
  for (uint64_t V : Base)
    Plan.Before += V;
  Plan.After = Plan.Before;
  std::vector<uint64_t> Best = Base;
  unsigned MaxPad = maxUsefulPadding(First.ElementSize);
  // The smallest padding that does best; none can do better than Floor.
  for (unsigned Pad = 1; Pad <= MaxPad && Plan.After > Floor; ++Pad) {
    std::string Problem;
    if (!totals(Layouts, Pad, Candidate, Problem))
      continue; // e.g. an index that goes out of bounds when padded
    uint64_t Total = 0;
    for (uint64_t V : Candidate)
      Total += V;
    if (Total < Plan.After) {
      Plan.After = Total;
      Plan.Pad = Pad;
      Best = Candidate;
    }
  }
  if (Plan.Pad == 0)
    return Plan;
  size_t I = 0;
  for (const PlannedLayout &L : Layouts)
    for (const PlannedAccess &A : L.Accesses) {
      if (Best[I] > Base[I])
        Plan.Worse.push_back({A.Label, Base[I], Best[I]});
      ++I;
    }
  return Plan;
}

} // namespace bankfix
