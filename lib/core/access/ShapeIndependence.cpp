// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ShapeIndependence.cpp - Results that hold for any block shape
//-------===//

#include "core/access/ShapeIndependence.h"

#include "core/expr/LaneExpr.h"

#include <algorithm>
#include <map>

namespace bankfix {

namespace {

/// Whether \p E reads threadIdx in dimension \p Dim.
bool readsThreadIdx(const LaneExprPtr &E, unsigned Dim) {
  if (!E)
    return false;
  std::vector<const LaneExpr *> Work{E.get()};
  while (!Work.empty()) {
    const LaneExpr *N = Work.back();
    Work.pop_back();
    if (N->Kind == ExprKind::ThreadIdx && N->Dim == Dim)
      return true;
    for (const LaneExprPtr &Op : N->Ops)
      Work.push_back(Op.get());
  }
  return false;
}

/// Whether some expression an execution of \p Instances evaluates (its
/// indices, its guard, the loop variables it stands for) satisfies \p P.
template <typename Pred>
bool anyExpression(const std::vector<AccessInstance> &Instances, Pred P) {
  for (const AccessInstance &I : Instances) {
    if (I.Desc.Guard && P(I.Desc.Guard))
      return true;
    for (const LaneExprPtr &Index : I.Desc.Indices)
      if (Index && P(Index))
        return true;
    if (I.Range)
      for (const LoopVariable &V : I.Range->Variables)
        if (V.Entry && P(V.Entry))
          return true;
  }
  return false;
}

} // namespace

std::vector<BlockShape> probeShapes(unsigned MaxThreads,
                                    unsigned MaxWarpsAcross, bool ReadsY) {
  unsigned Warps = std::max(1u, std::min(MaxThreads, 1024u) / 32);
  if (!ReadsY)
    return {
        BlockShape{{32 * std::min(Warps, std::max(1u, MaxWarpsAcross)), 1, 1}}};
  std::vector<BlockShape> Shapes;
  unsigned LastRows = 0;
  for (unsigned A = std::min(Warps, std::max(1u, MaxWarpsAcross)); A >= 1;
       --A) {
    unsigned Rows = Warps / A;
    if (Rows != LastRows)
      Shapes.push_back(BlockShape{{32 * A, Rows, 1}});
    LastRows = Rows;
  }
  return Shapes;
}

/// What one execution is, as text: equal for executions that evaluate the
/// same way under every shape.
static std::string signature(const AccessInstance &I) {
  std::string Out = I.Iteration + "|" + std::to_string(I.Desc.Width) + "|" +
                    std::to_string(int(I.Desc.Kind)) + "|" +
                    std::to_string(I.Desc.ByteOffset) + "|" +
                    std::to_string(I.MergedAway) + "|" + I.MergeNote + "|";
  for (const LaneExprPtr &Index : I.Desc.Indices)
    Out += (Index ? printLaneExpr(*Index) : "?") + ",";
  Out += "|" + (I.Desc.Guard ? printLaneExpr(*I.Desc.Guard) : "");
  if (I.Range)
    Out += "|" + std::to_string(I.Range->Count);
  return Out;
}

bool readsThreadY(const std::vector<AccessInstance> &Instances) {
  return anyExpression(
      Instances, [](const LaneExprPtr &E) { return readsThreadIdx(E, 1); });
}

std::string shapeDependence(const std::vector<AccessInstance> &Instances) {
  // A function walked once per shape (a loop bounded by blockDim): the
  // access is the same in each walk, or its executions depend on blockDim.
  std::map<BlockShape, std::vector<const AccessInstance *>> PerShape;
  for (const AccessInstance &I : Instances)
    if (I.OnlyForShape)
      PerShape[*I.OnlyForShape].push_back(&I);
  bool BlockDim = anyExpression(Instances, [](const LaneExprPtr &E) {
    return mentions(*E, ExprKind::BlockDim);
  });
  bool Z = anyExpression(
      Instances, [](const LaneExprPtr &E) { return readsThreadIdx(E, 2); });
  // Walked for one shape only (the others would have cost too much): not
  // known to be the same in the others.
  if (PerShape.size() == 1)
    BlockDim = true;
  const std::vector<const AccessInstance *> *First =
      PerShape.empty() ? nullptr : &PerShape.begin()->second;
  for (const auto &[Shape, Walk] : PerShape) {
    if (BlockDim)
      break;
    BlockDim = Walk.size() != First->size();
    for (size_t I = 0; I < Walk.size() && !BlockDim; ++I)
      BlockDim = signature(*Walk[I]) != signature(*(*First)[I]);
  }
  if (BlockDim)
    return "it reads blockDim";
  if (Z)
    return "it reads threadIdx.z";
  return "";
}

std::string unknownValueRead(const std::vector<AccessInstance> &Instances) {
  std::map<std::string, IntType> Symbols;
  anyExpression(Instances, [&](const LaneExprPtr &E) {
    collectUnknownUniforms(*E, Symbols);
    return false;
  });
  return Symbols.empty() ? "" : Symbols.begin()->first;
}

bool sameForEveryWarp(const std::vector<AccessSummary> &Summaries) {
  if (Summaries.empty())
    return false;
  const AccessSummary &First = Summaries.front();
  for (const AccessSummary &S : Summaries)
    if (!S.judged() || S.Instances.size() != First.Instances.size())
      return false;
  for (size_t I = 0; I < First.Instances.size(); ++I) {
    const WarpAccessResult *Ref = nullptr;
    for (const AccessSummary &S : Summaries) {
      const InstanceEvaluation &E = S.Instances[I];
      if (E.Count != First.Instances[I].Count ||
          E.Eval.WorstCase != First.Instances[I].Eval.WorstCase)
        return false;
      for (const WarpOutcome &W : E.Eval.Warps) {
        if (!Ref)
          Ref = &W.Result;
        if (W.Result.Wavefronts != Ref->Wavefronts ||
            W.Result.Ideal != Ref->Ideal)
          return false;
      }
    }
  }
  return true;
}

} // namespace bankfix
