// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ResultRecords.h - Clang's view of a finding as plain records -------===//
//
// The records JSON, SARIF and --export-fixes are written from
// (core/result/), made from what the pipeline found: an access for one
// block shape, a remark, a fix, a warning. Places are the expansion of a
// macro, as the diagnostics name them.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_RESULTRECORDS_H
#define BANKFIX_RESULTRECORDS_H

#include "core/result/AccessRecord.h"
#include "core/result/Finding.h"
#include "core/result/FixRecord.h"
#include "core/result/RemarkRecord.h"
#include "frontend/analysis/BlockShapeChoice.h"
#include "frontend/analysis/SharedAccessFinder.h"
#include "frontend/fix/ArrayFixes.h"
#include "frontend/report/DiagnosticFilter.h"

#include "clang/Basic/SourceManager.h"

namespace bankfix {

/// Sets \p R's File, Line and Column to where \p Loc is (its expansion,
/// for a macro), as the reports name it.
template <typename Record>
void setPlace(const clang::SourceManager &SM, clang::SourceLocation Loc,
              Record &R) {
  clang::PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isValid()) {
    R.File = P.getFilename();
    R.Line = P.getLine();
    R.Column = P.getColumn();
  }
}

RemarkRecord remarkRecord(const clang::SourceManager &SM,
                          const WalkRemark &Remark);

/// \p Access for \p Block, without the numbers (fillNumbers adds them).
AccessRecord accessRecord(const clang::SourceManager &SM,
                          const FoundAccess &Access,
                          const BlockShapeChoice &Block);

/// The numbers of \p Summary, or why it is not judged.
void fillNumbers(AccessRecord &R, const AccessSummary &Summary);

/// "NOLINT", "header-filter", or empty for a finding that is shown.
const char *suppressionName(FilterVerdict Verdict);

/// What --format=json says about \p Fix.
FixRecord fixRecord(const clang::SourceManager &SM, const ArrayFix &Fix);

} // namespace bankfix

#endif // BANKFIX_RESULTRECORDS_H
