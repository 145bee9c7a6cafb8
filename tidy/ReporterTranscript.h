//===- ReporterTranscript.h - bankfix's diagnostics, read back ------------===//
//
// bankfix's ConflictReporter writes clang-style text. The clang-tidy check
// reads each report back as a list of diagnostics (level, place, message)
// and re-emits them through clang-tidy, so that both tools say exactly the
// same thing without a second copy of the wording.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TIDY_REPORTERTRANSCRIPT_H
#define BANKFIX_TIDY_REPORTERTRANSCRIPT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace bankfix {

struct TranscriptEntry {
  enum Kind { Warning, Note, Remark } Level = Note;
  /// Where, as clang printed it; File is empty for a note without a place.
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Message; ///< without a trailing " [check-name]"
};

/// The diagnostics in \p Text (TextDiagnosticPrinter's output, no colours),
/// skipping the source snippets, the carets and the fix-it lines, and
/// clang's "expanded from macro" notes (clang-tidy adds its own).
std::vector<TranscriptEntry> readTranscript(llvm::StringRef Text);

} // namespace bankfix

#endif // BANKFIX_TIDY_REPORTERTRANSCRIPT_H
