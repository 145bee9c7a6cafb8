// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DiagnosticSink.cpp - Where the reporter's diagnostics go -----------===//

#include "frontend/report/DiagnosticSink.h"

#include "clang/Basic/DiagnosticIDs.h"

using namespace clang;

namespace bankfix {

TextDiagnosticSink::TextDiagnosticSink(llvm::raw_ostream &OS, bool Colors,
                                       const LangOptions &LangOpts,
                                       const Preprocessor &PP) {
  Options.ShowColors = Colors;
  Printer = std::make_unique<TextDiagnosticPrinter>(OS, Options);
  Engine = std::make_unique<DiagnosticsEngine>(
      llvm::makeIntrusiveRefCnt<DiagnosticIDs>(), Options, Printer.get(),
      /*ShouldOwnClient=*/false);
  Engine->setSourceManager(&PP.getSourceManager());
  Printer->BeginSourceFile(LangOpts, &PP);
  WarningID = Engine->getCustomDiagID(DiagnosticsEngine::Warning, "%0");
  NoteID = Engine->getCustomDiagID(DiagnosticsEngine::Note, "%0");
  RemarkID = Engine->getCustomDiagID(DiagnosticsEngine::Remark, "%0");
  ErrorID = Engine->getCustomDiagID(DiagnosticsEngine::Error, "%0");
}

TextDiagnosticSink::~TextDiagnosticSink() { Printer->EndSourceFile(); }

void TextDiagnosticSink::emit(const ReportedDiagnostic &D) {
  unsigned ID = D.Level == ReportedDiagnostic::Warning  ? WarningID
                : D.Level == ReportedDiagnostic::Remark ? RemarkID
                : D.Level == ReportedDiagnostic::Error  ? ErrorID
                                                        : NoteID;
  std::string Message = D.Message;
  if (D.Check)
    Message += std::string(" [") + D.Check + "]";
  auto Builder = Engine->Report(D.Loc, ID);
  Builder << Message;
  if (D.Range.isValid())
    Builder << D.Range;
  for (const FixItHint &F : D.FixIts)
    Builder << F;
}

} // namespace bankfix
