// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UnitReport.cpp - What bankfix says about one translation unit ------===//

#include "frontend/report/UnitReport.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace bankfix {

namespace {

/// One access for one block shape.
struct Case {
  size_t I, K;
};

/// The cases of one place in the source (an access's expression, as
/// expanded and as spelled, and whether it loads or stores): template
/// instantiations, block shapes, calls and paths of the same access.
struct Place {
  std::vector<Case> Conflicting; ///< those that warn, the worst first
  unsigned Judged = 0;
  bool Reported = false;
  std::optional<std::string> Warning; ///< the one warning, once said
};

using PlaceKey =
    std::tuple<SourceLocation::UIntTy, SourceLocation::UIntTy, int>;

PlaceKey placeOf(const SourceManager &SM, const FoundAccess &Access) {
  // The access's own place too: a library's accesses are reported at the
  // one call that runs them.
  return {SM.getExpansionLoc(Access.Loc).getRawEncoding(),
          SM.getSpellingLoc(Access.Expr->getBeginLoc()).getRawEncoding(),
          int(Access.Kind)};
}

/// Whether the reporter warns about access \p Access with \p Summary (not
/// merged into another access).
bool warnsAbout(const FoundAccess &Access, const AccessSummary &Summary) {
  return !Access.mergedAway() && warns(Summary);
}

/// The places of the unit's accesses that several conflicting cases share.
std::map<PlaceKey, Place> sharedPlaces(const SourceManager &SM,
                                       const PipelineResult &Unit) {
  std::map<PlaceKey, Place> Places;
  const std::vector<FoundAccess> &Accesses = Unit.Found.Accesses;
  for (size_t I = 0; I < Accesses.size(); ++I) {
    if (!Accesses[I].Unsupported.empty())
      continue;
    Place &P = Places[placeOf(SM, Accesses[I])];
    for (size_t K = 0; K < Unit.Choices[I].size(); ++K) {
      const AccessSummary &S = Unit.Summaries[I][K];
      P.Judged += S.judged() && S.runs();
      if (warnsAbout(Accesses[I], S))
        P.Conflicting.push_back({I, K});
    }
  }
  for (auto It = Places.begin(); It != Places.end();)
    It = It->second.Conflicting.size() < 2 ? Places.erase(It) : std::next(It);
  // The worst first: most wavefronts per warp, then the most excess per
  // block; the first in the source order among equals.
  for (auto &[Key, P] : Places)
    std::stable_sort(P.Conflicting.begin(), P.Conflicting.end(),
                     [&](const Case &A, const Case &B) {
                       const AccessSummary &SA = Unit.Summaries[A.I][A.K];
                       const AccessSummary &SB = Unit.Summaries[B.I][B.K];
                       uint64_t WA = SA.worst().worst().Wavefronts;
                       uint64_t WB = SB.worst().worst().Wavefronts;
                       if (WA != WB)
                         return WA > WB;
                       return SA.blockExcess() > SB.blockExcess();
                     });
  return Places;
}

} // namespace

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
  // The fixes a shown warning carries: its array's and, for a place, those
  // of the other arrays it covers; each fix with one warning only.
  auto Carry = [&](std::vector<const ArrayFix *> Fixes) {
    std::vector<const ArrayFix *> Out;
    for (const ArrayFix *F : Fixes)
      if (F && F->fixes() && Carried.insert(F).second)
        Out.push_back(F);
    return Out;
  };
  const SourceManager &SM = Ctx.getSourceManager();
  std::map<PlaceKey, Place> Places = sharedPlaces(SM, Unit);
  for (size_t I = 0; I < Found.Accesses.size(); ++I) {
    const FoundAccess &Access = Found.Accesses[I];
    FilterVerdict Verdict = Filter.check(Access.Loc, BankConflictCheck);
    bool Shown = Verdict == FilterVerdict::Show;
    ConflictReporter *To = ReporterFor(Verdict);
    if (!Access.Unsupported.empty()) {
      if (To)
        To->reportUnsupported(Access);
      Observer.unsupported(I, Verdict);
      continue;
    }
    auto Shared = Places.find(placeOf(SM, Access));
    for (size_t K = 0; K < Unit.Choices[I].size(); ++K) {
      const AccessSummary &Summary = Unit.Summaries[I][K];
      std::optional<std::string> Warning;
      if (Shared != Places.end() && warnsAbout(Access, Summary)) {
        // One warning for the place, at its first case, about its worst.
        Place &P = Shared->second;
        if (!P.Reported && To) {
          P.Reported = true;
          Case Worst = P.Conflicting.front();
          const FoundAccess &WorstAccess = Found.Accesses[Worst.I];
          const BlockShapeChoice &Block = Unit.Choices[Worst.I][Worst.K];
          PlaceCases Cases;
          Cases.Judged = P.Judged;
          std::vector<const ArrayFix *> Fixes{Unit.fixOf(WorstAccess.Array)};
          for (size_t C = 1; C < P.Conflicting.size(); ++C) {
            const Case &O = P.Conflicting[C];
            const FoundAccess &A = Found.Accesses[O.I];
            Cases.Others.push_back({&A, &Unit.Summaries[O.I][O.K],
                                    &Unit.Choices[O.I][O.K],
                                    Unit.fixOf(A.Array)});
            Fixes.push_back(Unit.fixOf(A.Array));
          }
          std::vector<const ArrayFix *> Answers =
              Shown ? Carry(Fixes) : std::vector<const ArrayFix *>{};
          P.Warning =
              To->report(WorstAccess, Unit.Summaries[Worst.I][Worst.K], Block,
                         plainAlternative(Ctx, WorstAccess, Block.Shape),
                         Unit.fixOf(WorstAccess.Array), Answers, Cases);
          if (Shown && P.Warning && !Answers.empty())
            Observer.carried(*P.Warning, Answers, WorstAccess);
        }
        if (Shown)
          Warning = P.Warning;
        Observer.judged(I, K, Verdict, Warning);
        continue;
      }
      const BlockShapeChoice &Block = Unit.Choices[I][K];
      const ArrayFix *Fix = Unit.fixOf(Access.Array);
      std::vector<const ArrayFix *> Answers =
          Shown && warnsAbout(Access, Summary)
              ? Carry({Fix})
              : std::vector<const ArrayFix *>{};
      if (To)
        Warning = To->report(Access, Summary, Block,
                             plainAlternative(Ctx, Access, Block.Shape), Fix,
                             Answers);
      if (!Shown)
        Warning.reset();
      if (Warning && !Answers.empty())
        Observer.carried(*Warning, Answers, Access);
      Observer.judged(I, K, Verdict, Warning);
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
