//===- FileAnalyzer.cpp - Parse one CUDA file and report its conflicts ----===//

#include "FileAnalyzer.h"

#include "AccessSummary.h"
#include "BlockShapeChoice.h"
#include "BuiltinPrelude.h"
#include "ConflictReporter.h"
#include "InputFile.h"
#include "LaunchSites.h"
#include "SharedAccessFinder.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;

namespace bankfix {

namespace {

/// For an access to a member of a struct element, the same access on an
/// array of the member's type alone (is the struct making it worse?).
std::optional<PlainElementAlternative>
plainAlternative(ASTContext &Ctx, const FoundAccess &Access,
                 const BlockShape &Shape) {
  const SharedArrayLayout &Layout = Access.Array->Layout;
  if (Access.Instances.empty() ||
      Access.Instances.front().Desc.Width >= Layout.ElementSize)
    return std::nullopt;
  SharedArrayLayout Plain = Layout;
  Plain.ElementSize = Access.Instances.front().Desc.Width;
  std::vector<AccessInstance> Instances = Access.Instances;
  for (AccessInstance &I : Instances)
    I.Desc.ByteOffset = 0;
  return PlainElementAlternative{
      Access.Expr->getType().getAsString(Ctx.getPrintingPolicy()),
      summarizeAccess(Plain, Instances, Shape)};
}

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

class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(CompilerInstance &CI, const AnalysisOptions &Opts,
                   FileAnalysis &Result, llvm::raw_ostream &OS)
      : CI(CI), Opts(Opts), Result(Result), OS(OS) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (CI.getDiagnostics().hasErrorOccurred())
      return;
    SharedAccesses Found = findSharedAccesses(Ctx);
    std::vector<LaunchSite> Launches = findLaunchSites(Ctx);
    ConflictReporter Reporter(OS, Opts.Colors, CI.getLangOpts(),
                              CI.getPreprocessor());
    for (const FoundAccess &Access : Found.Accesses) {
      if (!Access.Unsupported.empty()) {
        Reporter.reportUnsupported(Access);
        Result.Records.push_back(record(Ctx, Access, {DefaultBlockShape, ""}));
        Result.Records.back().Problem = Access.Unsupported;
        continue;
      }
      for (const BlockShapeChoice &Block :
           chooseBlockShapes(*Access.Function, Launches, Opts.BlockDims)) {
        AccessSummary Summary = summarizeAccess(Access.Array->Layout,
                                                Access.Instances, Block.Shape);
        Reporter.report(Access, Summary, Block,
                        plainAlternative(Ctx, Access, Block.Shape));
        AccessRecord R = record(Ctx, Access, Block);
        fill(R, Summary);
        Result.Records.push_back(std::move(R));
      }
    }
    Result.Warnings = Reporter.warnings();
  }

private:
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

} // namespace

FileAnalysis analyzeFile(const std::string &Path, const AnalysisOptions &Opts) {
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

} // namespace bankfix
