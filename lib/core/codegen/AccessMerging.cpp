// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessMerging.cpp - Adjacent accesses nvcc merges into one ---------===//

#include "core/codegen/AccessMerging.h"

#include "core/codegen/LaneAdjacency.h"
#include "core/codegen/RunMerger.h"
#include "core/codegen/ValueReuse.h"

#include <algorithm>
#include <map>
#include <set>

namespace bankfix {

namespace {

/// Marks UncertainMerge on the executions in loops walked once that nvcc
/// may merge with their own next iteration.
void markRuntimeUnrolling(std::vector<MergeCandidate> &Candidates,
                          const std::vector<BlockShape> &Shapes) {
  for (MergeCandidate &C : Candidates) {
    AccessInstance &I = *C.Instance;
    if (!C.Mergeable || I.MergedAway || !I.UncertainMerge.empty() ||
        2 * I.Desc.Width > widestMerge(*C.Layout, I.Desc.Width))
      continue;
    for (const std::string &Symbol : I.OnceLoopSymbols)
      if (nextIterationFollows(*C.Layout, I, Symbol, Shapes)) {
        I.UncertainMerge = "nvcc may unroll the loop around it and merge "
                           "consecutive iterations of it";
        I.UncertainWide = I.Desc;
        I.UncertainWide->Width *= 2;
        break;
      }
  }
}

} // namespace

unsigned widestMerge(const SharedArrayLayout &Layout, unsigned Width) {
  unsigned Natural = Width == 1 ? 1 : Width == 2 ? 8 : std::max(Width, 16u);
  uint64_t Declared = std::min<uint64_t>(Layout.DeclaredAlignment, 16);
  return std::max(Natural, unsigned(Declared));
}

bool mergesWithNext(const SharedArrayLayout &XLayout, const AccessInstance &X,
                    const SharedArrayLayout &YLayout, const AccessInstance &Y,
                    unsigned BaseWidth, const std::vector<BlockShape> &Shapes) {
  return &XLayout == &YLayout && !X.Range && !Y.Range &&
         2 * X.Desc.Width <= startAlignment(XLayout) &&
         X.Desc.Width == Y.Desc.Width && X.Desc.Kind == Y.Desc.Kind &&
         2 * X.Desc.Width <= widestMerge(XLayout, BaseWidth) &&
         sameGuard(X.Desc.Guard, Y.Desc.Guard) && constantApart(X, Y) &&
         adjacentInEveryLane(XLayout, X, YLayout, Y, Shapes);
}

std::vector<std::vector<MergeCandidate *>>
straightLineRuns(std::vector<MergeCandidate> &Candidates) {
  std::map<std::pair<unsigned, unsigned>, std::vector<MergeCandidate *>> Runs;
  for (MergeCandidate &C : Candidates)
    if (!C.Instance->MergedAway)
      Runs[{C.Group, C.Instance->Region}].push_back(&C);
  std::vector<std::vector<MergeCandidate *>> Out;
  for (auto &[Key, Run] : Runs) {
    std::stable_sort(Run.begin(), Run.end(),
                     [](const MergeCandidate *A, const MergeCandidate *B) {
                       return A->Instance->Sequence < B->Instance->Sequence;
                     });
    Out.push_back(std::move(Run));
  }
  return Out;
}

void mergeAdjacentAccesses(std::vector<MergeCandidate> &Candidates,
                           const std::vector<BlockShape> &Shapes) {
  std::vector<std::vector<MergeCandidate *>> Runs =
      straightLineRuns(Candidates);
  // In a loop compiled once, a pair of one iteration merges only when it
  // does in every iteration, and the walk saw more than one.
  LoopPairs Loops;
  Loops.Collecting = true;
  for (std::vector<MergeCandidate *> &Run : Runs) {
    RunMerger Merger(Run, Shapes, Loops);
    for (const std::vector<Unit> &Chain : Merger.chains())
      for (size_t I = 0; I + 1 < Chain.size(); ++I) {
        const AccessInstance &X = *Chain[I].Keep->Instance;
        if (X.CompiledOnce.empty() ||
            X.CompiledOnce != Chain[I + 1].Keep->Instance->CompiledOnce)
          continue;
        VetoKey Key = RunMerger::vetoKey(Chain[I], Chain[I + 1]);
        Loops.Iterations[Key].insert(iterationsOf(X));
        std::string Why;
        if (Merger.decide(Chain[I], Chain[I + 1], Why) == Decision::Never)
          Loops.Vetoed.insert(Key);
      }
  }
  Loops.Collecting = false;
  IterationFacts Facts;
  for (const std::vector<MergeCandidate *> &Run : Runs)
    Facts.collect(Run, Shapes);
  for (std::vector<MergeCandidate *> &Run : Runs) {
    markReusedLoads(Run, Shapes, Facts);
    // The loads reused make no access: they are not between others.
    Run.erase(std::remove_if(Run.begin(), Run.end(),
                             [](const MergeCandidate *C) {
                               return C->Instance->MergedAway;
                             }),
              Run.end());
    RunMerger Merger(Run, Shapes, Loops);
    for (std::vector<Unit> &Chain : Merger.chains())
      mergeChain(Merger, std::move(Chain));
    markContainedLoads(Run, Shapes);
  }
  markRuntimeUnrolling(Candidates, Shapes);
}

std::vector<AccessInstance>
compileWithLayout(const UncompiledRun &Run, const SharedArrayLayout *Array,
                  const SharedArrayLayout &Changed) {
  std::vector<AccessInstance> Out;
  Out.reserve(Run.Executions.size());
  for (const UncompiledRun::Execution &E : Run.Executions)
    Out.push_back(E.Instance);
  std::vector<MergeCandidate> Candidates;
  for (size_t K = 0; K < Out.size(); ++K) {
    const UncompiledRun::Execution &E = Run.Executions[K];
    Candidates.push_back({&Out[K], E.Layout == Array ? &Changed : E.Layout,
                          E.Group, E.Mergeable, E.Label, E.Expression});
  }
  mergeAdjacentAccesses(Candidates, Run.Shapes);
  return Out;
}

} // namespace bankfix
