//===- ConflictReporter.h - Clang-style diagnostics for evaluated accesses ===//
//
// Formats evaluated accesses as clang diagnostics through a DiagnosticsEngine
// of its own (the parse runs with the user's warnings off): a warning per
// conflicting access, a note at the array's declaration, a note with the
// block shape and per-block totals, and a remark for each access that
// cannot be judged, naming what blocked it.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_CONFLICTREPORTER_H
#define BANKFIX_CONFLICTREPORTER_H

#include "AccessEvaluation.h"
#include "SharedAccessFinder.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"

#include <memory>

namespace bankfix {

/// A block shape and where it came from, said in the diagnostic.
struct BlockShapeChoice {
  BlockShape Shape;
  std::string Origin; ///< "set with --block-dim", "assumed: ..."
};

class ConflictReporter {
public:
  ConflictReporter(llvm::raw_ostream &OS, bool Colors,
                   const clang::LangOptions &LangOpts,
                   const clang::Preprocessor &PP);
  ~ConflictReporter();

  void report(const FoundAccess &Access, const AccessEvaluation &Eval,
              const BlockShapeChoice &Block);
  void reportUnsupported(const FoundAccess &Access);

  unsigned warnings() const { return Warnings; }

private:
  std::string accessPhrase(const FoundAccess &Access) const;

  clang::DiagnosticOptions Options;
  std::unique_ptr<clang::TextDiagnosticPrinter> Printer;
  std::unique_ptr<clang::DiagnosticsEngine> Engine;
  unsigned WarningID, NoteID, RemarkID;
  unsigned Warnings = 0;
};

} // namespace bankfix

#endif // BANKFIX_CONFLICTREPORTER_H
