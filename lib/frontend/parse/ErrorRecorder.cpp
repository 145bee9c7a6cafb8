// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ErrorRecorder.cpp - Where clang reported errors --------------------===//

#include "frontend/parse/ErrorRecorder.h"

#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace bankfix {

void ErrorRecorder::BeginSourceFile(const LangOptions &LangOpts,
                                    const Preprocessor *PP) {
  Next.BeginSourceFile(LangOpts, PP);
}

void ErrorRecorder::EndSourceFile() { Next.EndSourceFile(); }

void ErrorRecorder::finish() { Next.finish(); }

void ErrorRecorder::clear() {
  DiagnosticConsumer::clear();
  Next.clear();
  Errors.clear();
  Accepted.clear();
  ErrorLimit = false;
  DroppingNotes = false;
}

void ErrorRecorder::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                     const Diagnostic &Info) {
  if (Info.getID() == diag::err_shared_var_init && Info.hasSourceManager()) {
    Accepted.push_back(
        Info.getSourceManager().getExpansionLoc(Info.getLocation()));
    DroppingNotes = true;
    return;
  }
  // The notes of an error not shown (`in instantiation of ... requested
  // here`) are not shown either.
  if (Level == DiagnosticsEngine::Note && DroppingNotes)
    return;
  DroppingNotes = false;
  DiagnosticConsumer::HandleDiagnostic(Level, Info); // counts it
  if (Level >= DiagnosticsEngine::Error) {
    SourceLocation Loc = Info.getLocation();
    if (Loc.isValid() && Info.hasSourceManager())
      Loc = Info.getSourceManager().getExpansionLoc(Loc);
    else
      Loc = SourceLocation();
    Errors.push_back(Loc);
    ErrorLimit = ErrorLimit || Info.getID() == diag::fatal_too_many_errors;
  }
  Next.HandleDiagnostic(Level, Info);
}

} // namespace bankfix
