// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DiagnosticFilter.h - Which findings are shown ----------------------===//
//
// As clang-tidy decides: a finding in a header is shown only when the
// header's name matches the header filter (a regular expression, searched
// for in the name as clang spells it), and a finding on a line that a
// NOLINT comment covers for its check is suppressed. The comments of each
// file are read once.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_DIAGNOSTICFILTER_H
#define BANKFIX_DIAGNOSTICFILTER_H

#include "core/text/NolintComments.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace bankfix {

enum class FilterVerdict { Show, Nolint, OutsideHeaderFilter };

class DiagnosticFilter {
public:
  DiagnosticFilter(const clang::SourceManager &SM,
                   const std::string &HeaderFilter);

  /// The verdict for a finding of \p Check at \p Loc (its expansion).
  FilterVerdict check(clang::SourceLocation Loc, llvm::StringRef Check);

  struct Problem {
    clang::SourceLocation Loc;
    std::string Message;
  };
  /// The main file's unmatched NOLINTBEGIN and NOLINTEND comments.
  std::vector<Problem> mainFileProblems();

private:
  const NolintComments &commentsOf(clang::FileID File);

  const clang::SourceManager &SM;
  llvm::Regex HeaderFilter;
  bool HeaderFilterMatchesNothing;
  std::map<clang::FileID, std::unique_ptr<NolintComments>> Comments;
};

/// "bankfix: suppressed 3 warnings in FILE (2 NOLINT, 1 in headers
/// outside --header-filter)" with its newline, or nothing when none was.
std::string suppressionSummary(const std::string &File, unsigned Nolint,
                               unsigned OutsideHeaderFilter);

} // namespace bankfix

#endif // BANKFIX_DIAGNOSTICFILTER_H
