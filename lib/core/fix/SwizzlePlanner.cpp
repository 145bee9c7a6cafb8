// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SwizzlePlanner.cpp - The XOR swizzle of a shared tile that helps most //

#include "core/fix/SwizzlePlanner.h"

#include "core/fix/FixSearch.h"

#include <algorithm>

namespace bankfix {

namespace {

/// The bytes of the 32 banks: a mask beyond them only moves whole rows of
/// banks.
constexpr uint64_t BankRowBytes = uint64_t(NumBanks) * BankWidthBytes;

bool powerOfTwo(uint64_t V) { return V != 0 && (V & (V - 1)) == 0; }

/// Every swizzle worth trying for \p Layouts (one per template instance)
/// whose accesses are at most \p Widest bytes: each instance's rows hold
/// whole mask periods (RowBytes a multiple of Granule * Masks) and, with
/// three dimensions or more, its second innermost extent a whole number of
/// masks (the row a plane starts at keeps the mask of r); the finer granule
/// first, then the fewer masks.
std::vector<ColumnSwizzle> candidates(const std::vector<PlannedLayout> &Layouts,
                                      uint64_t Widest) {
  std::vector<ColumnSwizzle> Out;
  uint64_t Granule = std::max(Layouts.front().Layout.ElementSize,
                              std::max<uint64_t>(Widest, 1));
  if (!powerOfTwo(Granule))
    return Out;
  auto Fits = [&](uint64_t G, uint64_t Masks) {
    for (const PlannedLayout &L : Layouts) {
      const std::vector<uint64_t> &D = L.Layout.Dims;
      uint64_t RowBytes = D.back() * L.Layout.ElementSize;
      if (RowBytes % (G * Masks) != 0 ||
          (D.size() > 2 && D[D.size() - 2] % Masks != 0))
        return false;
    }
    return true;
  };
  for (; Granule < BankRowBytes; Granule *= 2)
    for (uint64_t Masks = 2; Granule * Masks <= BankRowBytes; Masks *= 2)
      if (Fits(Granule, Masks))
        Out.push_back({Granule, Masks});
  return Out;
}

/// Why \p Layouts cannot be swizzled, or empty.
std::string whyNotSwizzled(const std::vector<PlannedLayout> &Layouts) {
  const SharedArrayLayout &First = Layouts.front().Layout;
  std::string Name = "'" + First.Name + "'";
  if (First.Dims.size() < 2)
    return Name + " has one dimension";
  for (const PlannedLayout &L : Layouts) {
    const std::vector<uint64_t> &D = L.Layout.Dims;
    if (!powerOfTwo(D.back() * L.Layout.ElementSize))
      return "the rows of " + Name + " are not a power of two of bytes";
    // `t[a][r][c]`: the swizzle names r, so a's rows must not shift it.
    if (D.size() > 2 && (!powerOfTwo(D[D.size() - 2]) || D[D.size() - 2] < 2))
      return "the second innermost extent of " + Name +
             " is not a power of two of at least 2";
  }
  return "";
}

} // namespace

uint64_t widestAccess(const std::vector<PlannedLayout> &Layouts) {
  uint64_t Widest = 0;
  for (const PlannedLayout &L : Layouts)
    for (const PlannedAccess &A : L.Accesses)
      for (const AccessInstance &I : *A.Instances)
        if (!I.MergedAway)
          Widest = std::max<uint64_t>(Widest, I.Desc.Width);
  return Widest;
}

FixPlan planSwizzle(const std::vector<PlannedLayout> &Layouts,
                    uint64_t MinGranule) {
  FixPlan Plan;
  Plan.Style = FixStyle::XorSwizzle;
  if (Layouts.empty())
    return Plan;
  Plan.WhyNot = whyNotSwizzled(Layouts);
  if (!Plan.WhyNot.empty())
    return Plan;
  std::vector<ColumnSwizzle> Candidates =
      candidates(Layouts, std::max(MinGranule, widestAccess(Layouts)));
  WorstCaseValues Worst;
  EvaluateCandidate Evaluate = [&](size_t C, CandidateTotals &Totals,
                                   std::string &Problem) {
    return plannedTotals(
        Layouts,
        [&](SharedArrayLayout &L) {
          if (C != 0)
            L.Swizzle = Candidates[C - 1];
        },
        C == 0, Totals, Problem, Worst);
  };
  SearchOutcome Outcome = searchFewestWavefronts(Candidates.size(), Evaluate);
  verifyBest(Outcome, Evaluate, Worst);
  Plan.WhyNot = Outcome.Problem;
  if (Outcome.Best != 0)
    Plan.Swizzle = Candidates[Outcome.Best - 1];
  fillPlan(Plan, Outcome, plannedLabels(Layouts));
  return Plan;
}

} // namespace bankfix
