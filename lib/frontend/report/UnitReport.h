// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UnitReport.h - What bankfix says about one translation unit --------===//
//
// The one loop over a pipeline's results that both bankfix and its
// clang-tidy check run: the walk's remarks, then every access for each of
// its block shapes, as the reporter words them, filtered as clang-tidy
// filters (NOLINT comments, the header filter). Where several conflicting
// cases share one place in the source (template instantiations, block
// shapes, calls, paths), one warning about the worst covers them, with a
// note for each other. The first shown warning that an array's fix
// answers carries that fix. An observer hears of each
// access and its verdict, for what else a caller records (JSON, SARIF,
// --explain).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_UNITREPORT_H
#define BANKFIX_UNITREPORT_H

#include "frontend/pipeline/Pipeline.h"
#include "frontend/report/ConflictReporter.h"
#include "frontend/report/DiagnosticFilter.h"

#include <optional>
#include <string>

namespace bankfix {

class UnitReportObserver {
public:
  virtual ~UnitReportObserver() = default;
  /// A walk's remark that was shown.
  virtual void remark(const WalkRemark &) {}
  /// An unmatched NOLINTBEGIN or NOLINTEND comment of the main file.
  virtual void nolintProblem(const DiagnosticFilter::Problem &) {}
  /// Access \p I of the unit, which cannot be modelled (Unsupported).
  virtual void unsupported(size_t /*I*/, FilterVerdict) {}
  /// Access \p I for its shape \p K: \p Warning is the text of the shown
  /// warning that covers it (its own, or that of the worst case at its
  /// place in the source), when there is one.
  virtual void judged(size_t /*I*/, size_t /*K*/, FilterVerdict,
                      const std::optional<std::string> & /*Warning*/) {}
  /// The warning just shown, about \p Access, carries \p Fixes.
  virtual void carried(const std::string & /*Warning*/,
                       const std::vector<const ArrayFix *> & /*Fixes*/,
                       const FoundAccess & /*Access*/) {}
  /// A launch that gives too few bytes, reported as \p Error.
  virtual void overrun(const LaunchOverrun &, const std::string & /*Error*/) {}
};

struct UnitReportOptions {
  /// Report what NOLINT or the header filter suppresses too (clang-tidy
  /// filters for itself), and leave unmatched NOLINT comments to it.
  bool ReportSuppressed = false;
  /// When set, what a NOLINT comment suppresses is said here rather than
  /// nowhere (bankfix records it, unshown, as a suppressed SARIF result).
  ConflictReporter *NolintSuppressed = nullptr;
};

/// Reports \p Unit through \p Reporter.
void reportUnit(clang::ASTContext &Ctx, const PipelineResult &Unit,
                DiagnosticFilter &Filter, ConflictReporter &Reporter,
                UnitReportObserver &Observer,
                const UnitReportOptions &Options = {});

} // namespace bankfix

#endif // BANKFIX_UNITREPORT_H
