// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RecordingSink.h - Diagnostics kept as findings for SARIF -----------===//
//
// A sink that keeps what the reporter says as plain findings (Finding.h),
// for the SARIF and Code Quality reports, and passes each diagnostic on to
// the next sink (bankfix's text) when there is one. A warning, error or
// remark starts a finding; the notes said after it are its notes, with
// their places. The reports are thus made from exactly what the text says.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_RECORDINGSINK_H
#define BANKFIX_RECORDINGSINK_H

#include "core/result/Finding.h"
#include "frontend/report/DiagnosticSink.h"

#include <vector>

namespace bankfix {

class RecordingSink : public DiagnosticSink {
public:
  /// \p Next, when set, receives every diagnostic after it is recorded;
  /// \p Output, when set, is the stream it writes to (each finding's
  /// TextBegin and TextEnd are offsets in it).
  RecordingSink(const clang::SourceManager &SM,
                const clang::LangOptions &LangOpts, DiagnosticSink *Next,
                const llvm::raw_ostream *Output = nullptr)
      : SM(SM), LangOpts(LangOpts), Next(Next), Output(Output) {}

  void emit(const ReportedDiagnostic &D) override;

  /// The finding recorded last (the warning just reported), or null.
  Finding *last() { return Findings.empty() ? nullptr : &Findings.back(); }
  std::vector<Finding> &findings() { return Findings; }

private:
  const clang::SourceManager &SM;
  const clang::LangOptions &LangOpts;
  DiagnosticSink *Next;
  const llvm::raw_ostream *Output;
  std::vector<Finding> Findings;
};

} // namespace bankfix

#endif // BANKFIX_RECORDINGSINK_H
