//===- FileAnalyzer.cpp - Parse one CUDA file and report its conflicts ----===//

#include "frontend/project/FileAnalyzer.h"

#include "core/expr/AccessSummary.h"
#include "frontend/analysis/AccessExplainer.h"
#include "frontend/analysis/BlockShapeChoice.h"
#include "frontend/analysis/LaunchSites.h"
#include "frontend/analysis/SharedAccessFinder.h"
#include "frontend/fix/PaddingFix.h"
#include "frontend/parse/BuiltinPrelude.h"
#include "frontend/parse/InputFile.h"
#include "frontend/parse/NestingDepth.h"
#include "frontend/project/UnitAnalysis.h"
#include "frontend/report/ConflictReporter.h"
#include "frontend/report/DiagnosticFilter.h"
#include "frontend/report/SourcePlace.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/thread.h"

#include <map>
#include <set>

using namespace clang;

namespace bankfix {

namespace {

AccessRecord record(ASTContext &Ctx, const FoundAccess &Access,
                    const BlockShapeChoice &Block) {
  AccessRecord R;
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P =
      SM.getPresumedLoc(SM.getExpansionLoc(Access.Expr->getBeginLoc()));
  if (P.isValid()) {
    R.File = P.getFilename();
    R.Line = P.getLine();
    R.Column = P.getColumn();
  }
  R.Array = Access.Array->Layout.Name;
  R.Kind = Access.Kind == AccessKind::Load ? "load" : "store";
  R.Function = Access.FunctionName;
  R.Shape = Block.Shape;
  R.ShapeOrigin = Block.Origin;
  R.Iterations = unsigned(Access.Instances.size());
  for (const AccessInstance &I : Access.Instances)
    if (!I.MergeNote.empty()) {
      R.Merge = I.MergeNote;
      break;
    }
  return R;
}

void fill(AccessRecord &R, const AccessSummary &Summary) {
  R.Judged = Summary.judged();
  if (!R.Judged) {
    R.Problem = Summary.Instances[Summary.FirstProblem].Eval.Problem;
    return;
  }
  if (!Summary.runs())
    return;
  const WarpAccessResult &W = Summary.worst().worst();
  R.WavefrontsPerWarp = W.Wavefronts;
  R.IdealPerWarp = W.Ideal;
  R.NWay = W.NWay;
  R.BlockWavefronts = Summary.BlockWavefronts;
  R.BlockIdeal = Summary.BlockIdeal;
}

const char *suppressionName(FilterVerdict Verdict) {
  switch (Verdict) {
  case FilterVerdict::Show:
    return "";
  case FilterVerdict::Nolint:
    return "NOLINT";
  case FilterVerdict::OutsideHeaderFilter:
    return "header-filter";
  }
  return "";
}

Finding makeFinding(const CompilerInstance &CI, const char *Check,
                    const std::string &Message, CharSourceRange Range) {
  const SourceManager &SM = CI.getSourceManager();
  Finding F;
  F.RuleId = Check;
  F.Message = Message;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Range.getBegin()));
  if (P.isValid())
    F.File = P.getFilename();
  F.Region = regionOf(SM, CI.getLangOpts(), Range);
  return F;
}

class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(CompilerInstance &CI, const AnalysisOptions &Opts,
                   FileAnalysis &Result, llvm::raw_ostream &OS)
      : CI(CI), Opts(Opts), Result(Result), OS(OS) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (CI.getDiagnostics().hasErrorOccurred())
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    DeepestNode Deepest = findDeepestNode(Ctx, MaxNestingDepth);
    if (Deepest.Depth > MaxNestingDepth) {
      PresumedLoc P =
          SM.getPresumedLoc(SM.getExpansionLoc(Deepest.Node->getBeginLoc()));
      Result.Failed = true;
      Result.Error = std::string(P.isValid() ? P.getFilename() : "the file") +
                     ":" + std::to_string(P.isValid() ? P.getLine() : 0) + ":" +
                     std::to_string(P.isValid() ? P.getColumn() : 0) +
                     ": nested more than " + std::to_string(MaxNestingDepth) +
                     " levels deep; nothing was analysed";
      return;
    }
    Result.ParsedContent = SM.getBufferData(SM.getMainFileID()).str();
    UnitAnalysis Unit = analyzeUnit(Ctx, Opts.BlockDims);
    SharedAccesses &Found = Unit.Found;
    size_t N = Found.Accesses.size();
    std::vector<std::vector<BlockShapeChoice>> &Choices = Unit.Choices;
    std::vector<std::vector<AccessSummary>> &Summaries = Unit.Summaries;
    std::set<const ArrayFix *> Exported;

    ConflictReporter Reporter(OS, Opts.Colors, CI.getLangOpts(),
                              CI.getPreprocessor());
    DiagnosticFilter Filter(SM, Opts.HeaderFilter);
    for (const WalkRemark &R : Found.Remarks)
      if (Filter.check(R.Loc, BankConflictCheck) == FilterVerdict::Show)
        Reporter.reportRemark(R.Loc, R.Message);
    for (const DiagnosticFilter::Problem &P : Filter.mainFileProblems()) {
      Reporter.reportNolintProblem(P.Loc, P.Message);
      Result.Findings.push_back(makeFinding(
          CI, NolintCheck, P.Message, CharSourceRange::getCharRange(P.Loc)));
    }
    for (size_t I = 0; I < N; ++I) {
      const FoundAccess &Access = Found.Accesses[I];
      FilterVerdict Verdict =
          Filter.check(Access.Expr->getBeginLoc(), BankConflictCheck);
      bool Shown = Verdict == FilterVerdict::Show;
      if (!Access.Unsupported.empty()) {
        if (Shown)
          Reporter.reportUnsupported(Access);
        Result.Records.push_back(record(Ctx, Access, {DefaultBlockShape, ""}));
        Result.Records.back().Problem = Access.Unsupported;
        explain(Ctx, Access, nullptr, {DefaultBlockShape, ""}, nullptr, false);
        Result.Records.back().SuppressedBy = suppressionName(Verdict);
        continue;
      }
      const ArrayFix *Fix = Unit.fixOf(Access.Array);
      for (size_t K = 0; K < Choices[I].size(); ++K) {
        const BlockShapeChoice &Block = Choices[I][K];
        std::optional<std::string> Warning;
        if (Shown)
          Warning =
              Reporter.report(Access, Summaries[I][K], Block,
                              plainAlternative(Ctx, Access, Block.Shape), Fix);
        else if (warns(Summaries[I][K]))
          ++(Verdict == FilterVerdict::Nolint
                 ? Result.SuppressedByNolint
                 : Result.SuppressedByHeaderFilter);
        explain(Ctx, Access, &Summaries[I][K], Block, Fix, Warning.has_value());
        if (Warning) {
          Finding F = makeFinding(
              CI, BankConflictCheck, *Warning,
              CharSourceRange::getTokenRange(Access.Expr->getSourceRange()));
          if (Fix && Fix->fixes() && Exported.insert(Fix).second) {
            SourceLocation Loc = SM.getExpansionLoc(Access.Expr->getBeginLoc());
            Result.Fixes.push_back({*Warning, SM.getFilename(Loc).str(),
                                    SM.getFileOffset(Loc), *Fix->Edit});
            F.Fix = Finding::Replacement{
                Fix->Edit->File, regionOf(SM, CI.getLangOpts(), Fix->SizeRange),
                Fix->NewSizeText};
          }
          Result.Findings.push_back(std::move(F));
        }
        AccessRecord R = record(Ctx, Access, Block);
        const AccessSummary &S = Summaries[I][K];
        // What would have been a warning or a remark.
        if (warns(S) || !S.judged() || !S.runs())
          R.SuppressedBy = suppressionName(Verdict);
        fill(R, Summaries[I][K]);
        Result.Records.push_back(std::move(R));
      }
    }
    Result.Warnings = Reporter.warnings();
  }

private:
  /// Adds the explanation of one access for one shape when --explain asks
  /// for it.
  void explain(ASTContext &Ctx, const FoundAccess &Access,
               const AccessSummary *Summary, const BlockShapeChoice &Block,
               const ArrayFix *Fix, bool Warned) {
    if (Result.Failed || !explainWanted(Opts.Explain, Ctx, Access, Warned))
      return;
    ++Result.ExplainMatches;
    std::string Error;
    std::optional<AccessExplanation> E = explainFoundAccess(
        Ctx, Access, Summary, Block, Fix, Opts.Explain.Warp, Error);
    if (!E) {
      Result.Failed = true;
      Result.Error = Error;
      return;
    }
    Result.Explanations.push_back(std::move(*E));
  }

  CompilerInstance &CI;
  const AnalysisOptions &Opts;
  FileAnalysis &Result;
  llvm::raw_ostream &OS;
};

class AnalysisAction : public ASTFrontendAction {
public:
  AnalysisAction(const AnalysisOptions &Opts, FileAnalysis &Result,
                 llvm::raw_ostream &OS)
      : Opts(Opts), Result(Result), OS(OS) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<AnalysisConsumer>(CI, Opts, Result, OS);
  }

private:
  const AnalysisOptions &Opts;
  FileAnalysis &Result;
  llvm::raw_ostream &OS;
};

/// Stack of the thread that analyses a file.
constexpr unsigned AnalysisStackSize = 1u << 30;

/// The analysis, on the calling thread.
FileAnalysis analyzeHere(const std::string &Path, const AnalysisOptions &Opts) {
  FileAnalysis Result;
  Result.Error = checkInputFile(Path);
  if (!Result.Error.empty()) {
    Result.Failed = true;
    return Result;
  }

  auto InMemory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  InMemory->addFile(BuiltinPreludePath, 0,
                    llvm::MemoryBuffer::getMemBuffer(builtinPreludeText()));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(InMemory);
  auto Files =
      llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Overlay);

  llvm::raw_string_ostream OS(Result.Output);
  llvm::raw_string_ostream ParseOS(Result.ParseOutput);
  if (Opts.Colors) {
    OS.enable_colors(true);
    ParseOS.enable_colors(true);
  }
  DiagnosticOptions ParseDiagOptions;
  ParseDiagOptions.ShowColors = Opts.Colors;
  TextDiagnosticPrinter ParsePrinter(ParseOS, ParseDiagOptions);

  tooling::ToolInvocation Invocation(
      buildParseCommandLine(Opts.Parse, Path),
      std::make_unique<AnalysisAction>(Opts, Result, OS), Files.get());
  Invocation.setDiagnosticConsumer(&ParsePrinter);
  bool Ok = Invocation.run();
  unsigned Errors = ParsePrinter.getNumErrors();
  if (!Ok || Errors > 0) {
    Result.Failed = true;
    Result.Error = "'" + Path + "' could not be parsed (" +
                   std::to_string(Errors) + " error" +
                   (Errors == 1 ? "" : "s") + "); nothing was analysed";
  }
  OS.flush();
  ParseOS.flush();
  return Result;
}

} // namespace

FileAnalysis analyzeFile(const std::string &Path, const AnalysisOptions &Opts) {
  // Clang's parser and bankfix's walks recurse as deep as the source nests
  // (up to MaxNestingDepth levels): run them on a thread whose stack is
  // large enough for that, under the sanitizers too.
  FileAnalysis Result;
  llvm::thread Worker(std::optional<unsigned>(AnalysisStackSize),
                      [&] { Result = analyzeHere(Path, Opts); });
  Worker.join();
  return Result;
}

} // namespace bankfix
