// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NolintNoteFilter.cpp - Notes on a NOLINT line, as clang-tidy drops them

#include "frontend/report/NolintNoteFilter.h"

namespace bankfix {

void NolintNoteFilter::emit(const ReportedDiagnostic &D) {
  if (D.Level != ReportedDiagnostic::Note) {
    Dropping = false;
    Next.emit(D);
    return;
  }
  if (!Dropping && D.Loc.isValid() &&
      Filter.check(D.Loc, BankConflictCheck) == FilterVerdict::Nolint)
    Dropping = true;
  if (!Dropping)
    Next.emit(D);
}

} // namespace bankfix
