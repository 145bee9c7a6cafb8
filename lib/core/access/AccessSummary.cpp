// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessSummary.cpp - One access over all its executions -------------===//

#include "core/access/AccessSummary.h"

#include "core/access/IterationPeriod.h"

#include <algorithm>

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

namespace {

/// Builds a summary from its executions, in the order they run.
class SummaryBuilder {
public:
  explicit SummaryBuilder(AccessSummary &S) : S(S) {}

  void add(std::string Iteration, AccessEvaluation E, uint64_t Count,
           SharedAccessDesc Desc) {
    if (!E.judged() && S.judged())
      S.FirstProblem = S.Instances.size();
    if (E.judged() && !E.Warps.empty()) {
      S.BlockWavefronts += E.BlockWavefronts * Count;
      S.BlockIdeal += E.BlockIdeal * Count;
      // The first of the worst: a later execution must be worse to win.
      if (!HaveWorst || E.worst().excess() > S.worst().worst().excess() ||
          (E.worst().excess() == S.worst().worst().excess() &&
           E.worst().Wavefronts > S.worst().worst().Wavefronts)) {
        S.Worst = S.Instances.size();
        HaveWorst = true;
      }
    }
    S.Executions += Count;
    S.Instances.push_back(
        {std::move(Iteration), std::move(E), Count, std::move(Desc)});
  }

private:
  AccessSummary &S;
  bool HaveWorst = false;
};

/// The iterations of a loop: the first (its variables as they entered),
/// then one period of the repeating pattern, each counted as often as it
/// recurs; every iteration when no period can be shown and the loop is
/// short.
class RangeSummary {
public:
  RangeSummary(const SharedArrayLayout &Array, const AccessInstance &I,
               const BlockShape &Shape, const UniformValueSets *Only,
               SummaryBuilder &Out)
      : Array(Array), I(I), Range(*I.Range), Shape(Shape), Only(Only),
        Out(Out) {}

  void run() {
    uint64_t N = Range.Count;
    if (N == 0)
      return;
    if (!Range.Unfollowed.empty()) {
      AccessEvaluation E;
      E.Shape = Shape;
      E.Problem = Range.Unfollowed;
      Out.add(Range.label(0), std::move(E), N, Range.accessAt(I.Desc, 0));
      return;
    }
    addIteration(0, 1);
    if (N == 1)
      return;
    std::optional<IterationPattern> P =
        iterationPattern(Array, I.Desc, Range, Shape);
    if (!P) {
      if (N <= MaxIterationsOneByOne) {
        for (uint64_t K = 1; K < N; ++K)
          addIteration(K, 1);
        return;
      }
      AccessEvaluation E;
      E.Shape = Shape;
      E.Problem = "its indices do not repeat their bank pattern in a way "
                  "bankfix can show, over " +
                  std::to_string(N) + " iterations (it follows " +
                  std::to_string(MaxIterationsOneByOne) + " one by one)";
      Out.add(Range.label(1), std::move(E), N - 1, Range.accessAt(I.Desc, 1));
      return;
    }
    uint64_t Reps = std::min<uint64_t>(P->Period, N - 1);
    std::optional<uint64_t> Leaves;
    if (P->MayLeaveBounds)
      Leaves = firstOutOfBounds(*P, Reps);
    for (uint64_t K = 1; K <= Reps; ++K)
      addIteration(K, (N - 1 - K) / P->Period + 1);
    if (Leaves) // One of its residue's executions, counted there.
      addIteration(*Leaves, 0);
  }

private:
  AccessEvaluation evaluateAt(uint64_t K) const {
    return evaluateAccess(Array, Range.accessAt(I.Desc, K), Shape, Only);
  }

  void addIteration(uint64_t K, uint64_t Count) {
    SharedAccessDesc D = Range.accessAt(I.Desc, K);
    AccessEvaluation E = evaluateAccess(Array, D, Shape, Only);
    Out.add(Range.label(K), std::move(E), Count, std::move(D));
  }

  /// The first iteration after the first period whose index leaves the
  /// array. Along each residue an index moves one way, so once out it
  /// stays out: a binary search per residue.
  std::optional<uint64_t> firstOutOfBounds(const IterationPattern &P,
                                           uint64_t Reps) const {
    uint64_t N = Range.Count;
    std::optional<uint64_t> First;
    for (uint64_t R = 1; R <= Reps; ++R) {
      uint64_t Last = (N - 1 - R) / P.Period;
      if (Last == 0 || !evaluateAt(R).judged() ||
          evaluateAt(R + Last * P.Period).judged())
        continue;
      uint64_t Good = 0, Bad = Last;
      while (Bad - Good > 1) {
        uint64_t Mid = Good + (Bad - Good) / 2;
        (evaluateAt(R + Mid * P.Period).judged() ? Good : Bad) = Mid;
      }
      uint64_t K = R + Bad * P.Period;
      if (!First || K < *First)
        First = K;
    }
    return First;
  }

  const SharedArrayLayout &Array;
  const AccessInstance &I;
  const IterationRange &Range;
  const BlockShape &Shape;
  const UniformValueSets *Only;
  SummaryBuilder &Out;
};

} // namespace

AccessSummary summarizeAccess(const SharedArrayLayout &Array,
                              const std::vector<AccessInstance> &Instances,
                              const BlockShape &Shape,
                              const UniformValueSets *Only) {
  AccessSummary S;
  SummaryBuilder Builder(S);
  for (const AccessInstance &I : Instances) {
    if (!I.runsFor(Shape))
      continue;
    if (!I.Uncounted.empty()) {
      AccessEvaluation E;
      E.Shape = Shape;
      E.Problem = I.Uncounted;
      Builder.add(I.Iteration, std::move(E), I.executions(), I.Desc);
      continue;
    }
    if (I.Range) {
      RangeSummary(Array, I, Shape, Only, Builder).run();
      continue;
    }
    Builder.add(I.Iteration, evaluateAccess(Array, I.Desc, Shape, Only), 1,
                I.Desc);
  }
  return S;
}

} // namespace bankfix
