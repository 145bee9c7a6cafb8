// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DiagnosticFilter.cpp - Which findings are shown --------------------===//

#include "frontend/report/DiagnosticFilter.h"

using namespace clang;

namespace bankfix {

DiagnosticFilter::DiagnosticFilter(const SourceManager &SM,
                                   const std::string &HeaderFilter)
    : SM(SM), HeaderFilter(HeaderFilter) {
  // An empty filter, or one that does not compile, matches no header.
  std::string Why;
  HeaderFilterMatchesNothing =
      HeaderFilter.empty() || !this->HeaderFilter.isValid(Why);
}

const NolintComments &DiagnosticFilter::commentsOf(FileID File) {
  std::unique_ptr<NolintComments> &Entry = Comments[File];
  if (!Entry) {
    bool Invalid = false;
    llvm::StringRef Text = SM.getBufferData(File, &Invalid);
    Entry = std::make_unique<NolintComments>(Invalid ? std::string_view()
                                                     : std::string_view(Text));
  }
  return *Entry;
}

FilterVerdict DiagnosticFilter::check(SourceLocation Loc,
                                      llvm::StringRef Check) {
  Loc = SM.getExpansionLoc(Loc);
  if (Loc.isInvalid())
    return FilterVerdict::Show;
  if (!SM.isInMainFile(Loc)) {
    if (HeaderFilterMatchesNothing || !HeaderFilter.match(SM.getFilename(Loc)))
      return FilterVerdict::OutsideHeaderFilter;
  }
  FileID File = SM.getFileID(Loc);
  if (commentsOf(File).suppresses(SM.getExpansionLineNumber(Loc), Check))
    return FilterVerdict::Nolint;
  return FilterVerdict::Show;
}

std::vector<DiagnosticFilter::Problem> DiagnosticFilter::mainFileProblems() {
  std::vector<Problem> Problems;
  FileID Main = SM.getMainFileID();
  for (const NolintProblem &P : commentsOf(Main).problems())
    Problems.push_back(
        {SM.translateLineCol(Main, P.Line, P.Column), P.Message});
  return Problems;
}

std::string suppressionSummary(const std::string &File, unsigned Nolint,
                               unsigned OutsideHeaderFilter) {
  unsigned Total = Nolint + OutsideHeaderFilter;
  if (Total == 0)
    return "";
  std::string Why;
  if (Nolint)
    Why = std::to_string(Nolint) + " NOLINT";
  if (OutsideHeaderFilter)
    Why += std::string(Why.empty() ? "" : ", ") +
           std::to_string(OutsideHeaderFilter) +
           " in headers outside --header-filter";
  return "bankfix: suppressed " + std::to_string(Total) + " warning" +
         (Total == 1 ? "" : "s") + " in " + File + " (" + Why + ")\n";
}

} // namespace bankfix
