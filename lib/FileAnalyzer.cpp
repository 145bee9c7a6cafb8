//===- FileAnalyzer.cpp - Parse one CUDA file and report its conflicts ----===//

#include "FileAnalyzer.h"

#include "BuiltinPrelude.h"
#include "ConflictReporter.h"
#include "InputFile.h"
#include "SharedAccessFinder.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;

namespace bankfix {

namespace {

class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(CompilerInstance &CI, const AnalysisOptions &Opts,
                   FileAnalysis &Result, llvm::raw_ostream &OS)
      : CI(CI), Opts(Opts), Result(Result), OS(OS) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (CI.getDiagnostics().hasErrorOccurred())
      return;
    SharedAccesses Found = findSharedAccesses(Ctx);
    BlockShapeChoice Block{
        Opts.BlockDim.value_or(DefaultBlockShape),
        Opts.BlockDim ? "set with --block-dim"
                      : "assumed: no --block-dim given"};
    ConflictReporter Reporter(OS, Opts.Colors, CI.getLangOpts(),
                              CI.getPreprocessor());
    for (const FoundAccess &Access : Found.Accesses) {
      if (!Access.Unsupported.empty()) {
        Reporter.reportUnsupported(Access);
        continue;
      }
      AccessEvaluation Eval =
          evaluateAccess(Access.Array->Layout, Access.Desc, Block.Shape);
      Reporter.report(Access, Eval, Block);
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

FileAnalysis analyzeFile(const std::string &Path,
                         const AnalysisOptions &Opts) {
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
  if (Opts.Colors)
    OS.enable_colors(true);
  DiagnosticOptions ParseDiagOptions;
  ParseDiagOptions.ShowColors = Opts.Colors;
  TextDiagnosticPrinter ParsePrinter(OS, ParseDiagOptions);

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
  return Result;
}

} // namespace bankfix
