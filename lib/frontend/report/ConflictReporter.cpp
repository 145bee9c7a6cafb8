//===- ConflictReporter.cpp - Clang-style diagnostics for evaluated accesses =//

#include "frontend/report/ConflictReporter.h"

#include "clang/Basic/DiagnosticIDs.h"

#include <algorithm>

using namespace clang;

namespace bankfix {

static const std::string CheckName =
    std::string(" [") + BankConflictCheck + "]";

std::string describeAccess(const FoundAccess &Access) {
  std::string S = std::string(Access.Kind == AccessKind::Load ? "load from '"
                                                              : "store to '") +
                  Access.Array->Layout.Name + "'";
  if (Access.Function->isTemplateInstantiation() || !Access.Calls.empty())
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

void ConflictReporter::reportDeclaration(const SharedArray &Array,
                                         const ArrayFix *Fix) {
  std::string Text =
      "'" + Array.Layout.Name + "' is declared here as " + Array.TypeSpelling;
  if (!Fix) {
    Engine->Report(Array.Decl->getLocation(), NoteID) << Text;
    return;
  }
  const PaddingPlan &Plan = Fix->Plan;
  size_t Index = std::find(Fix->Arrays.begin(), Fix->Arrays.end(), &Array) -
                 Fix->Arrays.begin();
  if (!Plan.WhyNot.empty())
    Text += "; no padding fix: " + Plan.WhyNot;
  else if (Plan.Pad == 0)
    Text += "; no padding of its innermost dimension lowers its wavefronts";
  else if (!Fix->Refusal.empty())
    Text += "; padding it to " + paddedTypeSpelling(Array, Plan.Pad) +
            " would help, but no fix is offered: " + Fix->Refusal;
  else
    Text += "; pad it to " + paddedTypeSpelling(Array, Plan.Pad) +
            ": its accesses then take " + std::to_string(Plan.After) +
            " wavefronts per block instead of " + std::to_string(Plan.Before) +
            " (+" + std::to_string(Fix->ExtraBytes[Index]) +
            " bytes of shared memory per block, " +
            std::to_string(Fix->FunctionBytes[Index]) + " in all)";
  auto Builder = Engine->Report(Array.Decl->getLocation(), NoteID);
  Builder << Text;
  if (Fix->fixes())
    Builder << FixItHint::CreateReplacement(Fix->SizeRange, Fix->NewSizeText);
}

std::optional<std::string> ConflictReporter::report(
    const FoundAccess &Access, const AccessSummary &Summary,
    const BlockShapeChoice &Block,
    const std::optional<PlainElementAlternative> &Plain, const ArrayFix *Fix) {
  SourceRange Range = Access.Expr->getSourceRange();
  SourceLocation Loc = Access.Expr->getBeginLoc();
  std::string Shape = "block " + Block.Shape.str() + " (" + Block.Origin + ")";
  uint64_t Iterations = Summary.Executions;
  if (!Summary.judged()) {
    const InstanceEvaluation &I = Summary.Instances[Summary.FirstProblem];
    std::string Where =
        I.Iteration.empty() ? "" : " (iteration " + I.Iteration + ")";
    Engine->Report(Loc, RemarkID)
        << ("cannot judge the " + describeAccess(Access) + Where + ": " +
            I.Eval.Problem + CheckName)
        << Range;
    reportCalls(Access);
    return std::nullopt;
  }
  bool AllMerged = !Access.Instances.empty();
  for (const AccessInstance &I : Access.Instances)
    AllMerged = AllMerged && I.MergedAway;
  if (AllMerged) // Judged with the access it is merged into.
    return std::nullopt;
  if (!Summary.runs()) {
    Engine->Report(Loc, RemarkID) << ("no lane of " + Shape + " runs this " +
                                      describeAccess(Access) + CheckName)
                                  << Range;
    return std::nullopt;
  }
  const InstanceEvaluation &WorstInstance = Summary.Instances[Summary.Worst];
  const AccessEvaluation &Eval = WorstInstance.Eval;
  const WarpAccessResult &Worst = Eval.worst();
  if (!Worst.hasConflict())
    return std::nullopt;
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
  std::string Message =
      std::to_string(Worst.NWay) + "-way shared memory bank conflict on " +
      describeAccess(Access) + " (" + std::to_string(Worst.Wavefronts) +
      PerWarp + ", ideal " + std::to_string(Worst.Ideal) + PerIteration + ")";
  Engine->Report(Loc, WarningID) << (Message + CheckName) << Range;
  reportCalls(Access);
  for (const AccessInstance &I : Access.Instances)
    if (!I.MergeNote.empty() && !I.MergedAway) {
      Engine->Report(SourceLocation(), NoteID) << I.MergeNote;
      break;
    }
  reportDeclaration(*Access.Array, Fix);
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
  if (Fix && Fix->fixes())
    for (const AccessChange &W : Fix->Plan.Worse)
      Engine->Report(SourceLocation(), NoteID)
          << ("the padding makes the " + W.Label +
              " worse: " + std::to_string(W.Before) + " -> " +
              std::to_string(W.After) + " wavefronts per block");
  return Message;
}

void ConflictReporter::reportUnsupported(const FoundAccess &Access) {
  Engine->Report(Access.Expr->getBeginLoc(), RemarkID)
      << ("cannot judge the " + describeAccess(Access) + ": " +
          Access.Unsupported + CheckName)
      << Access.Expr->getSourceRange();
  reportCalls(Access);
}

void ConflictReporter::reportRemark(SourceLocation Loc,
                                    const std::string &Message) {
  Engine->Report(Loc, RemarkID) << (Message + CheckName);
}

void ConflictReporter::reportCalls(const FoundAccess &Access) {
  for (size_t I = Access.Calls.size(); I-- > 0;) {
    const FunctionDecl *Outer =
        I == 0 ? nullptr : Access.Calls[I - 1]->getDirectCallee();
    std::string Caller =
        "'" + (Outer ? functionDisplayName(*Outer) : Access.FunctionName) + "'";
    Engine->Report(Access.Calls[I]->getBeginLoc(), NoteID)
        << ("called from " + Caller + " here")
        << Access.Calls[I]->getSourceRange();
  }
}

void ConflictReporter::reportNolintProblem(SourceLocation Loc,
                                           const std::string &Message) {
  ++Warnings;
  Engine->Report(Loc, WarningID) << (Message + " [" + NolintCheck + "]");
}

} // namespace bankfix
