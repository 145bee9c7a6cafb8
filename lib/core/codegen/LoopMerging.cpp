// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopMerging.cpp - Whether nvcc may merge a loop's executions -------===//

#include "core/codegen/LoopMerging.h"

#include "core/codegen/ValueReuse.h"

#include "core/access/IterationPeriod.h"

#include <algorithm>
#include <map>

namespace bankfix {

namespace {

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
  /// A period after which X and Y both repeat, their addresses moved by
  /// the same amount, in every shape.
  std::optional<uint64_t> commonPeriod(const MergeCandidate &X,
                                       const MergeCandidate &Y) {
    const IterationRange &R = *X.Instance->Range;
    std::vector<std::pair<IterationPattern, IterationPattern>> Patterns;
    uint64_t Period = 1;
    for (const BlockShape &Shape : Shapes) {
      if (!X.Instance->runsFor(Shape) || !Y.Instance->runsFor(Shape))
        continue;
      std::optional<IterationPattern> PX =
          iterationPattern(*X.Layout, X.Instance->Desc, R, Shape);
      std::optional<IterationPattern> PY =
          iterationPattern(*Y.Layout, Y.Instance->Desc, R, Shape);
      if (!PX || !PY)
        return std::nullopt;
      for (uint64_t P : {PX->Period, PY->Period}) {
        __int128 L = __int128(Period) / gcd(Period, P) * P;
        if (L > (__int128(1) << 32))
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
