// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FileRewriter.h - Apply edits to a source file, safely --------------===//
//
// Rewrites a file in place only when it still holds the bytes that were
// analysed, and atomically: the new content goes to a temporary file in the
// same directory, which then replaces the original by rename, with the
// original's permissions. A symbolic link is followed: its target is
// rewritten and the link kept. The contents are checked again just before
// the rename, and a signal during the rewrite removes the temporary file:
// the file is the old one or the new one, never a part. Bytes outside the edits
// (a UTF-8 BOM, CRLF line endings) are kept as they are.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FILEREWRITER_H
#define BANKFIX_FILEREWRITER_H

#include "core/fix/TextEdit.h"

#include <string>
#include <vector>

namespace bankfix {

/// \p Content with \p Edits applied (they must not overlap); identical
/// edits count once. Empty \p Error on success.
std::string applyEdits(const std::string &Content, std::vector<TextEdit> Edits,
                       std::string &Error);

/// For tests of interruptions and races: "before-check:CMD" or
/// "before-rename:CMD" runs `sh -c CMD` at that point of every rewrite.
void setRewriteTestHook(const std::string &Hook);

/// Rewrites \p Path from \p Analysed to \p Analysed with \p Edits applied.
/// Returns an empty string on success, otherwise why nothing was written.
std::string rewriteFile(const std::string &Path, const std::string &Analysed,
                        const std::vector<TextEdit> &Edits);

/// One file of a fix that spans several (a kernel in a header, its launch
/// in the .cu file).
struct FileRewrite {
  std::string Path;
  std::string Analysed;
  std::vector<TextEdit> Edits;
};

/// Rewrites every file of \p Files or none: each new file is written
/// beside its original and checked first; only then are they renamed into
/// place, each atomically, with a copy of each old content kept beside it
/// until the last rename, so that a failed rename puts back the files
/// already replaced. Returns an empty string on success, otherwise why not,
/// naming each file of the unit that was restored, left or (should putting
/// it back fail too) left rewritten.
std::string rewriteFiles(const std::vector<FileRewrite> &Files);

} // namespace bankfix

#endif // BANKFIX_FILEREWRITER_H
