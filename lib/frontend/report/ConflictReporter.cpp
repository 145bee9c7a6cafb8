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

namespace {

/// "padding it to float[32][33]" from "pad it to float[32][33]".
std::string gerund(const std::string &Change) {
  if (Change.rfind("pad ", 0) == 0)
    return "padding " + Change.substr(4);
  if (Change.rfind("rewrite ", 0) == 0)
    return "rewriting " + Change.substr(8);
  return Change;
}

/// "shared memory per block: 4096 -> 4224 bytes", per kernel when they
/// differ.
std::string budgetText(const std::vector<KernelBudget> &Budgets) {
  std::vector<std::pair<uint64_t, uint64_t>> Seen;
  std::string PerKernel;
  for (const KernelBudget &B : Budgets) {
    if (B.DynamicUnknown) // the launch note says what it grows by
      continue;
    std::pair<uint64_t, uint64_t> Pair{B.Before.total(), B.After.total()};
    if (std::find(Seen.begin(), Seen.end(), Pair) != Seen.end())
      continue;
    Seen.push_back(Pair);
    PerKernel += std::string(PerKernel.empty() ? "" : ", ") +
                 std::to_string(Pair.first) + " -> " +
                 std::to_string(Pair.second) + " bytes in '" + B.Kernel + "'";
  }
  if (Seen.empty())
    return "";
  if (Seen.size() == 1)
    return "shared memory per block: " + std::to_string(Seen[0].first) +
           " -> " + std::to_string(Seen[0].second) + " bytes";
  return "shared memory per block: " + PerKernel;
}

} // namespace

void ConflictReporter::reportDeclaration(const SharedArray &Array,
                                         const ArrayFix *Fix) {
  std::string Text =
      "'" + Array.Layout.Name + "' is declared here as " + Array.TypeSpelling;
  if (!Fix) {
    Engine->Report(Array.Decl->getLocation(), NoteID) << Text;
    return;
  }
  const FixPlan &Plan = Fix->Plan;
  bool Rows = Plan.Style == FixStyle::RowPadding;
  bool Swizzle = Plan.Style == FixStyle::XorSwizzle;
  if (!Plan.WhyNot.empty())
    Text += (Rows      ? "; no padding fix: "
             : Swizzle ? "; no swizzle fix: "
                       : "; no fix: ") +
            Plan.WhyNot;
  else if (!Plan.helps())
    Text += Rows      ? "; no padding of its innermost dimension lowers its "
                        "wavefronts"
            : Swizzle ? "; no XOR swizzle of its columns lowers its wavefronts"
                      : "; no padding of its index or row stride lowers its "
                        "wavefronts";
  else if (!Fix->Refusal.empty())
    Text += "; " + gerund(Fix->Change) +
            " would help, but no fix is offered: " + Fix->Refusal;
  else {
    Text += "; " + Fix->Change + ": its accesses then take " +
            std::to_string(Plan.After) + " wavefronts per block instead of " +
            std::to_string(Plan.Before);
    std::string Budget = budgetText(Fix->Budgets);
    if (!Budget.empty())
      Text += "; " + Budget;
  }
  if (!Fix->fixes() && !Fix->OtherWhyNot.empty())
    Text += "; " + Fix->OtherWhyNot;
  auto Builder = Engine->Report(Array.Decl->getLocation(), NoteID);
  Builder << Text;
  // The fix-its go with the first note about the array only.
  if (ShownFixes.insert(Fix).second)
    for (const FixEdit &E : Fix->Edits)
      Builder << FixItHint::CreateReplacement(E.Range, E.Text);
}

void ConflictReporter::reportOtherStyle(const FixPlan &Other) {
  Engine->Report(SourceLocation(), NoteID)
      << (std::string(fixStyleName(Other.Style)) + " would take " +
          std::to_string(Other.After) + " wavefronts per block");
}

void ConflictReporter::reportFixNotes(const ArrayFix &Fix) {
  if (!Fix.fixes()) {
    if (Fix.Other && Fix.Other->helps())
      reportOtherStyle(*Fix.Other);
    return;
  }
  for (const AccessChange &W : Fix.Plan.Worse)
    Engine->Report(SourceLocation(), NoteID)
        << (std::string(Fix.Plan.Style == FixStyle::XorSwizzle
                            ? "the swizzle"
                            : "the padding") +
            " makes the " + W.Label + " worse: " + std::to_string(W.Before) +
            " -> " + std::to_string(W.After) + " wavefronts per block");
  if (Fix.Other && Fix.Other->helps())
    reportOtherStyle(*Fix.Other);
  for (const KernelBudget &B : Fix.Budgets)
    if (B.BlocksAfter < B.BlocksBefore)
      Engine->Report(SourceLocation(), NoteID)
          << ("the fix lowers the blocks per SM of '" + B.Kernel +
              "' with block " + B.Shape.str() + " from " +
              std::to_string(B.BlocksBefore) + " to " +
              std::to_string(B.BlocksAfter) +
              " (sm_90: 228 KiB of shared memory, 64 warps and 32 blocks "
              "per SM, 1 KiB reserved per block; registers not counted)");
  if (!Fix.LaunchNote.empty())
    Engine->Report(SourceLocation(), NoteID) << Fix.LaunchNote;
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
  std::string WorstCase = Summary.worstCase();
  std::string Message =
      (WorstCase.empty() ? "" : "up to ") + std::to_string(Worst.NWay) +
      "-way shared memory bank conflict on " + describeAccess(Access) + " (" +
      std::to_string(Worst.Wavefronts) + PerWarp + ", ideal " +
      std::to_string(Worst.Ideal) + PerIteration +
      (WorstCase.empty() ? "" : "; worst case, " + WorstCase) + ")";
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
  if (Fix)
    reportFixNotes(*Fix);
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
