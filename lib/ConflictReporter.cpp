//===- ConflictReporter.cpp - Clang-style diagnostics for evaluated accesses =//

#include "ConflictReporter.h"

#include "clang/Basic/DiagnosticIDs.h"

using namespace clang;

namespace bankfix {

static constexpr const char *CheckName = " [bankfix-bank-conflict]";

std::string describeAccess(const FoundAccess &Access) {
  std::string S = std::string(Access.Kind == AccessKind::Load ? "load from '"
                                                              : "store to '") +
                  Access.Array->Layout.Name + "'";
  if (Access.Function->isTemplateInstantiation())
    S += " in '" + Access.FunctionName + "'";
  return S;
}

static std::string plural(uint64_t N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

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

void ConflictReporter::report(
    const FoundAccess &Access, const AccessSummary &Summary,
    const BlockShapeChoice &Block,
    const std::optional<PlainElementAlternative> &Plain) {
  SourceRange Range = Access.Expr->getSourceRange();
  SourceLocation Loc = Access.Expr->getBeginLoc();
  std::string Shape = "block " + Block.Shape.str() + " (" + Block.Origin + ")";
  size_t Iterations = Summary.Instances.size();
  if (!Summary.judged()) {
    const InstanceEvaluation &I = Summary.Instances[Summary.FirstProblem];
    std::string Where =
        I.Iteration.empty() ? "" : " (iteration " + I.Iteration + ")";
    Engine->Report(Loc, RemarkID)
        << ("cannot judge the " + describeAccess(Access) + Where + ": " +
            I.Eval.Problem + CheckName)
        << Range;
    return;
  }
  if (!Summary.runs()) {
    Engine->Report(Loc, RemarkID) << ("no lane of " + Shape + " runs this " +
                                      describeAccess(Access) + CheckName)
                                  << Range;
    return;
  }
  const InstanceEvaluation &WorstInstance = Summary.Instances[Summary.Worst];
  const AccessEvaluation &Eval = WorstInstance.Eval;
  const WarpAccessResult &Worst = Eval.worst();
  if (!Worst.hasConflict())
    return;
  ++Warnings;
  std::string PerWarp =
      Eval.sameInEveryWarp()
          ? " wavefronts per warp"
          : " wavefronts in warp " +
                std::to_string(Eval.Warps[Eval.WorstWarp].Warp) + ", the worst";
  std::string PerIteration;
  if (Iterations > 1)
    PerIteration = Summary.sameInEveryInstance()
                       ? ", in each of " + plural(Iterations, "iteration")
                       : ", in iteration " + WorstInstance.Iteration +
                             ", the worst of " + std::to_string(Iterations);
  Engine->Report(Loc, WarningID)
      << (std::to_string(Worst.NWay) + "-way shared memory bank conflict on " +
          describeAccess(Access) + " (" + std::to_string(Worst.Wavefronts) +
          PerWarp + ", ideal " + std::to_string(Worst.Ideal) + PerIteration +
          ")" + CheckName)
      << Range;
  const SharedArray &Array = *Access.Array;
  Engine->Report(Array.Decl->getLocation(), NoteID)
      << ("'" + Array.Layout.Name + "' is declared here as " +
          Array.TypeSpelling);
  std::string Runs = plural(Eval.Shape.warps(), "warp");
  if (Iterations > 1)
    Runs += " x " + plural(Iterations, "iteration");
  Engine->Report(SourceLocation(), NoteID)
      << (Shape + ": " + Runs + ", " + std::to_string(Summary.BlockWavefronts) +
          " wavefronts per block, ideal " + std::to_string(Summary.BlockIdeal) +
          ", " + std::to_string(Summary.blockExcess()) + " excess");
  if (Plain && Plain->Summary.runs()) {
    const WarpAccessResult &P = Plain->Summary.worst().worst();
    if (P.excess() < Worst.excess())
      Engine->Report(SourceLocation(), NoteID)
          << ("an array of plain '" + Plain->TypeSpelling +
              "' indexed the same way would take " +
              plural(P.Wavefronts, "wavefront") + " per warp (ideal " +
              std::to_string(P.Ideal) +
              (P.hasConflict() ? "" : ", no conflict") +
              "): the struct's size spreads the accessed member over the "
              "banks");
  }
}

void ConflictReporter::reportUnsupported(const FoundAccess &Access) {
  Engine->Report(Access.Expr->getBeginLoc(), RemarkID)
      << ("cannot judge the " + describeAccess(Access) + ": " +
          Access.Unsupported + CheckName)
      << Access.Expr->getSourceRange();
}

} // namespace bankfix
