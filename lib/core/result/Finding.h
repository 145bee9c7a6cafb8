// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Finding.h - One reported warning, as plain data --------------------===//
//
// What the SARIF and Code Quality reports are made from: a warning, error
// or remark as bankfix said it, the rule, where, the notes that followed it
// (with their places), the fix that answers it, and the NOLINT comment that
// suppressed it.
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

enum class FindingLevel { Warning, Error, Remark };

struct Finding {
  std::string RuleId; ///< "bankfix-bank-conflict", "bankfix-nolint"
  FindingLevel Level = FindingLevel::Warning;
  std::string Message;
  std::string File; ///< as clang names it
  SourceRegion Region;
  /// A note said after the finding: at a place (File set) or about the
  /// whole finding (the block shape's totals).
  struct Note {
    std::string Message;
    std::string File;
    SourceRegion Region;
  };
  std::vector<Note> Notes;
  /// Set when a NOLINT comment suppressed the finding (it was not shown).
  bool SuppressedByNolint = false;
  /// Where bankfix's text output says it, notes included: [begin, end) in
  /// bytes (empty when it was not shown).
  size_t TextBegin = 0, TextEnd = 0;
  /// The text that replaces a region.
  struct Replacement {
    std::string File;
    SourceRegion Region;
    std::string Text;
  };
  /// A fix that answers the finding: what it does, and its replacements
  /// (in one file or several).
  struct FixDescription {
    std::string Description; ///< "pad it to float[32][33]"
    std::vector<Replacement> Replacements;
  };
  /// Usually one; one per array where the finding covers several (the
  /// instantiations of a template, helpers called with different arrays).
  std::vector<FixDescription> Fixes;
};

} // namespace bankfix

#endif // BANKFIX_FINDING_H
