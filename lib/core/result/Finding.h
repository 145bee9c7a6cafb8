// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Finding.h - One reported warning, as plain data --------------------===//
//
// What the SARIF report is made from: the rule, the message, where, and the
// fix that answers it, when there is one.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FINDING_H
#define BANKFIX_FINDING_H

#include <optional>
#include <string>
#include <vector>

namespace bankfix {

/// Lines and columns are 1-based; EndColumn is the column after the last
/// character (as in SARIF).
struct SourceRegion {
  unsigned StartLine = 0, StartColumn = 0;
  unsigned EndLine = 0, EndColumn = 0;
};

struct Finding {
  std::string RuleId; ///< "bankfix-bank-conflict", "bankfix-nolint"
  bool Error = false; ///< an error (bankfix-launch-bounds), not a warning
  std::string Message;
  std::string File; ///< as clang names it
  SourceRegion Region;
  /// The text that replaces a region.
  struct Replacement {
    std::string File;
    SourceRegion Region;
    std::string Text;
  };
  /// The fix that answers the finding: what it does, and its replacements
  /// (in one file or several).
  struct FixDescription {
    std::string Description; ///< "pad it to float[32][33]"
    std::vector<Replacement> Replacements;
  };
  std::optional<FixDescription> Fix;
};

} // namespace bankfix

#endif // BANKFIX_FINDING_H
