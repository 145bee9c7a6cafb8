// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UnitReport.cpp - What bankfix says about one translation unit ------===//

#include "frontend/report/UnitReport.h"

#include <set>

using namespace clang;

namespace bankfix {

void reportUnit(ASTContext &Ctx, const PipelineResult &Unit,
                DiagnosticFilter &Filter, ConflictReporter &Reporter,
                UnitReportObserver &Observer,
                const UnitReportOptions &Options) {
  const SharedAccesses &Found = Unit.Found;
  for (const WalkRemark &R : Found.Remarks) {
    bool Shown = Filter.check(R.Loc, BankConflictCheck) == FilterVerdict::Show;
    if (Shown || Options.ReportSuppressed)
      Reporter.reportRemark(R.Loc, R.Message);
    if (Shown)
      Observer.remark(R);
  }
  if (!Options.ReportSuppressed)
    for (const DiagnosticFilter::Problem &P : Filter.mainFileProblems()) {
      Reporter.reportNolintProblem(P.Loc, P.Message);
      Observer.nolintProblem(P);
    }
  std::set<const ArrayFix *> Carried;
  for (size_t I = 0; I < Found.Accesses.size(); ++I) {
    const FoundAccess &Access = Found.Accesses[I];
    FilterVerdict Verdict =
        Filter.check(Access.Expr->getBeginLoc(), BankConflictCheck);
    bool Shown = Verdict == FilterVerdict::Show;
    if (!Access.Unsupported.empty()) {
      if (Shown || Options.ReportSuppressed)
        Reporter.reportUnsupported(Access);
      Observer.unsupported(I, Verdict);
      continue;
    }
    const ArrayFix *Fix = Unit.fixOf(Access.Array);
    for (size_t K = 0; K < Unit.Choices[I].size(); ++K) {
      const BlockShapeChoice &Block = Unit.Choices[I][K];
      const ArrayFix *Answers =
          Shown && Fix && Fix->fixes() && !Carried.count(Fix) ? Fix : nullptr;
      std::optional<std::string> Warning;
      if (Shown || Options.ReportSuppressed)
        Warning = Reporter.report(Access, Unit.Summaries[I][K], Block,
                                  plainAlternative(Ctx, Access, Block.Shape),
                                  Fix, Answers);
      if (!Shown)
        Warning.reset();
      const ArrayFix *CarriedNow = nullptr;
      if (Warning && Answers) {
        Carried.insert(Answers);
        CarriedNow = Answers;
      }
      Observer.judged(I, K, Verdict, Warning, CarriedNow);
    }
  }
  for (const LaunchOverrun &O : Unit.Overruns) {
    const LaunchSite &Launch = Unit.Launches[O.Launch];
    FilterVerdict Verdict = Filter.check(Launch.Loc, LaunchBoundsCheck);
    if (Verdict != FilterVerdict::Show && !Options.ReportSuppressed)
      continue;
    std::string Error = Reporter.reportOverrun(
        O, Launch, Found.Accesses[O.Access], Unit.Choices[O.Access][O.Choice]);
    if (Verdict == FilterVerdict::Show)
      Observer.overrun(O, Error);
  }
}

} // namespace bankfix
