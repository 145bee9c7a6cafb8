// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ErrorRecorder.h - Where clang reported errors ----------------------===//
//
// A diagnostic consumer that hands every diagnostic on to another one (the
// printer that writes clang's text) and remembers where each error was, so
// that the functions that hold an error can be told from those that parsed
// cleanly.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ERRORRECORDER_H
#define BANKFIX_ERRORRECORDER_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"

#include <vector>

namespace bankfix {

class ErrorRecorder : public clang::DiagnosticConsumer {
public:
  explicit ErrorRecorder(clang::DiagnosticConsumer &Next) : Next(Next) {}

  void BeginSourceFile(const clang::LangOptions &LangOpts,
                       const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void finish() override;
  void clear() override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  /// The expansion location of every error and fatal error of the
  /// translation unit being parsed (invalid for one with no place, such as
  /// a driver error); valid while its SourceManager lives.
  const std::vector<clang::SourceLocation> &errorLocations() const {
    return Errors;
  }
  /// Whether clang stopped at its error limit (-ferror-limit).
  bool errorLimitReached() const { return ErrorLimit; }
  /// Where clang refused what nvcc accepts: a __shared__ variable with a
  /// constructor (`__shared__ cuda::barrier<...> bar;`, which nvcc leaves
  /// uninitialised). Such an error is neither shown nor counted; the
  /// variable, marked invalid, holds no array bankfix analyses.
  const std::vector<clang::SourceLocation> &acceptedByNvcc() const {
    return Accepted;
  }

private:
  clang::DiagnosticConsumer &Next;
  std::vector<clang::SourceLocation> Errors;
  std::vector<clang::SourceLocation> Accepted;
  bool ErrorLimit = false;
  bool DroppingNotes = false;
};

} // namespace bankfix

#endif // BANKFIX_ERRORRECORDER_H
