// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RecordingSink.cpp - Diagnostics kept as findings for SARIF ---------===//

#include "frontend/report/RecordingSink.h"

#include "frontend/report/SourcePlace.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace bankfix {

namespace {

/// The highlighted range of \p D, or the token where it is.
CharSourceRange rangeOf(const ReportedDiagnostic &D) {
  return D.Range.isValid() ? CharSourceRange::getTokenRange(D.Range)
                           : CharSourceRange::getTokenRange(D.Loc, D.Loc);
}

FindingLevel levelOf(ReportedDiagnostic::Kind K) {
  return K == ReportedDiagnostic::Error    ? FindingLevel::Error
         : K == ReportedDiagnostic::Remark ? FindingLevel::Remark
                                           : FindingLevel::Warning;
}

} // namespace

void RecordingSink::emit(const ReportedDiagnostic &D) {
  std::string File;
  SourceRegion Region;
  if (D.Loc.isValid()) {
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(D.Loc));
    if (P.isValid())
      File = P.getFilename();
    Region = regionOf(SM, LangOpts, rangeOf(D));
  }
  if (D.Level != ReportedDiagnostic::Note) {
    Finding F;
    F.RuleId = D.Check ? D.Check : BankConflictCheck;
    F.Level = levelOf(D.Level);
    F.Message = D.Message;
    F.File = std::move(File);
    F.Region = Region;
    if (Output)
      F.TextBegin = F.TextEnd = Output->tell();
    Findings.push_back(std::move(F));
  } else if (!Findings.empty()) {
    Findings.back().Notes.push_back({D.Message, std::move(File), Region});
  }
  if (Next)
    Next->emit(D);
  if (Output && !Findings.empty())
    Findings.back().TextEnd = Output->tell();
}

} // namespace bankfix
