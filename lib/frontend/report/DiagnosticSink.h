// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DiagnosticSink.h - Where the reporter's diagnostics go -------------===//
//
// The reporter (ConflictReporter) decides what to say; a sink decides how
// it reaches the user. bankfix's own sink prints clang-style text through a
// DiagnosticsEngine of its own (TextDiagnosticSink); the clang-tidy module's
// sink hands each diagnostic to clang-tidy, which applies NOLINT and the
// header filter itself. Both see the same diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_DIAGNOSTICSINK_H
#define BANKFIX_DIAGNOSTICSINK_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"

#include <memory>
#include <string>
#include <vector>

namespace bankfix {

struct ArrayFix;

/// The checks bankfix reports, named as clang-tidy names its checks.
inline constexpr const char *BankConflictCheck = "bankfix-bank-conflict";
inline constexpr const char *NolintCheck = "bankfix-nolint";
inline constexpr const char *LaunchBoundsCheck = "bankfix-launch-bounds";

struct ReportedDiagnostic {
  enum Kind { Warning, Note, Remark, Error } Level = Note;
  /// Invalid for a note without a place (the block shape's totals).
  clang::SourceLocation Loc;
  std::string Message;
  /// The check of a warning or remark; null for a note.
  const char *Check = nullptr;
  clang::SourceRange Range; ///< highlighted; may be invalid
  /// Fix-its shown under this diagnostic (the array declaration's note).
  std::vector<clang::FixItHint> FixIts;
  /// On the first shown warning that an array's fix answers: that fix, and
  /// those of other arrays the warning covers at the same place (clang-tidy
  /// attaches the fixes' edits to the warning itself).
  std::vector<const ArrayFix *> AnswersFixes;
};

class DiagnosticSink {
public:
  virtual ~DiagnosticSink() = default;
  virtual void emit(const ReportedDiagnostic &D) = 0;
};

/// bankfix's text: clang's TextDiagnosticPrinter on \p OS, the check's
/// name after the message of a warning or remark.
class TextDiagnosticSink : public DiagnosticSink {
public:
  TextDiagnosticSink(llvm::raw_ostream &OS, bool Colors,
                     const clang::LangOptions &LangOpts,
                     const clang::Preprocessor &PP);
  ~TextDiagnosticSink() override;
  void emit(const ReportedDiagnostic &D) override;

private:
  clang::DiagnosticOptions Options;
  std::unique_ptr<clang::TextDiagnosticPrinter> Printer;
  std::unique_ptr<clang::DiagnosticsEngine> Engine;
  unsigned WarningID, NoteID, RemarkID, ErrorID;
};

} // namespace bankfix

#endif // BANKFIX_DIAGNOSTICSINK_H
