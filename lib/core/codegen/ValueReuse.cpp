// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ValueReuse.cpp - Loads nvcc does not make -------------------------===//

#include "core/codegen/ValueReuse.h"

#include "core/codegen/LaneAdjacency.h"
#include "core/codegen/RunMerger.h"

#include <algorithm>
#include <set>
#include <string>

namespace bankfix {

/// The terms of \p Guard's conjunction, as printed.
static std::set<std::string> conjunctTexts(const LaneExpr &Guard) {
  std::vector<const LaneExpr *> Terms;
  conjuncts(Guard, Terms);
  std::set<std::string> Out;
  for (const LaneExpr *T : Terms)
    Out.insert(printLaneExpr(*T));
  return Out;
}

/// Whether each term of \p X's guard is one of \p Y's: a lane that runs Y
/// ran X (`v = s[i]; if (v > w) t = s[i];`: the second load is under the
/// first one's guard and a condition more).
static bool guardCovers(const LaneExprPtr &X, const LaneExprPtr &Y) {
  if (sameGuard(X, Y) || !X)
    return true;
  if (!Y)
    return false;
  std::set<std::string> OfX = conjunctTexts(*X), OfY = conjunctTexts(*Y);
  return std::includes(OfY.begin(), OfY.end(), OfX.begin(), OfX.end());
}

/// \p Y under \p X's guard: the lanes that ran X, where Y, which runs in
/// some of them, must read what X read.
static AccessInstance underGuardOf(const AccessInstance &X,
                                   const AccessInstance &Y) {
  AccessInstance Out = Y;
  Out.Desc.Guard = X.Desc.Guard;
  return Out;
}

/// What reusesValue asks before it evaluates anything: one array, a load
/// of the same width, under the guard of the first access and perhaps
/// more, neither a range.
static bool reuseShapeMatches(const SharedArrayLayout &XLayout,
                              const AccessInstance &IX,
                              const SharedArrayLayout &YLayout,
                              const AccessInstance &IY) {
  return &XLayout == &YLayout && IY.Desc.Kind == AccessKind::Load &&
         IX.Desc.Width == IY.Desc.Width && !IX.Range && !IY.Range &&
         guardCovers(IX.Desc.Guard, IY.Desc.Guard);
}

bool reusesValue(const SharedArrayLayout &XLayout, const AccessInstance &IX,
                 const SharedArrayLayout &YLayout, const AccessInstance &IY,
                 const std::vector<BlockShape> &Shapes) {
  if (!reuseShapeMatches(XLayout, IX, YLayout, IY))
    return false;
  if (!sameGuard(IX.Desc.Guard, IY.Desc.Guard))
    return reusesValue(XLayout, IX, YLayout, underGuardOf(IX, IY), Shapes);
  std::vector<UniformBindings> Bindings = bindingsFor(symbolsOf(IX, IY));
  // Values under which no lane runs them show nothing: two accesses under
  // a guard the values tried all make false (`if (flag > 0)` at 0) are not
  // taken for one.
  bool Ran = false;
  for (const BlockShape &Shape : Shapes) {
    if (IX.runsFor(Shape) != IY.runsFor(Shape))
      return false;
    if (!IX.runsFor(Shape))
      continue;
    for (const UniformBindings &B : Bindings) {
      EvaluationOptions Options{&B, false};
      AccessEvaluation EX =
          evaluateAccessWith(XLayout, IX.Desc, Shape, Options);
      AccessEvaluation EY =
          evaluateAccessWith(YLayout, IY.Desc, Shape, Options);
      if (!EX.judged() || !EY.judged() || EX.Warps.size() != EY.Warps.size())
        return false;
      Ran = Ran || !EX.Warps.empty();
      for (size_t W = 0; W < EX.Warps.size(); ++W)
        if (EX.Warps[W].Warp != EY.Warps[W].Warp ||
            EX.Warps[W].Addresses != EY.Warps[W].Addresses)
          return false;
    }
  }
  return Ran;
}

namespace {

/// Every lane's address of \p I in each shape it runs for, with every
/// warp-uniform symbol 0 (the first values reusesValue tries for any pair),
/// or nullopt where that is not judged. Two accesses whose prints differ
/// do not reuse each other's value: comparing prints first keeps the
/// pairwise search of a long straight line cheap.
std::optional<std::vector<uint64_t>>
zeroPrint(const MergeCandidate &C, const std::vector<BlockShape> &Shapes) {
  UniformBindings Zeros;
  for (const auto &[Name, Type] : symbolsOf(*C.Instance, *C.Instance))
    Zeros.push_back({Name, 0});
  std::vector<uint64_t> Out;
  for (const BlockShape &Shape : Shapes) {
    Out.push_back(C.Instance->runsFor(Shape) ? UINT64_MAX - 1 : UINT64_MAX - 2);
    if (!C.Instance->runsFor(Shape))
      continue;
    AccessEvaluation E = evaluateAccessWith(*C.Layout, C.Instance->Desc, Shape,
                                            {&Zeros, false, true});
    if (!E.judged())
      return std::nullopt;
    for (const WarpOutcome &W : E.Warps) {
      Out.push_back(W.Warp);
      for (const std::optional<uint64_t> &A : W.Addresses)
        Out.push_back(A ? *A : UINT64_MAX);
    }
  }
  return Out;
}

} // namespace

bool AddressPrints::reuses(const MergeCandidate &X, const MergeCandidate &Y,
                           const std::vector<BlockShape> &Shapes) {
  if (!reuseShapeMatches(*X.Layout, *X.Instance, *Y.Layout, *Y.Instance))
    return false;
  // Y under a guard of its own: its print would differ; judged whole.
  if (!sameGuard(X.Instance->Desc.Guard, Y.Instance->Desc.Guard))
    return reusesValue(*X.Layout, *X.Instance, *Y.Layout,
                       underGuardOf(*X.Instance, *Y.Instance), Shapes);
  if (!mayReuse(X, Y, Shapes))
    return false;
  // Without warp-uniform symbols the prints are the whole evaluation.
  if (symbolsOf(*X.Instance, *Y.Instance).empty())
    return true;
  return reusesValue(*X.Layout, *X.Instance, *Y.Layout, *Y.Instance, Shapes);
}

bool AddressPrints::mayReuse(const MergeCandidate &X, const MergeCandidate &Y,
                             const std::vector<BlockShape> &Shapes) {
  auto PrintOf = [&](const MergeCandidate &C)
      -> const std::optional<std::vector<uint64_t>> & {
    auto It = Prints.find(&C);
    if (It == Prints.end())
      It = Prints.emplace(&C, zeroPrint(C, Shapes)).first;
    return It->second;
  };
  const std::optional<std::vector<uint64_t>> &PX = PrintOf(X);
  const std::optional<std::vector<uint64_t>> &PY = PrintOf(Y);
  return PX && PY && *PX == *PY;
}

namespace {

/// Whether \p Y's bytes lie inside \p X's in every lane (the same place
/// in them for all), as when nvcc's wide load of the aligned 16 bytes
/// around a run takes an element loaded again later.
bool containedIn(const MergeCandidate &X, const MergeCandidate &Y,
                 const std::vector<BlockShape> &Shapes) {
  const AccessInstance &IX = *X.Instance, &IY = *Y.Instance;
  if (X.Layout != Y.Layout || IX.Desc.Width <= IY.Desc.Width ||
      !sameGuard(IX.Desc.Guard, IY.Desc.Guard) || IX.Range || IY.Range)
    return false;
  std::optional<std::vector<uint64_t>> AX =
      laneAddresses(*X.Layout, IX, Shapes);
  std::optional<std::vector<uint64_t>> AY =
      laneAddresses(*Y.Layout, IY, Shapes);
  if (!AX || !AY || AX->size() != AY->size() || AX->empty())
    return false;
  for (size_t L = 0; L < AX->size(); ++L) {
    uint64_t XL = (*AX)[L], YL = (*AY)[L];
    if ((XL == UINT64_MAX) != (YL == UINT64_MAX))
      return false;
    if (XL != UINT64_MAX &&
        (YL < XL || YL + IY.Desc.Width > XL + IX.Desc.Width ||
         YL - XL != (*AY)[0] - (*AX)[0]))
      return false;
  }
  return true;
}

} // namespace

/// Whether \p X and \p Y lie in one straight line of one iteration, with
/// no call between that may write memory (a shuffle between them writes
/// none: nvcc reuses a value loaded before it, measured on CUB's raking
/// scan).
static bool sameStretch(const MergeCandidate &X, const MergeCandidate &Y) {
  return X.Mergeable && X.Instance->WriteRegion == Y.Instance->WriteRegion &&
         X.Instance->CompiledOnce == Y.Instance->CompiledOnce;
}

IterationFacts::Key IterationFacts::keyOf(const MergeCandidate &X,
                                          const MergeCandidate &Y) {
  return {X.Expression, Y.Expression, loopsOf(*X.Instance)};
}

void IterationFacts::collect(const std::vector<MergeCandidate *> &Run,
                             const std::vector<BlockShape> &Shapes) {
  AddressPrints Prints;
  for (size_t J = 0; J < Run.size(); ++J) {
    const MergeCandidate &Y = *Run[J];
    if (Y.Instance->Desc.Kind != AccessKind::Load || !Y.Mergeable ||
        Y.Instance->CompiledOnce.empty())
      continue;
    for (size_t I = J; I-- > 0 && sameStretch(*Run[I], Y);) {
      const MergeCandidate &X = *Run[I];
      Key K = keyOf(X, Y);
      Iterations[K].insert(iterationsOf(*X.Instance));
      // One iteration where Y does not reuse X's value settles the pair.
      std::set<bool> &SameSeen = Same[K];
      if (!SameSeen.count(false))
        SameSeen.insert(Prints.reuses(X, Y, Shapes));
      if (X.Instance->Desc.Kind != AccessKind::Load && X.Layout == Y.Layout)
        Distances[K].insert(apartByAConstant(X, Y, Shapes));
    }
  }
}

bool IterationFacts::seenTwice(const Key &K) const {
  auto It = Iterations.find(K);
  return It != Iterations.end() && It->second.size() >= 2;
}

bool IterationFacts::sameEveryIteration(const MergeCandidate &X,
                                        const MergeCandidate &Y) const {
  if (X.Instance->CompiledOnce.empty())
    return true;
  Key K = keyOf(X, Y);
  auto It = Same.find(K);
  return seenTwice(K) && It != Same.end() && It->second.size() == 1 &&
         *It->second.begin();
}

bool IterationFacts::apartEveryIteration(const MergeCandidate &X,
                                         const MergeCandidate &Y) const {
  if (X.Instance->CompiledOnce.empty())
    return true;
  Key K = keyOf(X, Y);
  auto It = Distances.find(K);
  return seenTwice(K) && It != Distances.end() && It->second.size() == 1 &&
         It->second.begin()->has_value();
}

void markReusedLoads(std::vector<MergeCandidate *> &Run,
                     const std::vector<BlockShape> &Shapes,
                     const IterationFacts &Facts) {
  AddressPrints Prints;
  for (size_t J = 0; J < Run.size(); ++J) {
    MergeCandidate &Y = *Run[J];
    if (Y.Instance->Desc.Kind != AccessKind::Load || !Y.Mergeable)
      continue;
    for (size_t I = J; I-- > 0;) {
      MergeCandidate &X = *Run[I];
      if (!sameStretch(X, Y))
        break;
      // A store of what it loads gives the value (the latest store only).
      bool Same = !X.Instance->MergedAway && Facts.sameEveryIteration(X, Y) &&
                  Prints.reuses(X, Y, Shapes);
      if (Same) {
        Y.Instance->MergedAway = true;
        Y.Instance->MergeNote =
            "nvcc reuses the value of the " + X.Label + " and loads nothing";
      }
      // A store to another array does not change this one, nor one a
      // constant distance away from it in every lane (alias analysis sees
      // that much). An atomic writes too.
      bool Writes = X.Instance->Desc.Kind != AccessKind::Load;
      if (Same || (Writes && X.Layout == Y.Layout &&
                   !(apartByAConstant(X, Y, Shapes) &&
                     Facts.apartEveryIteration(X, Y))))
        break;
    }
  }
}

void markContainedLoads(std::vector<MergeCandidate *> &Run,
                        const std::vector<BlockShape> &Shapes) {
  for (size_t J = 0; J < Run.size(); ++J) {
    MergeCandidate &Y = *Run[J];
    if (Y.Instance->MergedAway || Y.Instance->Desc.Kind != AccessKind::Load ||
        !Y.Mergeable)
      continue;
    for (size_t I = J; I-- > 0;) {
      MergeCandidate &X = *Run[I];
      if (!X.Mergeable || X.Instance->SoftRegion != Y.Instance->SoftRegion ||
          X.Instance->CompiledOnce != Y.Instance->CompiledOnce ||
          (X.Instance->Desc.Kind == AccessKind::Store && X.Layout == Y.Layout))
        break;
      if (X.Instance->MergedAway || X.Instance->Desc.Kind != AccessKind::Load ||
          !containedIn(X, Y, Shapes))
        continue;
      Y.Instance->MergedAway = true;
      Y.Instance->MergeNote = "nvcc reuses what the " + X.Label +
                              " loaded with it and loads nothing";
      break;
    }
  }
}

} // namespace bankfix
