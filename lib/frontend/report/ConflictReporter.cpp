// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ConflictReporter.cpp - Clang-style diagnostics for evaluated accesses =//

#include "frontend/report/ConflictReporter.h"

#include <algorithm>

using namespace clang;

namespace bankfix {

std::string describeAccess(const FoundAccess &Access) {
  std::string S = accessOn(Access.Kind, Access.Array->Layout.Name);
  if (Access.Function->isTemplateInstantiation() || !Access.Calls.empty())
    S += " in '" + Access.FunctionName + "'";
  return S;
}

static std::string plural(uint64_t N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

void ConflictReporter::note(std::string Text) {
  ReportedDiagnostic D;
  D.Message = std::move(Text);
  Sink.emit(D);
}

void ConflictReporter::remark(SourceLocation Loc, std::string Text,
                              SourceRange Range) {
  ReportedDiagnostic D;
  D.Level = ReportedDiagnostic::Remark;
  D.Loc = Loc;
  D.Message = std::move(Text);
  D.Check = BankConflictCheck;
  D.Range = Range;
  Sink.emit(D);
}

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
  ReportedDiagnostic D;
  D.Loc = Array.Decl->getLocation();
  if (!Fix) {
    D.Message = std::move(Text);
    Sink.emit(D);
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
    Text += std::string("; ") + noGainText(Plan.Style);
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
  if (Plan.helps() && Plan.Untried)
    Text += " (the search stopped at its budget with " +
            std::to_string(Plan.Untried) +
            " layouts untried: one of them may do better)";
  if (!Fix->fixes() && !Fix->OtherWhyNot.empty())
    Text += "; " + Fix->OtherWhyNot;
  D.Message = std::move(Text);
  // The fix-its go with the first note about the array only.
  if (ShownFixes.insert(Fix).second)
    for (const FixEdit &E : Fix->Edits)
      D.FixIts.push_back(FixItHint::CreateReplacement(E.Range, E.Text));
  Sink.emit(D);
}

void ConflictReporter::reportOtherStyle(const FixPlan &Other) {
  note(std::string(fixStyleName(Other.Style)) + " would take " +
       std::to_string(Other.After) + " wavefronts per block");
}

void ConflictReporter::reportFixNotes(const ArrayFix &Fix) {
  if (!Fix.fixes()) {
    if (Fix.Other && Fix.Other->helps())
      reportOtherStyle(*Fix.Other);
    return;
  }
  for (const AccessChange &W : Fix.Plan.Worse)
    note(std::string(Fix.Plan.Style == FixStyle::XorSwizzle ||
                             Fix.Plan.Style == FixStyle::IndexSwizzle
                         ? "the swizzle"
                         : "the padding") +
         " makes the " + W.Label + " worse: " + std::to_string(W.Before) +
         " -> " + std::to_string(W.After) + " wavefronts per block");
  if (Fix.Other && Fix.Other->helps())
    reportOtherStyle(*Fix.Other);
  for (const KernelBudget &B : Fix.Budgets)
    if (B.BlocksAfter < B.BlocksBefore)
      note("the fix lowers the blocks per SM of '" + B.Kernel +
           "' with block " + B.Shape.str() + " from " +
           std::to_string(B.BlocksBefore) + " to " +
           std::to_string(B.BlocksAfter) +
           " (sm_90: 228 KiB of shared memory, 64 warps and 32 blocks "
           "per SM, 1 KiB reserved per block; registers not counted)");
  if (!Fix.LaunchNote.empty())
    note(Fix.LaunchNote);
}

namespace {

/// What an access's executions are: a loop's iterations, a wmma call's
/// instructions, or both.
const char *executionWord(const FoundAccess &Access) {
  if (Access.Instruction.empty())
    return "iteration";
  // A loop's iterations, unrolled one by one or walked once for all.
  for (const AccessInstance &I : Access.Instances)
    if (!I.Iteration.empty() || I.Range)
      return "execution";
  return "instruction";
}

/// "N-way shared memory bank conflict on load from 't' (...)".
std::string warningText(const FoundAccess &Access,
                        const AccessSummary &Summary) {
  uint64_t Iterations = Summary.Executions;
  const InstanceEvaluation &WorstInstance = Summary.Instances[Summary.Worst];
  const AccessEvaluation &Eval = WorstInstance.Eval;
  const WarpAccessResult &Worst = Eval.worst();
  std::string PerWarp =
      Eval.sameInEveryWarp()
          ? " wavefronts per warp"
          : " wavefronts in warp " +
                std::to_string(Eval.Warps[Eval.WorstWarp].Warp) + ", the worst";
  std::string PerIteration;
  if (Iterations > 1)
    PerIteration =
        Summary.sameInEveryInstance()
            ? ", in each of " + plural(Iterations, executionWord(Access))
        : WorstInstance.Iteration.empty()
            ? ", the worst of " + plural(Iterations, executionWord(Access))
            : ", in iteration " + WorstInstance.Iteration + ", the worst of " +
                  std::to_string(Iterations);
  std::string WorstCase = Summary.worstCase();
  return (WorstCase.empty() ? "" : "up to ") + std::to_string(Worst.NWay) +
         "-way shared memory bank conflict on " + describeAccess(Access) +
         " (" + std::to_string(Worst.Wavefronts) + PerWarp + ", ideal " +
         std::to_string(Worst.Ideal) + PerIteration +
         (WorstCase.empty() ? "" : "; worst case, " + WorstCase) + ")";
}

/// What the cases at a place differ in: "instantiations", "block shapes",
/// "launches" (of one block shape, with different parameter values),
/// "calls", "paths", or "cases" when more than one of these.
std::string casesWord(const FoundAccess &Access, const BlockShapeChoice &Block,
                      const PlaceCases &Place) {
  // Instantiations: functions made from one template; otherwise other
  // functions or call chains reach the access.
  auto Pattern = [](const FoundAccess &A) {
    return A.Function->getTemplateInstantiationPattern();
  };
  bool Instances = false, Shapes = false, Dims = false, Calls = false;
  for (const OtherCase &O : Place.Others) {
    bool OtherFunction = O.Access->Function != Access.Function;
    bool SameTemplate =
        Pattern(Access) && Pattern(Access) == Pattern(*O.Access);
    Instances |= OtherFunction && SameTemplate;
    Calls |=
        (OtherFunction && !SameTemplate) || O.Access->Calls != Access.Calls;
    Shapes |= !(O.Block->Shape == Block.Shape);
    Dims |= O.Block->Shape.Dim != Block.Shape.Dim;
  }
  bool Functions = Instances && !Calls;
  int Kinds = int(Functions) + int(Shapes) + int(Calls);
  if (Kinds > 1)
    return "cases";
  return Functions ? "instantiations"
         : Shapes  ? (Dims ? "block shapes" : "launches")
         : Calls   ? "calls"
                   : "paths";
}

} // namespace

void ConflictReporter::reportPlainAlternative(
    const PlainElementAlternative &Plain, const WarpAccessResult &Worst) {
  if (!Plain.Summary.runs())
    return;
  const WarpAccessResult &P = Plain.Summary.worst().worst();
  if (P.excess() < Worst.excess())
    note("an array of plain '" + Plain.TypeSpelling +
         "' indexed the same way would take " +
         plural(P.Wavefronts, "wavefront") + " per warp (ideal " +
         std::to_string(P.Ideal) + (P.hasConflict() ? "" : ", no conflict") +
         "): the struct's size spreads the accessed member over the banks");
}

std::optional<std::string> ConflictReporter::report(
    const FoundAccess &Access, const AccessSummary &Summary,
    const BlockShapeChoice &Block,
    const std::optional<PlainElementAlternative> &Plain, const ArrayFix *Fix,
    const std::vector<const ArrayFix *> &Answers, const PlaceCases &Place) {
  SourceRange Range = Access.Range;
  SourceLocation Loc = Access.Loc;
  std::string Shape = "block " + Block.Shape.str() + " (" + Block.Origin + ")";
  uint64_t Iterations = Summary.Executions;
  if (!Summary.judged()) {
    const InstanceEvaluation &I = Summary.Instances[Summary.FirstProblem];
    std::string Where =
        I.Iteration.empty() ? "" : " (iteration " + I.Iteration + ")";
    remark(Loc,
           "cannot judge the " + describeAccess(Access) + Where + ": " +
               I.Eval.Problem,
           Range);
    reportCalls(Access);
    return std::nullopt;
  }
  if (Access.mergedAway()) // Judged with the access it is merged into.
    return std::nullopt;
  if (!Summary.runs()) {
    remark(Loc, "no lane of " + Shape + " runs this " + describeAccess(Access),
           Range);
    return std::nullopt;
  }
  const InstanceEvaluation &WorstInstance = Summary.Instances[Summary.Worst];
  const AccessEvaluation &Eval = WorstInstance.Eval;
  const WarpAccessResult &Worst = Eval.worst();
  if (!Worst.hasConflict())
    return std::nullopt;
  ++Warnings;
  std::string Message = warningText(Access, Summary);
  if (!Place.Others.empty()) // inside the closing parenthesis
    Message.insert(Message.size() - 1,
                   "; the worst of " + std::to_string(Place.Others.size() + 1) +
                       " " + casesWord(Access, Block, Place) +
                       " that conflict here" +
                       (Place.Judged > Place.Others.size() + 1
                            ? ", of " + std::to_string(Place.Judged)
                            : ""));
  ReportedDiagnostic W;
  W.Level = ReportedDiagnostic::Warning;
  W.Loc = Loc;
  W.Message = Message;
  W.Check = BankConflictCheck;
  W.Range = Range;
  W.AnswersFixes = Answers;
  Sink.emit(W);
  reportCalls(Access);
  for (const AccessInstance &I : Access.Instances)
    if (!I.MergeNote.empty() && !I.MergedAway) {
      note(I.MergeNote);
      break;
    }
  reportDeclaration(*Access.Array, Fix);
  std::string Runs = plural(Eval.Shape.warps(), "warp");
  if (Iterations > 1)
    Runs += " x " + plural(Iterations, executionWord(Access));
  note(Shape + ": " + Runs + ", " + std::to_string(Summary.BlockWavefronts) +
       " wavefronts per block, ideal " + std::to_string(Summary.BlockIdeal) +
       ", " + std::to_string(Summary.blockExcess()) + " excess");
  reportOtherCases(Access, Block, Place);
  if (Plain)
    reportPlainAlternative(*Plain, Worst);
  if (Fix)
    reportFixNotes(*Fix);
  return Message;
}

void ConflictReporter::reportOtherCases(const FoundAccess &Access,
                                        const BlockShapeChoice &Block,
                                        const PlaceCases &Place) {
  constexpr size_t Listed = 4;
  std::vector<const SharedArray *> Declared{Access.Array};
  for (size_t I = 0; I < Place.Others.size(); ++I) {
    const OtherCase &O = Place.Others[I];
    if (I == Listed) {
      note(plural(Place.Others.size() - Listed, "more case") +
           " conflict here; --explain lists each");
      break;
    }
    std::string Text = "also " + warningText(*O.Access, *O.Summary);
    if (!(O.Block->Shape == Block.Shape))
      Text +=
          " for block " + O.Block->Shape.str() + " (" + O.Block->Origin + ")";
    note(std::move(Text));
    if (std::find(Declared.begin(), Declared.end(), O.Access->Array) ==
        Declared.end()) {
      Declared.push_back(O.Access->Array);
      reportDeclaration(*O.Access->Array, O.Fix);
    }
  }
}

void ConflictReporter::reportUnsupported(const FoundAccess &Access) {
  remark(Access.Loc,
         "cannot judge the " + describeAccess(Access) + ": " +
             Access.Unsupported,
         Access.Range);
  reportCalls(Access);
}

std::string ConflictReporter::reportOverrun(const LaunchOverrun &Overrun,
                                            const LaunchSite &Launch,
                                            const FoundAccess &Access,
                                            const BlockShapeChoice &Block) {
  std::string Buffer = "'" + Access.Array->Layout.Name + "'";
  std::string Given =
      Overrun.Given == 0
          ? "no dynamic shared memory"
          : std::to_string(Overrun.Given) + " bytes of dynamic shared memory";
  ReportedDiagnostic D;
  D.Level = ReportedDiagnostic::Error;
  D.Loc = Launch.Loc;
  D.Range = Launch.Loc;
  D.Check = LaunchBoundsCheck;
  D.Message = "the launch gives '" + functionDisplayName(*Launch.Kernel) +
              "' " + Given + ", but its " + accessKindName(Access.Kind) +
              " of " + Buffer + " reaches " + std::to_string(Overrun.Reached) +
              " bytes: out of bounds";
  std::string Text = D.Message;
  Sink.emit(D);
  ++Errors;
  ReportedDiagnostic Where;
  Where.Loc = Access.Loc;
  Where.Range = Access.Range;
  Where.Message = "the " + std::string(accessKindName(Access.Kind)) + " of " +
                  Buffer + " here reaches byte " +
                  std::to_string(Overrun.Reached - 1) + " in block " +
                  Block.Shape.str();
  Sink.emit(Where);
  return Text;
}

void ConflictReporter::reportRemark(SourceLocation Loc,
                                    const std::string &Message) {
  remark(Loc, Message);
}

void ConflictReporter::reportCalls(const FoundAccess &Access) {
  // An access in a library's code: where it is there.
  if (Access.LibraryEntry) {
    ReportedDiagnostic D;
    D.Loc = Access.Expr->getBeginLoc();
    D.Range = Access.Expr->getSourceRange();
    D.Message = "the " + std::string(accessKindName(Access.Kind)) +
                " is in library code that '" +
                Access.LibraryEntry->getQualifiedNameAsString() +
                "' runs (a system header; --no-system-headers leaves it "
                "out)";
    Sink.emit(D);
  }
  for (size_t I = Access.UserCalls; I-- > 0;) {
    const FunctionDecl *Outer =
        I == 0 ? nullptr : Access.Calls[I - 1]->getDirectCallee();
    std::string Caller =
        "'" + (Outer ? functionDisplayName(*Outer) : Access.FunctionName) + "'";
    ReportedDiagnostic D;
    D.Loc = Access.Calls[I]->getBeginLoc();
    D.Message = "called from " + Caller + " here";
    D.Range = Access.Calls[I]->getSourceRange();
    Sink.emit(D);
  }
}

void ConflictReporter::reportNolintProblem(SourceLocation Loc,
                                           const std::string &Message) {
  ++Warnings;
  ReportedDiagnostic D;
  D.Level = ReportedDiagnostic::Warning;
  D.Loc = Loc;
  D.Message = Message;
  D.Check = NolintCheck;
  Sink.emit(D);
}

} // namespace bankfix
