// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessExplanation.cpp - One access laid out lane by lane -----------===//

#include "core/explain/AccessExplanation.h"

#include "core/expr/LaneEvaluator.h"

namespace bankfix {

std::string formatSymbolicValue(const SymbolicValue &V) {
  std::string S;
  for (const auto &[Sym, C] : V.Terms) {
    if (!S.empty())
      S += C < 0 ? "-" : "+";
    else if (C < 0)
      S += "-";
    int64_t Abs = C < 0 ? -C : C;
    if (Abs != 1)
      S += std::to_string(Abs) + "*";
    S += Sym;
  }
  if (S.empty())
    return std::to_string(V.Const);
  if (V.Const > 0)
    S += "+" + std::to_string(V.Const);
  else if (V.Const < 0)
    S += std::to_string(V.Const);
  return S;
}

namespace {

/// The lanes' addresses in warp \p Warp (all inactive when no lane of it
/// runs the access).
WarpAddresses addressesOf(const AccessEvaluation &Eval, unsigned Warp) {
  for (const WarpOutcome &W : Eval.Warps)
    if (W.Warp == Warp)
      return W.Addresses;
  return WarpAddresses{};
}

} // namespace

unsigned worstWarp(const SharedArrayLayout &Array, const SharedAccessDesc &Desc,
                   const BlockShape &Shape) {
  AccessEvaluation Eval = evaluateAccess(Array, Desc, Shape);
  if (!Eval.judged() || Eval.Warps.empty())
    return 0;
  return Eval.Warps[Eval.WorstWarp].Warp;
}

void explainWarp(const SharedArrayLayout &Array, const std::string &Spelling,
                 const SharedAccessDesc &Desc, const BlockShape &Shape,
                 unsigned Warp, unsigned Pad, const std::string &PaddedSpelling,
                 AccessExplanation &E) {
  E.Shape = Shape;
  E.Warp = Warp;
  E.Width = Desc.Width;
  E.Kind = Desc.Kind;
  E.Index.clear();
  for (const LaneExprPtr &Index : Desc.Indices)
    E.Index.push_back(printLaneExpr(*Index));

  AccessEvaluation Eval = evaluateAccess(Array, Desc, Shape);
  if (!Eval.judged()) {
    E.Problem = Eval.Problem;
    return;
  }
  WarpAddresses Addresses = addressesOf(Eval, Warp);
  if (!Eval.exact())
    E.Values = "the worst case, " + Eval.WorstCase;
  else if (!Eval.ForEvery.empty())
    E.Values = "the same for every value of " + Eval.ForEvery + "; shown for " +
               Eval.Binding;
  E.Before = {Spelling,
              buildWarpBankMap(Addresses, Desc.Width, Desc.Kind, Desc.Service)};

  // Each lane's threadIdx and index values; the uniform part of the address.
  std::vector<uint64_t> Stride(Array.Dims.size(), 1);
  for (size_t D = Array.Dims.size(); D-- > 1;)
    Stride[D - 1] = Stride[D] * Array.Dims[D];
  SymbolicValue Offset;
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    ExplainedLane &L = E.Lanes[Lane];
    std::optional<std::array<unsigned, 3>> Tid = Shape.threadIdx(Warp, Lane);
    L = ExplainedLane();
    if (!Tid)
      continue;
    L.Exists = true;
    L.ThreadIdx = *Tid;
    if (!Addresses[Lane])
      continue;
    LaneEnv Env{*Tid, Shape.Dim, &Eval.Bound};
    SymbolicValue Address;
    for (size_t D = 0; D < Desc.Indices.size(); ++D) {
      EvalResult R = evaluateLane(*Desc.Indices[D], Env);
      // The evaluation above succeeded for every lane.
      L.Indices.push_back(R.ok() ? formatSymbolicValue(*R.Value) : "?");
      if (R.ok())
        for (const auto &[Sym, C] : R.Value->Terms)
          Address.Terms[Sym] += C * int64_t(Stride[D] * Array.ElementSize);
    }
    Offset = Address;
  }
  E.UniformOffset = Offset.Terms.empty() ? "" : formatSymbolicValue(Offset);

  if (Pad == 0)
    return;
  SharedArrayLayout Padded = Array;
  Padded.Dims.back() += Pad;
  AccessEvaluation After = evaluateAccess(Padded, Desc, Shape);
  if (!After.judged()) {
    E.NoAfter = "padded, " + After.Problem;
    return;
  }
  E.After = ExplainedLayout{
      PaddedSpelling, buildWarpBankMap(addressesOf(After, Warp), Desc.Width,
                                       Desc.Kind, Desc.Service)};
}

} // namespace bankfix
