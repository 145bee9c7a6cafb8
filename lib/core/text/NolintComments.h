// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NolintComments.h - clang-tidy's NOLINT comments in source text -----===//
//
// Finds the suppression comments clang-tidy understands in a file's text:
// `NOLINT` (its own line), `NOLINTNEXTLINE` (the line after it) and
// `NOLINTBEGIN` ... `NOLINTEND` (the lines between, inclusive), each with an
// optional check list, `NOLINT(bankfix-bank-conflict)` or
// `NOLINT(bankfix-*, other-check)`, where `*` matches any text. A
// `NOLINTEND` closes the latest open `NOLINTBEGIN` with the same list; one
// without a partner suppresses nothing and is reported as a problem.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_NOLINTCOMMENTS_H
#define BANKFIX_NOLINTCOMMENTS_H

#include <string>
#include <string_view>
#include <vector>

namespace bankfix {

/// An unmatched NOLINTBEGIN or NOLINTEND.
struct NolintProblem {
  unsigned Line = 0;   ///< 1-based
  unsigned Column = 0; ///< 1-based, where `NOLINT...` starts
  std::string Message;
};

class NolintComments {
public:
  explicit NolintComments(std::string_view Source);

  /// Whether a diagnostic of \p Check on \p Line (1-based) is suppressed.
  bool suppresses(unsigned Line, std::string_view Check) const;

  const std::vector<NolintProblem> &problems() const { return Problems; }

private:
  /// The lines [First, Last] where the checks in List are suppressed; an
  /// empty list means every check.
  struct Suppression {
    unsigned First, Last;
    std::vector<std::string> Checks;
  };
  std::vector<Suppression> Suppressions;
  std::vector<NolintProblem> Problems;
};

/// Whether \p Check matches \p Glob, where `*` matches any text.
bool matchesCheckGlob(std::string_view Glob, std::string_view Check);

} // namespace bankfix

#endif // BANKFIX_NOLINTCOMMENTS_H
