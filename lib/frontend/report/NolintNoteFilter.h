// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NolintNoteFilter.h - Notes on a NOLINT line, as clang-tidy drops them //
//
// clang-tidy applies NOLINT comments to notes as to warnings: a note on a
// line a NOLINT comment covers for the check is dropped, and so are the
// notes after it, up to the next warning (clang-tidy takes them for the
// notes of a suppressed diagnostic). The warning itself stays. A NOLINT on
// an array's declaration line thus hides the declaration note and those
// after it, not the warnings of its accesses. bankfix's text sink sits
// behind this filter so that it says what clang-tidy says.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_NOLINTNOTEFILTER_H
#define BANKFIX_NOLINTNOTEFILTER_H

#include "frontend/report/DiagnosticFilter.h"
#include "frontend/report/DiagnosticSink.h"

namespace bankfix {

class NolintNoteFilter : public DiagnosticSink {
public:
  NolintNoteFilter(DiagnosticFilter &Filter, DiagnosticSink &Next)
      : Filter(Filter), Next(Next) {}
  void emit(const ReportedDiagnostic &D) override;

private:
  DiagnosticFilter &Filter;
  DiagnosticSink &Next;
  bool Dropping = false;
};

} // namespace bankfix

#endif // BANKFIX_NOLINTNOTEFILTER_H
