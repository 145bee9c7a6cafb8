// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ParsedCuda.cpp - CUDA source parsed for frontend tests -------------===//

#include "ParsedCuda.h"

#include "frontend/parse/BuiltinPrelude.h"
#include "frontend/parse/CudaToolchain.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace clang;

namespace bankfix::test {

std::unique_ptr<ASTUnit> parseCuda(const std::string &Code) {
  ParseCommand Cmd;
  Cmd.ResourceDir = BANKFIX_CLANG_RESOURCE_DIR;
  std::vector<std::string> Args = buildParseCommandLine(Cmd, "input.cu");
  // buildASTFromCodeWithArgs names the program and the file itself.
  Args.erase(Args.begin());
  Args.pop_back();
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      Code, Args, "input.cu", "clang++",
      std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(),
      {{BuiltinPreludePath, builtinPreludeText().str()}});
  if (!AST || AST->getDiagnostics().hasErrorOccurred()) {
    ADD_FAILURE() << "the test's CUDA code does not parse";
    return nullptr;
  }
  return AST;
}

AnalysedCuda analyseCuda(const std::string &Code,
                         const std::vector<BlockDimOption> &BlockDims) {
  AnalysedCuda A;
  A.AST = parseCuda(Code);
  if (A.AST)
    A.Result = runPipeline(A.AST->getASTContext(), BlockDims, nullptr);
  return A;
}

const FoundAccess *AnalysedCuda::at(unsigned Line, AccessKind Kind) const {
  const SourceManager &SM = AST->getSourceManager();
  for (const FoundAccess &F : Result.Found.Accesses)
    if (F.Kind == Kind &&
        SM.getExpansionLineNumber(F.Expr->getBeginLoc()) == Line)
      return &F;
  return nullptr;
}

size_t AnalysedCuda::indexOf(const FoundAccess *A) const {
  return size_t(A - Result.Found.Accesses.data());
}

const AccessSummary &AnalysedCuda::summary(const FoundAccess *A) const {
  return Result.Summaries[indexOf(A)].front();
}

} // namespace bankfix::test
