// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PaddingPlanner.cpp - The row padding of a shared array that helps most //

#include "core/fix/PaddingPlanner.h"

#include "core/access/AccessEvaluation.h"
#include "core/fix/FixSearch.h"

#include <algorithm>
#include <map>
#include <optional>

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

namespace {

/// Whether \p Desc conflicts, or cannot be judged, in some shape of
/// \p Shapes under \p Layout.
bool conflictsIn(const SharedArrayLayout &Layout, const SharedAccessDesc &Desc,
                 const std::vector<BlockShape> &Shapes) {
  for (const BlockShape &Shape : Shapes) {
    AccessEvaluation E = evaluateAccess(Layout, Desc, Shape);
    if (!E.judged() || (!E.Warps.empty() && E.worst().hasConflict()))
      return true;
  }
  return false;
}

/// The executions of \p A as the compiler makes them under \p Changed, the
/// changed layout of \p L (its own Instances as they are when \p AsIs or
/// when its run is not known); null with \p Problem when a merge under it
/// cannot be decided. \p Compiled caches each run's compilation.
const std::vector<AccessInstance> *compiledInstances(
    const PlannedLayout &L, const SharedArrayLayout &Changed,
    const PlannedAccess &A, bool AsIs,
    std::map<const UncompiledRun *, std::vector<AccessInstance>> &Compiled,
    std::vector<AccessInstance> &Out, std::string &Problem) {
  if (AsIs || !A.Run || !L.Original)
    return A.Instances;
  auto It = Compiled.find(A.Run);
  if (It == Compiled.end())
    It = Compiled.emplace(A.Run, compileWithLayout(*A.Run, L.Original, Changed))
             .first;
  Out.clear();
  for (size_t E : A.Executions) {
    const AccessInstance &I = It->second[E];
    // Undecided: judged as written where neither way conflicts, as the
    // layout as it is is (NvccCodegen's settleUncertainMerges).
    if (!I.UncertainMerge.empty() &&
        (conflictsIn(Changed, I.Desc, A.Shapes.Shapes) ||
         conflictsIn(Changed, *I.UncertainWide, A.Shapes.Shapes))) {
      Problem = I.UncertainMerge;
      return nullptr;
    }
    Out.push_back(I);
  }
  return &Out;
}

/// Whether some access of \p Layouts is compiled again for each layout.
bool compiledAgain(const std::vector<PlannedLayout> &Layouts) {
  for (const PlannedLayout &L : Layouts)
    for (const PlannedAccess &A : L.Accesses)
      if (A.Run && L.Original)
        return true;
  return false;
}

/// Calls \p Visit(Changed, A, Instances, Problem) for each access A of
/// \p Layouts, its layout changed by \p Change (Changed) and its
/// executions as compiled for it (Instances; null with Problem when a merge
/// under it cannot be decided), until Visit returns false.
template <typename VisitFn>
void forEachPlannedAccess(
    const std::vector<PlannedLayout> &Layouts,
    const std::function<void(SharedArrayLayout &)> &Change, bool AsIs,
    VisitFn Visit) {
  for (const PlannedLayout &L : Layouts) {
    SharedArrayLayout Changed = L.Layout;
    Change(Changed);
    std::map<const UncompiledRun *, std::vector<AccessInstance>> Compiled;
    for (const PlannedAccess &A : L.Accesses) {
      std::vector<AccessInstance> Recompiled;
      std::string Problem;
      const std::vector<AccessInstance> *Instances =
          compiledInstances(L, Changed, A, AsIs, Compiled, Recompiled, Problem);
      if (!Visit(Changed, A, Instances, Problem))
        return;
    }
  }
}

/// The shared-memory warp-instructions per block the accesses of
/// \p Layouts take under \p Change, or nullopt when one is not known.
std::optional<uint64_t>
plannedInstructions(const std::vector<PlannedLayout> &Layouts,
                    const std::function<void(SharedArrayLayout &)> &Change) {
  std::optional<uint64_t> Count = 0;
  forEachPlannedAccess(Layouts, Change, false,
                       [&](const SharedArrayLayout &, const PlannedAccess &A,
                           const std::vector<AccessInstance> *Instances,
                           const std::string &) {
                         if (!Instances) {
                           Count.reset();
                           return false;
                         }
                         for (const BlockShape &Shape : A.Shapes.Shapes)
                           for (const AccessInstance &I : *Instances)
                             if (I.runsFor(Shape))
                               *Count += I.executions() * Shape.warps();
                         return true;
                       });
  return Count;
}

} // namespace

bool plannedTotals(const std::vector<PlannedLayout> &Layouts,
                   const std::function<void(SharedArrayLayout &)> &Change,
                   bool AsIs, CandidateTotals &Totals, std::string &Problem,
                   WorstCaseValues &Worst) {
  bool Judged = true;
  forEachPlannedAccess(
      Layouts, Change, AsIs,
      [&](const SharedArrayLayout &Changed, const PlannedAccess &A,
          const std::vector<AccessInstance> *Instances,
          const std::string &Undecided) {
        uint64_t Sum = 0, Ideal = 0;
        bool FromData = false;
        if (!Instances)
          Problem = Undecided;
        if (!Instances || !accessWavefronts(Changed, *Instances, A.Shapes,
                                            A.Label, Sum, Ideal, Problem, Worst,
                                            AsIs, &FromData, Totals.stopAt())) {
          Problem = accessProblem(A.Label, Problem, Worst);
          Judged = false;
          return false;
        }
        return Totals.add(Sum, Ideal, FromData);
      });
  return Judged;
}

namespace {

/// Among the candidates as cheap in wavefronts as \p Out's best, the one
/// with the fewest shared-memory instructions (\p Instructions), the
/// smallest among equals: a padding that keeps the compiler's 16-byte
/// loads beats one that breaks them into four 4-byte loads as cheap in
/// wavefronts.
void keepFewestInstructions(
    SearchOutcome &Out, size_t Candidates, const EvaluateCandidate &Evaluate,
    const std::function<std::optional<uint64_t>(size_t)> &Instructions) {
  std::optional<uint64_t> Fewest = Instructions(Out.Best);
  if (!Fewest)
    return;
  for (size_t C = Out.Best + 1; C <= Candidates; ++C) {
    CandidateTotals Totals;
    std::string Problem;
    if (!Evaluate(C, Totals, Problem) || Totals.Pruned)
      continue;
    uint64_t Total = 0;
    for (uint64_t W : Totals.PerAccess)
      Total += W;
    std::optional<uint64_t> Count;
    if (Total != Out.After || !(Count = Instructions(C)) || *Count >= *Fewest)
      continue;
    Fewest = Count;
    Out.Best = C;
    Out.AfterPerAccess = Totals.PerAccess;
    Out.AfterAtIdeal = Totals.atIdeal();
  }
}

} // namespace

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
  auto PadBy = [](size_t C) {
    return [C](SharedArrayLayout &L) {
      if (C == 0)
        return;
      L.WrittenRowBytes = L.Dims.back() * L.ElementSize;
      L.Dims.back() += C;
    };
  };
  WorstCaseValues Worst;
  EvaluateCandidate Evaluate = [&](size_t C, CandidateTotals &Totals,
                                   std::string &Problem) {
    // Not a candidate at all (no problem to name).
    for (const PlannedLayout &L : Layouts)
      if (RowAlign > 1 && C * L.Layout.ElementSize % RowAlign != 0)
        return false;
    return plannedTotals(Layouts, PadBy(C), C == 0, Totals, Problem, Worst);
  };
  size_t Candidates = maxUsefulPadding(Layouts.front().Layout.ElementSize);
  bool CompiledAgain = compiledAgain(Layouts);
  SearchOutcome Outcome =
      searchFewestWavefronts(Candidates, Evaluate, !CompiledAgain);
  verifyBest(Outcome, Evaluate, Worst, 1);
  if (Outcome.Best != 0 && Worst.Values.empty() && CompiledAgain)
    keepFewestInstructions(Outcome, Candidates, Evaluate, [&](size_t C) {
      return plannedInstructions(Layouts, PadBy(C));
    });
  Plan.WhyNot = Outcome.Problem;
  Plan.Pad = unsigned(Outcome.Best);
  fillPlan(Plan, Outcome, plannedLabels(Layouts));
  return Plan;
}

} // namespace bankfix
