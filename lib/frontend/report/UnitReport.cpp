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
  // Where a diagnostic with this verdict is said, if anywhere.
  auto ReporterFor = [&](FilterVerdict V) -> ConflictReporter * {
    if (V == FilterVerdict::Show || Options.ReportSuppressed)
      return &Reporter;
    return V == FilterVerdict::Nolint ? Options.NolintSuppressed : nullptr;
  };
  for (const WalkRemark &R : Found.Remarks) {
    FilterVerdict Verdict = Filter.check(R.Loc, BankConflictCheck);
    if (ConflictReporter *To = ReporterFor(Verdict))
      To->reportRemark(R.Loc, R.Message);
    if (Verdict == FilterVerdict::Show)
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
    ConflictReporter *To = ReporterFor(Verdict);
    if (!Access.Unsupported.empty()) {
      if (To)
        To->reportUnsupported(Access);
      Observer.unsupported(I, Verdict);
      continue;
    }
    const ArrayFix *Fix = Unit.fixOf(Access.Array);
    for (size_t K = 0; K < Unit.Choices[I].size(); ++K) {
      const BlockShapeChoice &Block = Unit.Choices[I][K];
      const ArrayFix *Answers =
          Shown && Fix && Fix->fixes() && !Carried.count(Fix) ? Fix : nullptr;
      std::optional<std::string> Warning;
      if (To)
        Warning = To->report(Access, Unit.Summaries[I][K], Block,
                             plainAlternative(Ctx, Access, Block.Shape), Fix,
                             Answers);
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
    ConflictReporter *To = ReporterFor(Verdict);
    if (!To)
      continue;
    std::string Error = To->reportOverrun(O, Launch, Found.Accesses[O.Access],
                                          Unit.Choices[O.Access][O.Choice]);
    if (Verdict == FilterVerdict::Show)
      Observer.overrun(O, Error);
  }
}

} // namespace bankfix
