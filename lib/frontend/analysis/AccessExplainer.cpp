// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessExplainer.cpp - --explain's data for one found access --------===//

#include "frontend/analysis/AccessExplainer.h"

#include "frontend/report/SourcePlace.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace bankfix {

bool explainFileMatches(const std::string &Asked, llvm::StringRef Actual) {
  if (Actual == Asked)
    return true;
  bool Same = false;
  if (!llvm::sys::fs::equivalent(Asked, Actual, Same) && Same)
    return true;
  return !llvm::sys::path::has_parent_path(Asked) &&
         llvm::sys::path::filename(Actual) == Asked;
}

bool explainWanted(const ExplainRequest &Request, clang::ASTContext &Ctx,
                   const FoundAccess &Access, bool Warned) {
  if (!Request.Enabled)
    return false;
  if (!Request.Place)
    return Warned;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Access.Loc));
  return P.isValid() && Request.matches(P.getLine(), P.getColumn()) &&
         explainFileMatches(Request.Place->File, P.getFilename());
}

std::optional<AccessExplanation>
explainFoundAccess(clang::ASTContext &Ctx, const FoundAccess &Access,
                   const AccessSummary *Summary, const BlockShapeChoice &Block,
                   const ArrayFix *Fix, std::optional<unsigned> Warp,
                   std::string &Error) {
  AccessExplanation E;
  E.Place = describePlace(Ctx.getSourceManager(), Access.Loc);
  E.Access = accessOn(Access.Kind, Access.Array->Layout.Name);
  E.Function = Access.FunctionName;
  E.Block = Block.Shape.str();
  if (!Block.Origin.empty())
    E.Block += " (" + Block.Origin + ")";
  E.Shape = Block.Shape;
  E.Kind = Access.Kind;
  if (!Access.Unsupported.empty()) {
    E.Problem = Access.Unsupported;
    return E;
  }
  if (!Summary->judged()) {
    E.Problem = Summary->Instances[Summary->FirstProblem].Eval.Problem;
    return E;
  }
  if (Warp && *Warp >= Block.Shape.warps()) {
    Error = "--warp=" + std::to_string(*Warp) + ": block " + Block.Shape.str() +
            " of '" + Access.FunctionName + "' has " +
            std::to_string(Block.Shape.warps()) + " warp" +
            (Block.Shape.warps() == 1 ? "" : "s") + ", numbered from 0";
    return std::nullopt;
  }
  size_t Instance = Summary->Worst;
  // An instance that stands for a loop's iterations: the summary has the
  // iteration it evaluated.
  bool Loop = false;
  uint64_t Executions = 0;
  for (const AccessInstance &I : Access.Instances) {
    Loop = Loop || I.Range;
    Executions += I.executions();
  }
  const InstanceEvaluation &Evaluated = Summary->Instances[Instance];
  if (Executions > 1) {
    E.Iteration =
        Loop ? Evaluated.Iteration : Access.Instances[Instance].Iteration;
    E.SameInEveryIteration = Summary->sameInEveryInstance();
  }
  const AccessEvaluation &Eval = Summary->Instances[Instance].Eval;
  unsigned Chosen = 0;
  E.SameInEveryWarp = Block.Shape.warps() > 1 &&
                      Eval.Warps.size() == Block.Shape.warps() &&
                      Eval.sameInEveryWarp();
  if (Warp) {
    Chosen = *Warp;
  } else if (!Eval.Warps.empty()) {
    Chosen = Eval.Warps[Eval.WorstWarp].Warp;
    E.WorstWarp = Block.Shape.warps() > 1 && !E.SameInEveryWarp;
  }

  const SharedArray &Array = *Access.Array;
  unsigned Pad = 0;
  if (!Fix)
    E.NoAfter = "no access of '" + Array.Layout.Name +
                "' conflicts, so no padding is proposed";
  else if (!Fix->Plan.WhyNot.empty())
    E.NoAfter = "no padding fix: " + Fix->Plan.WhyNot;
  else if (!Fix->Plan.helps())
    E.NoAfter = "no padding of its innermost dimension lowers its "
                "wavefronts";
  else if (Fix->Plan.Style != FixStyle::RowPadding)
    E.NoAfter = "the fix rewrites the subscripts (" + Fix->Change +
                "); --explain on the fixed file shows the layout after it";
  else
    Pad = Fix->Plan.Pad;
  explainWarp(Array.Layout, Array.TypeSpelling,
              Loop ? Evaluated.Desc : Access.Instances[Instance].Desc,
              Block.Shape, Chosen, Pad,
              Pad ? paddedTypeSpelling(Array, Pad) : "", E);
  return E;
}

} // namespace bankfix
