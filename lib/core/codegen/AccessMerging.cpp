//===- AccessMerging.cpp - Adjacent accesses nvcc merges into one ---------===//

#include "core/codegen/AccessMerging.h"

#include <algorithm>
#include <map>

namespace bankfix {

namespace {

/// The widest access the compiler makes of merged straight-line accesses,
/// and of merged iterations of one access in an unrolled loop (measured:
/// 64 consecutive shorts per thread became 8-byte stores).
constexpr unsigned MaxStraightLineWidth = 16;
constexpr unsigned MaxLoopMergeWidth = 8;

bool sameGuard(const LaneExprPtr &A, const LaneExprPtr &B) {
  if (!A || !B)
    return !A && !B;
  return A == B || printLaneExpr(*A) == printLaneExpr(*B);
}

/// Whether \p Y starts where \p X ends for every active lane of every
/// shape, with the same lanes active, and X's address is aligned to the
/// merged width.
bool adjacentInEveryLane(const SharedArrayLayout &Layout,
                         const AccessInstance &X, const AccessInstance &Y,
                         const std::vector<BlockShape> &Shapes) {
  unsigned W = X.Desc.Width;
  bool AnyShape = false;
  for (const BlockShape &Shape : Shapes) {
    if (X.runsFor(Shape) != Y.runsFor(Shape))
      return false;
    if (!X.runsFor(Shape))
      continue;
    AccessEvaluation EX = evaluateAccess(Layout, X.Desc, Shape);
    AccessEvaluation EY = evaluateAccess(Layout, Y.Desc, Shape);
    if (!EX.judged() || !EY.judged() || EX.Warps.size() != EY.Warps.size())
      return false;
    for (size_t I = 0; I < EX.Warps.size(); ++I) {
      const WarpAddresses &AX = EX.Warps[I].Addresses;
      const WarpAddresses &AY = EY.Warps[I].Addresses;
      for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
        if (AX[Lane].has_value() != AY[Lane].has_value())
          return false;
        if (!AX[Lane])
          continue;
        if (*AY[Lane] != *AX[Lane] + W || *AX[Lane] % (2 * W) != 0)
          return false;
      }
    }
    AnyShape = true;
  }
  return AnyShape;
}

} // namespace

bool mergesWithNext(const SharedArrayLayout &Layout, const AccessInstance &X,
                    const AccessInstance &Y, bool SameExpression,
                    const std::vector<BlockShape> &Shapes) {
  unsigned Max = SameExpression ? MaxLoopMergeWidth : MaxStraightLineWidth;
  return !X.Range && !Y.Range && X.Desc.Width == Y.Desc.Width &&
         X.Desc.Kind == Y.Desc.Kind && 2 * X.Desc.Width <= Max &&
         sameGuard(X.Desc.Guard, Y.Desc.Guard) &&
         adjacentInEveryLane(Layout, X, Y, Shapes);
}

void mergeAdjacentAccesses(std::vector<MergeCandidate> &Candidates,
                           const std::vector<BlockShape> &Shapes) {
  std::map<std::pair<unsigned, unsigned>, std::vector<MergeCandidate *>> Runs;
  for (MergeCandidate &C : Candidates)
    if (!C.Instance->MergedAway)
      Runs[{C.Group, C.Instance->Region}].push_back(&C);
  for (auto &[Key, Run] : Runs) {
    std::stable_sort(Run.begin(), Run.end(),
                     [](const MergeCandidate *A, const MergeCandidate *B) {
                       return A->Instance->Sequence < B->Instance->Sequence;
                     });
    // Pairs, then pairs of pairs, while anything merges.
    for (bool Merged = true; Merged;) {
      Merged = false;
      std::vector<MergeCandidate *> Next;
      for (size_t I = 0; I < Run.size(); ++I) {
        MergeCandidate *X = Run[I];
        MergeCandidate *Y = I + 1 < Run.size() ? Run[I + 1] : nullptr;
        AccessInstance &IX = *X->Instance;
        bool Loop = Y && X->Expression == Y->Expression;
        if (!Y || !mergesWithNext(*X->Layout, IX, *Y->Instance, Loop, Shapes)) {
          Next.push_back(X);
          continue;
        }
        AccessInstance &IY = *Y->Instance;
        // nvcc's line table puts a merged load at its first access and a
        // merged store at its last: that one makes the wide access.
        bool Store = IX.Desc.Kind == AccessKind::Store;
        MergeCandidate *Keep = Store ? Y : X, *Drop = Store ? X : Y;
        SharedAccessDesc Wide = IX.Desc;
        Wide.Width *= 2;
        Keep->Instance->Desc = Wide;
        Drop->Instance->MergedAway = true;
        Drop->Instance->MergeNote = "nvcc merges it into the " + Keep->Label;
        Keep->Instance->MergeNote =
            "nvcc merges it with the " +
            (Loop ? std::string(Store ? "previous iterations"
                                      : "next iterations")
                  : std::string(Store ? "preceding " : "following ") +
                        accessKindName(IY.Desc.Kind) + "s") +
            " into one " + std::to_string(Wide.Width) + "-byte " +
            accessKindName(Wide.Kind);
        Next.push_back(Keep);
        Merged = true;
        ++I;
      }
      Run = std::move(Next);
    }
  }
}

} // namespace bankfix
