// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopMerging.cpp - Whether nvcc may merge a loop's executions -------===//

#include "core/codegen/LoopMerging.h"

#include "core/codegen/ValueReuse.h"

#include "core/access/IterationPeriod.h"
#include "core/access/NestSum.h"

#include <algorithm>
#include <map>

namespace bankfix {

namespace {

/// Combinations of a nest's iterations tried for merges when its accesses
/// read it otherwise than through one sum.
constexpr uint64_t MaxMergeCombinations = 4096;

/// Iteration \p K of \p C (the instance itself when it is no loop's).
AccessInstance executionAt(const MergeCandidate &C, uint64_t K) {
  AccessInstance I = *C.Instance;
  if (I.Range) {
    I.Desc = I.Range->accessAt(I.Desc, K);
    I.Range.reset();
  }
  return I;
}

uint64_t lastIteration(const MergeCandidate &C) {
  return C.Instance->Range ? C.Instance->Range->Count - 1 : 0;
}

class LoopPairs {
public:
  explicit LoopPairs(const std::vector<BlockShape> &Shapes) : Shapes(Shapes) {}

  /// Whether X in iteration k may merge with Y in iteration k + Delta, for
  /// some k (both of one loop).
  bool mayMerge(const MergeCandidate &X, const MergeCandidate &Y,
                uint64_t Delta) {
    const IterationRange &R = *X.Instance->Range;
    if (R.Count <= Delta)
      return false;
    if (R.levels() > 1)
      return mayMergeInNest(X, Y, Delta);
    uint64_t Last = R.Count - 1 - Delta;
    if (R.Count > MaxIterationsOneByOne) {
      std::optional<uint64_t> Period = commonPeriod(X, Y);
      if (!Period)
        return true;
      Last = std::min(Last, *Period);
    }
    for (uint64_t K = 0; K <= Last; ++K)
      if (merges(X, K, Y, K + Delta))
        return true;
    return false;
  }

  /// Whether X in iteration KX merges with Y in iteration KY, or Y reuses
  /// what X loaded or stored.
  bool merges(const MergeCandidate &X, uint64_t KX, const MergeCandidate &Y,
              uint64_t KY) {
    AccessInstance IX = executionAt(X, KX), IY = executionAt(Y, KY);
    return mergesWithNext(*X.Layout, IX, *Y.Layout, IY, IX.Desc.Width,
                          Shapes) ||
           reusesValue(*X.Layout, IX, *Y.Layout, IY, Shapes);
  }

private:
  /// mayMerge in a nest: in each loop its first iteration, one common
  /// period and its last (where the next iteration is the next one of an
  /// outer loop), every combination of them.
  bool mayMergeInNest(const MergeCandidate &X, const MergeCandidate &Y,
                      uint64_t Delta) {
    if (std::optional<bool> May = mayMergeBySum(X, Y, Delta))
      return *May;
    const IterationRange &R = *X.Instance->Range;
    std::vector<std::vector<uint64_t>> Tried(R.levels());
    uint64_t Combinations = 1;
    for (unsigned L = 0; L < R.levels(); ++L) {
      uint64_t N = R.levelCount(L);
      uint64_t Last = N - 1;
      if (std::optional<uint64_t> Period = commonPeriod(X, Y, L))
        Last = std::min(Last, *Period);
      else if (N > MaxIterationsOneByOne)
        return true;
      for (uint64_t K = 0; K <= Last; ++K)
        Tried[L].push_back(K);
      if (Last != N - 1)
        Tried[L].push_back(N - 1);
      Combinations *= Tried[L].size();
      if (Combinations > MaxMergeCombinations)
        return true;
    }
    std::vector<uint64_t> Ks(R.levels());
    return anyCombination(Tried, Ks, 0, [&] {
      uint64_t K = R.nestIteration(Ks);
      return K + Delta < R.Count && merges(X, K, Y, K + Delta);
    });
  }

  /// mayMerge in a nest that X and Y read through one sum u (NestSum.h):
  /// X at u and Y at u + d, d what u moves by from an iteration to the next
  /// (the innermost loop's step, or an outer loop's step after the loops
  /// inside it ran), for one common period of u's values; whether both
  /// values occur in one pair of iterations is not asked (they may).
  /// nullopt when X and Y do not read the nest through one sum.
  std::optional<bool> mayMergeBySum(const MergeCandidate &X,
                                    const MergeCandidate &Y, uint64_t Delta) {
    const IterationRange &R = *X.Instance->Range;
    std::optional<NestSum> SX = nestSum(X.Instance->Desc, R);
    std::optional<NestSum> SY = nestSum(Y.Instance->Desc, R);
    if (!SX || !SY || SX->Weights != SY->Weights)
      return std::nullopt;
    std::optional<uint64_t> Period = commonSumPeriod(X, *SX, Y, *SY);
    if (!Period)
      return std::nullopt;
    std::vector<int64_t> Steps = {0};
    if (Delta == 1) {
      Steps.clear();
      int64_t Inner = 0; // what the loops inside the one that steps added
      for (unsigned L = R.levels(); L-- > 0;) {
        Steps.push_back(SX->Weights[L] - Inner);
        Inner += SX->Weights[L] * int64_t(R.levelCount(L) - 1);
      }
    }
    for (int64_t Step : Steps) {
      // The values of u with u + Step a value too.
      int64_t From = std::max(SX->Min, SX->Min - Step);
      int64_t To = std::min(SX->Max, SX->Max - Step);
      for (int64_t U = From; U <= To && uint64_t(U - From) <= *Period; ++U) {
        AccessInstance IX = *X.Instance, IY = *Y.Instance;
        IX.Desc = SX->accessAt(U);
        IY.Desc = SY->accessAt(U + Step);
        IX.Range.reset();
        IY.Range.reset();
        if (mergesWithNext(*X.Layout, IX, *Y.Layout, IY, IX.Desc.Width,
                           Shapes) ||
            reusesValue(*X.Layout, IX, *Y.Layout, IY, Shapes))
          return true;
      }
    }
    return false;
  }

  /// A period of u after which X and Y both repeat, their addresses moved
  /// by the same amount, in every shape.
  std::optional<uint64_t> commonSumPeriod(const MergeCandidate &X,
                                          const NestSum &SX,
                                          const MergeCandidate &Y,
                                          const NestSum &SY) {
    return commonPeriodOf(
        X, Y,
        [&](const MergeCandidate &C, const BlockShape &Shape) {
          const NestSum &S = &C == &X ? SX : SY;
          return levelPattern(*C.Layout, S.Access, S.Sum, 0, Shape);
        },
        MaxSumPeriod);
  }

  template <typename F>
  static bool anyCombination(const std::vector<std::vector<uint64_t>> &Tried,
                             std::vector<uint64_t> &Ks, size_t L, F &&Test) {
    if (L == Tried.size())
      return Test();
    for (uint64_t K : Tried[L]) {
      Ks[L] = K;
      if (anyCombination(Tried, Ks, L + 1, Test))
        return true;
    }
    return false;
  }

  /// A period after which X and Y both repeat, their addresses moved by
  /// the same amount, in every shape (in loop \p Level of a nest).
  std::optional<uint64_t> commonPeriod(const MergeCandidate &X,
                                       const MergeCandidate &Y,
                                       std::optional<unsigned> Level = {}) {
    const IterationRange &R = *X.Instance->Range;
    return commonPeriodOf(
        X, Y,
        [&](const MergeCandidate &C, const BlockShape &Shape) {
          return Level
                     ? levelPattern(*C.Layout, C.Instance->Desc, R, *Level,
                                    Shape)
                     : iterationPattern(*C.Layout, C.Instance->Desc, R, Shape);
        },
        uint64_t(1) << 32);
  }

  /// The least common period of \p Pattern of X and of Y over the shapes,
  /// at most \p Limit, when both drift alike over it.
  template <typename PatternOf>
  std::optional<uint64_t> commonPeriodOf(const MergeCandidate &X,
                                         const MergeCandidate &Y,
                                         PatternOf &&Pattern, uint64_t Limit) {
    std::vector<std::pair<IterationPattern, IterationPattern>> Patterns;
    uint64_t Period = 1;
    for (const BlockShape &Shape : Shapes) {
      if (!X.Instance->runsFor(Shape) || !Y.Instance->runsFor(Shape))
        continue;
      std::optional<IterationPattern> PX = Pattern(X, Shape);
      std::optional<IterationPattern> PY = Pattern(Y, Shape);
      if (!PX || !PY)
        return std::nullopt;
      for (uint64_t P : {PX->Period, PY->Period}) {
        __int128 L = __int128(Period) / gcd(Period, P) * P;
        if (L > Limit)
          return std::nullopt;
        Period = uint64_t(L);
      }
      Patterns.push_back({*PX, *PY});
    }
    for (const auto &[PX, PY] : Patterns)
      if (PX.Drift * __int128(Period / PX.Period) !=
          PY.Drift * __int128(Period / PY.Period))
        return std::nullopt;
    return Period;
  }

  static uint64_t gcd(uint64_t A, uint64_t B) {
    while (B != 0) {
      uint64_t T = A % B;
      A = B;
      B = T;
    }
    return A;
  }

  const std::vector<BlockShape> &Shapes;
};

} // namespace

std::set<const IterationRange *>
loopsThatMayMerge(std::vector<MergeCandidate> &Candidates,
                  const std::vector<BlockShape> &Shapes) {
  std::set<const IterationRange *> Result;
  LoopPairs Pairs(Shapes);
  // Within the loop: every pair of its executions of one group, in one
  // iteration (in the order they run) or, where nvcc unrolls the loop, in
  // two consecutive ones.
  std::map<std::pair<unsigned, const IterationRange *>,
           std::vector<const MergeCandidate *>>
      Members;
  for (const MergeCandidate &C : Candidates)
    if (C.Instance->Range && !C.Instance->MergedAway && C.Mergeable)
      Members[{C.Group, C.Instance->Range.get()}].push_back(&C);
  for (auto &[Key, List] : Members) {
    std::stable_sort(List.begin(), List.end(),
                     [](const MergeCandidate *A, const MergeCandidate *B) {
                       return A->Instance->Sequence < B->Instance->Sequence;
                     });
    const IterationRange &R = *Key.second;
    bool May = false;
    for (size_t I = 0; I < List.size() && !May; ++I)
      for (size_t J = 0; J < List.size() && !May; ++J) {
        unsigned RI = List[I]->Instance->Region, RJ = List[J]->Instance->Region;
        May = (I < J && RI == RJ && Pairs.mayMerge(*List[I], *List[J], 0)) ||
              (!R.CompiledOnce && RI == R.LastRegion && RJ == R.FirstRegion &&
               Pairs.mayMerge(*List[I], *List[J], 1));
      }
    if (May)
      Result.insert(Key.second);
  }
  // At the ends of a loop nvcc unrolls: the executions of the same array
  // and kind just before and after it in its region.
  for (const std::vector<MergeCandidate *> &Run : straightLineRuns(Candidates))
    for (size_t I = 0; I < Run.size(); ++I) {
      const IterationRange *R = Run[I]->Instance->Range.get();
      if (!R || R->CompiledOnce || Result.count(R))
        continue;
      auto Same = [&](size_t J) {
        return Run[J]->Layout == Run[I]->Layout &&
               Run[J]->Instance->Desc.Kind == Run[I]->Instance->Desc.Kind &&
               Run[J]->Instance->Range.get() != R;
      };
      const MergeCandidate *Before = nullptr, *After = nullptr;
      for (size_t J = I; J-- > 0 && !Before;)
        if (Same(J))
          Before = Run[J];
      for (size_t J = I + 1; J < Run.size() && !After; ++J)
        if (Same(J))
          After = Run[J];
      if ((Before &&
           Pairs.merges(*Before, lastIteration(*Before), *Run[I], 0)) ||
          (After && Pairs.merges(*Run[I], R->Count - 1, *After, 0)))
        Result.insert(R);
    }
  return Result;
}

} // namespace bankfix
