// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ConstantTrial.cpp - One file analysed again with a file changed ----===//

#include "frontend/project/ConstantTrial.h"

#include "frontend/parse/PreambleCache.h"
#include "frontend/pipeline/Pipeline.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/thread.h"

#include <algorithm>

using namespace clang;

namespace bankfix {

namespace {

using Totals = std::optional<TrialTotals>;

/// The stack of each trial's thread (a file's walk recurses as deep as
/// its source nests).
constexpr unsigned TrialStackSize = 1u << 30;

class TrialConsumer : public ASTConsumer {
public:
  TrialConsumer(CompilerInstance &CI, const AnalysisOptions &Opts, Totals &Out)
      : CI(CI), Opts(Opts), Out(Out) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (CI.getDiagnostics().hasErrorOccurred())
      return;
    PipelineResult U =
        runPipeline(Ctx, Opts.BlockDims, Opts.Scope.get(), {}, Opts.FixStyles,
                    Opts.Foreign.get(), Opts.LibraryCode, /*PlanFixes=*/false);
    Out = trialTotals(Ctx.getSourceManager(), U);
  }

private:
  CompilerInstance &CI;
  const AnalysisOptions &Opts;
  Totals &Out;
};

class TrialAction : public ASTFrontendAction {
public:
  TrialAction(const AnalysisOptions &Opts, Totals &Out)
      : Opts(Opts), Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<TrialConsumer>(CI, Opts, Out);
  }

private:
  const AnalysisOptions &Opts;
  Totals &Out;
};

Totals runTrial(const std::vector<std::string> &Args,
                const AnalysisOptions &Opts, const std::string &File,
                const std::string &Content) {
  Totals Out;
  llvm::IntrusiveRefCntPtr<FileManager> Files = makeParseFiles(File, Content);
  IgnoringDiagConsumer Quiet;
  tooling::ToolInvocation Invocation(
      Args, std::make_unique<TrialAction>(Opts, Out), Files.get());
  Invocation.setDiagnosticConsumer(&Quiet);
  if (!Invocation.run())
    return std::nullopt;
  return Out;
}

} // namespace

std::vector<Totals>
runConstantTrials(const std::vector<std::string> &Args,
                  const AnalysisOptions &Opts, const std::string &File,
                  const std::vector<std::string> &Contents) {
  std::vector<Totals> Out(Contents.size());
  size_t AtOnce = std::max(1u, Opts.TrialsAtOnce);
  for (size_t First = 0; First < Contents.size(); First += AtOnce) {
    std::vector<llvm::thread> Running;
    for (size_t I = First; I < std::min(Contents.size(), First + AtOnce); ++I)
      Running.emplace_back(std::optional<unsigned>(TrialStackSize), [&, I] {
        Out[I] = runTrial(Args, Opts, File, Contents[I]);
      });
    for (llvm::thread &T : Running)
      T.join();
  }
  return Out;
}

} // namespace bankfix
