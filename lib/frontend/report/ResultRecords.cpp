// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ResultRecords.cpp - Clang's view of a finding as plain records -----===//

#include "frontend/report/ResultRecords.h"

#include "frontend/report/SourcePlace.h"

#include <algorithm>

using namespace clang;

namespace bankfix {

RemarkRecord remarkRecord(const SourceManager &SM, const WalkRemark &Remark) {
  RemarkRecord R;
  setPlace(SM, Remark.Loc, R);
  R.Message = Remark.Message;
  return R;
}

AccessRecord accessRecord(const SourceManager &SM, const FoundAccess &Access,
                          const BlockShapeChoice &Block) {
  AccessRecord R;
  setPlace(SM, Access.Loc, R);
  if (Access.LibraryEntry) {
    R.Library.emplace();
    R.Library->Function = Access.LibraryEntry->getQualifiedNameAsString();
    setPlace(SM, Access.Expr->getBeginLoc(), R.Library->At);
  }
  R.Array = Access.Array->Layout.Name;
  R.Kind = accessKindName(Access.Kind);
  R.Function = Access.FunctionName;
  R.Shape = Block.Shape;
  R.ShapeOrigin = Block.Origin;
  R.ShapeSource = shapeSourceName(Block.Source);
  R.Iterations = 0;
  for (const AccessInstance &I : Access.Instances)
    if (!I.Uncounted.empty())
      R.Iterations.reset();
    else if (R.Iterations)
      *R.Iterations += I.executions();
  for (const AccessInstance &I : Access.Instances)
    if (!I.MergeNote.empty()) {
      R.Merge = I.MergeNote;
      break;
    }
  return R;
}

void fillNumbers(AccessRecord &R, const AccessSummary &Summary) {
  R.Judged = Summary.judged();
  if (!R.Judged) {
    R.Problem = Summary.Instances[Summary.FirstProblem].Eval.Problem;
    return;
  }
  R.WorstCase = Summary.worstCase();
  R.ForEvery = Summary.forEvery();
  if (!Summary.runs())
    return;
  const WarpAccessResult &W = Summary.worst().worst();
  R.WavefrontsPerWarp = W.Wavefronts;
  R.IdealPerWarp = W.Ideal;
  R.NWay = W.NWay;
  R.BlockWavefronts = Summary.BlockWavefronts;
  R.BlockIdeal = Summary.BlockIdeal;
}

const char *suppressionName(FilterVerdict Verdict) {
  switch (Verdict) {
  case FilterVerdict::Show:
    return "";
  case FilterVerdict::Nolint:
    return "NOLINT";
  case FilterVerdict::OutsideHeaderFilter:
    return "header-filter";
  }
  return "";
}

FixRecord fixRecord(const SourceManager &SM, const ArrayFix &Fix) {
  FixRecord R;
  const SharedArray &Array = *Fix.Arrays.front();
  setPlace(SM, Array.Decl->getLocation(), R);
  R.Array = Array.Layout.Name;
  R.Style = fixStyleName(Fix.Plan.Style);
  R.Offered = Fix.fixes();
  R.WhyNot = Fix.Plan.WhyNot;
  R.Refusal = Fix.Refusal;
  if (Fix.Plan.WhyNot.empty() && !Fix.Plan.helps())
    R.NoGain = noGainText(Fix.Plan.Style);
  if (!Fix.fixes())
    R.OtherWhyNot = Fix.OtherWhyNot;
  R.Change = Fix.Plan.helps() ? Fix.Change : "";
  R.Pad = Fix.Plan.Pad;
  R.Period = Fix.Plan.Period;
  R.SwizzleGranule = Fix.Plan.Swizzle.Granule;
  R.SwizzleRows = Fix.Plan.Swizzle.Rows;
  R.WavefrontsBefore = Fix.Plan.Before;
  R.WavefrontsAfter = Fix.Plan.After;
  for (const KernelBudget &B : Fix.Budgets)
    R.Budgets.push_back({B.Kernel, B.Shape, B.Before, B.After, B.BlocksBefore,
                         B.BlocksAfter, B.DynamicUnknown});
  R.Edits = unsigned(Fix.Edits.size());
  for (const FixEdit &E : Fix.Edits)
    if (std::find(R.EditedFiles.begin(), R.EditedFiles.end(), E.Edit.File) ==
        R.EditedFiles.end())
      R.EditedFiles.push_back(E.Edit.File);
  R.LaunchNote = Fix.LaunchNote;
  return R;
}

} // namespace bankfix
