// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RunMerger.h - Merging one straight line's executions --*- C++ -*-===//
//
// The executions of one straight-line run, chained by array and kind in
// the order they run: pairs merge, then pairs of pairs, up to the widest
// merge; three or four words of an aligned 16-byte chunk are loaded whole.
// What lies between two executions decides whether they merge (loads,
// stores, other arrays), or leaves it undecided. Internal to core/codegen.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_RUNMERGER_H
#define BANKFIX_RUNMERGER_H

#include "core/codegen/AccessMerging.h"
#include "core/codegen/LaneAdjacency.h"

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace bankfix {

/// How a merge of two executions is decided.
enum class Decision { Merges, Never, Uncertain };

/// A merged access in the making: the execution that makes it, where it
/// starts and ends in its run, and the width of the accesses it began as.
struct Unit {
  MergeCandidate *Keep;
  size_t First, Last; ///< positions in the run
  unsigned BaseWidth;
};

/// The loops compiled once around \p I, without the iteration.
inline std::vector<const void *> loopsOf(const AccessInstance &I) {
  std::vector<const void *> Loops;
  for (const auto &[Loop, Iteration] : I.CompiledOnce)
    Loops.push_back(Loop);
  return Loops;
}

/// The iteration of each loop compiled once around \p I, outermost first.
inline std::vector<unsigned> iterationsOf(const AccessInstance &I) {
  std::vector<unsigned> Iterations;
  for (const auto &[Loop, Iteration] : I.CompiledOnce)
    Iterations.push_back(Iteration);
  return Iterations;
}

using VetoKey =
    std::tuple<const void *, const void *, std::vector<const void *>>;

/// What the iterations of the loops compiled once say about their pairs:
/// a pair that does not merge in some iteration merges in none (Vetoed); a
/// pair the walk saw in one iteration only (the loop ran once for the
/// values it knew) proves nothing about the others nvcc compiles for.
struct LoopPairs {
  std::set<VetoKey> Vetoed;
  std::map<VetoKey, std::set<std::vector<unsigned>>> Iterations;
  /// While the iterations are collected, nothing is undecided yet.
  bool Collecting = false;
  bool seenOnce(const VetoKey &K) const {
    auto It = Iterations.find(K);
    return !Collecting && (It == Iterations.end() || It->second.size() < 2);
  }
};

class RunMerger {
public:
  RunMerger(std::vector<MergeCandidate *> &Run,
            const std::vector<BlockShape> &Shapes, LoopPairs &Loops)
      : Run(Run), Shapes(Shapes), Loops(Loops) {}

  /// The chains of the run: executions of one array and kind, in order.
  std::vector<std::vector<Unit>> chains() const {
    std::map<std::pair<const SharedArrayLayout *, AccessKind>, size_t> Index;
    std::vector<std::vector<Unit>> Chains;
    for (size_t P = 0; P < Run.size(); ++P) {
      MergeCandidate *C = Run[P];
      auto Key = std::make_pair(C->Layout, C->Instance->Desc.Kind);
      auto [It, New] = Index.try_emplace(Key, Chains.size());
      if (New)
        Chains.emplace_back();
      Chains[It->second].push_back({C, P, P, C->Instance->Desc.Width});
    }
    return Chains;
  }

  /// Whether \p U and \p V (consecutive in their chain) merge, and when it
  /// cannot be decided, why (\p Why).
  /// \p Reversed: V's address comes first (`s[2*t+1]` then `s[2*t]`).
  Decision decide(const Unit &U, const Unit &V, std::string &Why,
                  bool *Reversed = nullptr) const {
    const AccessInstance &X = *U.Keep->Instance, &Y = *V.Keep->Instance;
    if (!U.Keep->Mergeable || !V.Keep->Mergeable)
      return Decision::Never;
    Decision Between = between(U, V, Why);
    if (Between == Decision::Never)
      return Decision::Never;
    if (X.Desc.Width != Y.Desc.Width ||
        2 * X.Desc.Width > widestMerge(*U.Keep->Layout, U.BaseWidth))
      return Decision::Never;
    const SharedArrayLayout &XL = *U.Keep->Layout, &YL = *V.Keep->Layout;
    bool Forward = mergesWithNext(XL, X, YL, Y, U.BaseWidth, Shapes);
    if (!Forward && !mergesWithNext(YL, Y, XL, X, U.BaseWidth, Shapes))
      return Decision::Never;
    if (Reversed)
      *Reversed = !Forward;
    if (X.CompiledOnce != Y.CompiledOnce) {
      Why = "nvcc compiles the loop around them once, and may or may not "
            "merge consecutive iterations";
      return Decision::Uncertain;
    }
    if (!X.CompiledOnce.empty() && Loops.Vetoed.count(vetoKey(U, V)))
      return Decision::Never;
    if (!X.CompiledOnce.empty() && Loops.seenOnce(vetoKey(U, V))) {
      Why = "nvcc compiles the loop around them once, and bankfix saw one "
            "iteration of it";
      return Decision::Uncertain;
    }
    if (!XL.StartModulo16) {
      Why = "where '" + XL.Name +
            "' starts, which decides its alignment, "
            "is not known";
      return Decision::Uncertain;
    }
    // Seen merged in one kernel and not in another: undecided.
    if (!Forward) {
      Why = "they are written in the order opposite to their addresses";
      return Decision::Uncertain;
    }
    if (Between == Decision::Uncertain)
      return Decision::Uncertain;
    if (X.SoftRegion != Y.SoftRegion) {
      Why = Y.SoftBreak;
      return Decision::Uncertain;
    }
    return Decision::Merges;
  }

  const std::vector<BlockShape> &shapes() const { return Shapes; }

  /// Whether nothing between \p U and \p V, nor their guards, loops and
  /// straight line, keeps them from being loaded by one instruction.
  bool mayJoin(const Unit &U, const Unit &V, std::string &Why) const {
    const AccessInstance &X = *U.Keep->Instance, &Y = *V.Keep->Instance;
    return U.Keep->Mergeable && V.Keep->Mergeable &&
           between(U, V, Why, 16) == Decision::Merges && !X.Range && !Y.Range &&
           sameGuard(X.Desc.Guard, Y.Desc.Guard) &&
           X.CompiledOnce == Y.CompiledOnce && X.SoftRegion == Y.SoftRegion &&
           U.Keep->Layout == V.Keep->Layout;
  }

  static VetoKey vetoKey(const Unit &U, const Unit &V) {
    return {U.Keep->Expression, V.Keep->Expression, loopsOf(*U.Keep->Instance)};
  }

private:
  /// What lies between \p U and \p V in the run: a load merges across
  /// loads; across a store to another static array only when its array is
  /// declared aligned to the merged width (`__align__(16)`), not across a
  /// store that may write its own array. A store merges across nothing of
  /// its array and no store; a load of another array between stores may or
  /// may not stop it.
  /// \p MergedWidth: the width of the access they would make (0: twice
  /// theirs).
  Decision between(const Unit &U, const Unit &V, std::string &Why,
                   uint64_t MergedWidth = 0) const {
    const AccessInstance &Kept = *U.Keep->Instance;
    bool Store = Kept.Desc.Kind == AccessKind::Store;
    if (MergedWidth == 0)
      MergedWidth = 2 * uint64_t(Kept.Desc.Width);
    bool DeclaredWide = U.Keep->Layout->DeclaredAlignment >= MergedWidth;
    Decision D = Decision::Merges;
    for (size_t P = U.Last + 1; P < V.First; ++P) {
      const MergeCandidate &C = *Run[P];
      bool OtherStore = C.Instance->Desc.Kind == AccessKind::Store;
      // Two static arrays never overlap; extern arrays all start at the
      // same address.
      bool Disjoint = C.Layout != U.Keep->Layout && !isExtern(*C.Layout) &&
                      !isExtern(*U.Keep->Layout);
      if ((OtherStore && (Store || !Disjoint || !DeclaredWide)) ||
          !C.Mergeable || (Store && C.Layout == U.Keep->Layout))
        return Decision::Never;
      if (Store) {
        Why = "the " + C.Label + " lies between them";
        D = Decision::Uncertain;
      }
    }
    return D;
  }

  std::vector<MergeCandidate *> &Run;
  const std::vector<BlockShape> &Shapes;
  LoopPairs &Loops;
};

/// Merges pairs, then pairs of pairs, along one chain while any merge, and
/// then loads the chunks whose three or four words the chain loads.
void mergeChain(RunMerger &Merger, std::vector<Unit> Chain);

} // namespace bankfix

#endif // BANKFIX_RUNMERGER_H
