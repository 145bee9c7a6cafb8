//===- ConflictReporter.cpp - Clang-style diagnostics for evaluated accesses =//

#include "ConflictReporter.h"

#include "clang/Basic/DiagnosticIDs.h"

using namespace clang;

namespace bankfix {

static constexpr const char *CheckName = " [bankfix-bank-conflict]";

ConflictReporter::ConflictReporter(llvm::raw_ostream &OS, bool Colors,
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
}

ConflictReporter::~ConflictReporter() { Printer->EndSourceFile(); }

std::string ConflictReporter::accessPhrase(const FoundAccess &Access) const {
  return std::string(Access.Desc.Kind == AccessKind::Load ? "load from '"
                                                          : "store to '") +
         Access.Array->Layout.Name + "'";
}

void ConflictReporter::report(const FoundAccess &Access,
                              const AccessEvaluation &Eval,
                              const BlockShapeChoice &Block) {
  SourceRange Range = Access.Expr->getSourceRange();
  SourceLocation Loc = Access.Expr->getBeginLoc();
  std::string Shape = "block " + Block.Shape.str() + " (" + Block.Origin + ")";
  if (!Eval.judged()) {
    Engine->Report(Loc, RemarkID)
        << ("cannot judge the " + accessPhrase(Access) + ": " + Eval.Problem +
            CheckName)
        << Range;
    return;
  }
  if (Eval.Warps.empty()) {
    Engine->Report(Loc, RemarkID)
        << ("no lane of " + Shape + " runs this " + accessPhrase(Access) +
            CheckName)
        << Range;
    return;
  }
  const WarpAccessResult &Worst = Eval.worst();
  if (!Worst.hasConflict())
    return;
  ++Warnings;
  std::string PerWarp =
      Eval.sameInEveryWarp()
          ? " wavefronts per warp"
          : " wavefronts in warp " +
                std::to_string(Eval.Warps[Eval.WorstWarp].Warp) +
                ", the worst";
  Engine->Report(Loc, WarningID)
      << (std::to_string(Worst.NWay) +
          "-way shared memory bank conflict on " + accessPhrase(Access) +
          " (" + std::to_string(Worst.Wavefronts) + PerWarp + ", ideal " +
          std::to_string(Worst.Ideal) + ")" + CheckName)
      << Range;
  const SharedArray &Array = *Access.Array;
  Engine->Report(Array.Decl->getLocation(), NoteID)
      << ("'" + Array.Layout.Name + "' is declared here as " +
          Array.TypeSpelling);
  Engine->Report(SourceLocation(), NoteID)
      << (Shape + ": " + std::to_string(Eval.Warps.size()) + " warp" +
          (Eval.Warps.size() == 1 ? "" : "s") + ", " +
          std::to_string(Eval.BlockWavefronts) + " wavefronts per block, ideal " +
          std::to_string(Eval.BlockIdeal) + ", " +
          std::to_string(Eval.blockExcess()) + " excess");
}

void ConflictReporter::reportUnsupported(const FoundAccess &Access) {
  Engine->Report(Access.Expr->getBeginLoc(), RemarkID)
      << ("cannot judge the " + accessPhrase(Access) + ": " +
          Access.Unsupported + CheckName)
      << Access.Expr->getSourceRange();
}

} // namespace bankfix
