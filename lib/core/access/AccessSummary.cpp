// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessSummary.cpp - One access over all its executions -------------===//

#include "core/access/AccessSummary.h"

#include "core/access/IterationPeriod.h"
#include "core/access/NestSum.h"

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
    uint64_t Wavefronts = 0, Ideal = 0;
    if (E.judged() && !E.Warps.empty() &&
        (__builtin_mul_overflow(E.BlockWavefronts, Count, &Wavefronts) ||
         __builtin_mul_overflow(E.BlockIdeal, Count, &Ideal) ||
         __builtin_add_overflow(S.BlockWavefronts, Wavefronts, &Wavefronts) ||
         __builtin_add_overflow(S.BlockIdeal, Ideal, &Ideal))) {
      AccessEvaluation Over;
      Over.Shape = E.Shape;
      Over.Problem = "its wavefronts over all its executions pass 2^64, "
                     "more than bankfix counts";
      E = std::move(Over);
    }
    if (!E.judged() && S.judged())
      S.FirstProblem = S.Instances.size();
    if (E.judged() && !E.Warps.empty()) {
      S.BlockWavefronts = Wavefronts;
      S.BlockIdeal = Ideal;
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
    if (Range.levels() > 1)
      return runNest();
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
  /// One loop of a nest: the iterations evaluated, each with how often its
  /// pattern recurs in that loop.
  struct LevelIterations {
    std::vector<std::pair<uint64_t, uint64_t>> Counted;
    uint64_t Period = 0; ///< 0: every iteration is evaluated
  };

  /// A nest: each loop's first iteration and one period of its pattern
  /// (the other loops' iterations held), every combination of them counted
  /// as the product of their recurrences.
  void runNest() {
    if (bySum())
      return;
    std::vector<LevelIterations> Levels(Range.levels());
    bool MayLeave = false;
    uint64_t Combinations = 1;
    for (unsigned L = 0; L < Range.levels(); ++L) {
      uint64_t N = Range.levelCount(L);
      LevelIterations &It = Levels[L];
      It.Counted.push_back({0, 1});
      std::optional<IterationPattern> P =
          N > 1 ? levelPattern(Array, I.Desc, Range, L, Shape) : std::nullopt;
      if (P) {
        It.Period = P->Period;
        MayLeave = MayLeave || P->MayLeaveBounds;
        for (uint64_t K = 1; K <= std::min<uint64_t>(P->Period, N - 1); ++K)
          It.Counted.push_back({K, (N - 1 - K) / P->Period + 1});
      } else if (N > 1 && N <= MaxIterationsOneByOne) {
        for (uint64_t K = 1; K < N; ++K)
          It.Counted.push_back({K, 1});
      } else if (N > 1) {
        return notJudged(
            "its indices do not repeat their bank pattern in a "
            "way bankfix can show, over the " +
            std::to_string(N) + " iterations of one of its " +
            std::to_string(Range.levels()) + " nested loops (it follows " +
            std::to_string(MaxIterationsOneByOne) + " one by one)");
      }
      Combinations *= It.Counted.size();
      if (Combinations > MaxNestCombinations)
        return notJudged("its bank pattern repeats only after more than " +
                         std::to_string(MaxNestCombinations) +
                         " combinations of the iterations of its " +
                         std::to_string(Range.levels()) + " nested loops");
    }
    std::optional<uint64_t> Leaves;
    std::vector<uint64_t> Ks(Levels.size()), Pick(Levels.size());
    forEachCombination(Levels, Pick, 0, [&](uint64_t Count) {
      for (size_t L = 0; L < Levels.size(); ++L)
        Ks[L] = Levels[L].Counted[Pick[L]].first;
      uint64_t K = Range.nestIteration(Ks);
      addIteration(K, Count);
      if (MayLeave && !Leaves)
        Leaves = cornerOutOfBounds(Levels, Ks);
    });
    if (Leaves) // One of its residue's executions, counted there.
      addIteration(*Leaves, 0);
  }

  /// A nest whose loops the access reads through one sum (NestSum.h): the
  /// first iteration of each residue of the sum's period, counted as often
  /// as the residue occurs, in the order they first run.
  bool bySum() {
    std::optional<NestSum> S = nestSum(I.Desc, Range);
    if (!S)
      return false;
    std::optional<IterationPattern> P =
        levelPattern(Array, S->Access, S->Sum, 0, Shape);
    if (!P || P->MayLeaveBounds || P->Period > MaxSumPeriod)
      return false;
    std::optional<SumResidues> R = sumResidues(*S, Range, P->Period);
    if (!R)
      return false;
    std::vector<std::pair<uint64_t, uint64_t>> Firsts;
    for (uint64_t Residue = 0; Residue < P->Period; ++Residue)
      if (R->Count[Residue])
        Firsts.push_back({R->First[Residue], R->Count[Residue]});
    std::sort(Firsts.begin(), Firsts.end());
    for (const auto &[K, Count] : Firsts)
      addIteration(K, Count);
    return true;
  }

  /// Calls \p Visit with each combination's count, the outermost loop's
  /// iterations slowest (the order they run in).
  template <typename F>
  static void forEachCombination(const std::vector<LevelIterations> &Levels,
                                 std::vector<uint64_t> &Pick, size_t L,
                                 F &&Visit, uint64_t Count = 1) {
    if (L == Levels.size())
      return Visit(Count);
    for (size_t I = 0; I < Levels[L].Counted.size(); ++I) {
      Pick[L] = I;
      forEachCombination(Levels, Pick, L + 1, Visit,
                         Count * Levels[L].Counted[I].second);
    }
  }

  /// Along each residue the indices move by the same amount per period in
  /// each loop, so over the box of a residue's iterations they are
  /// extreme at its corners: the first corner whose index leaves the
  /// array, if any.
  std::optional<uint64_t>
  cornerOutOfBounds(const std::vector<LevelIterations> &Levels,
                    const std::vector<uint64_t> &Ks) const {
    size_t Corners = size_t(1) << Levels.size();
    for (size_t C = 1; C < Corners; ++C) {
      std::vector<uint64_t> At = Ks;
      bool Moved = false;
      for (size_t L = 0; L < Levels.size(); ++L) {
        uint64_t P = Levels[L].Period, N = Range.levelCount(L);
        if (!(C >> L & 1) || P == 0 || Ks[L] == 0)
          continue;
        At[L] = Ks[L] + (N - 1 - Ks[L]) / P * P;
        Moved = Moved || At[L] != Ks[L];
      }
      uint64_t K = Range.nestIteration(At);
      if (Moved && !evaluateAt(K).judged())
        return K;
    }
    return std::nullopt;
  }

  void notJudged(std::string Why) {
    AccessEvaluation E;
    E.Shape = Shape;
    E.Problem = std::move(Why);
    Out.add(Range.label(0), std::move(E), Range.Count,
            Range.accessAt(I.Desc, 0));
  }

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
                              const UniformValueSets *Only, uint64_t StopAt) {
  AccessSummary S;
  SummaryBuilder Builder(S);
  for (const AccessInstance &I : Instances) {
    if (!I.runsFor(Shape))
      continue;
    if (S.BlockWavefronts >= StopAt && S.judged()) {
      S.Stopped = true;
      break;
    }
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
