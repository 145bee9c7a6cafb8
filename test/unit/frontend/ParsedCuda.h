// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ParsedCuda.h - CUDA source parsed for frontend tests ---------------===//
//
// Test helper: parses a CUDA translation unit written inline in a test, as
// bankfix parses a file when no toolkit is found (device side, the
// built-in prelude), and runs the walker or the whole pipeline on it.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TEST_PARSEDCUDA_H
#define BANKFIX_TEST_PARSEDCUDA_H

#include "frontend/pipeline/Pipeline.h"

#include "clang/Frontend/ASTUnit.h"

#include <memory>
#include <string>

namespace bankfix::test {

/// \p Code parsed as input.cu; null (and the test failed) when clang
/// reports an error.
std::unique_ptr<clang::ASTUnit> parseCuda(const std::string &Code);

/// The pipeline's result for \p Code, which must parse.
struct AnalysedCuda {
  std::unique_ptr<clang::ASTUnit> AST;
  PipelineResult Result;

  /// The access on \p Line (1-based) of \p Kind; null when there is none.
  const FoundAccess *at(unsigned Line,
                        AccessKind Kind = AccessKind::Load) const;
  /// Its index in Result.Found.Accesses.
  size_t indexOf(const FoundAccess *A) const;
  /// Its summary for its first block shape.
  const AccessSummary &summary(const FoundAccess *A) const;
};

AnalysedCuda analyseCuda(const std::string &Code,
                         const std::vector<BlockDimOption> &BlockDims = {});

} // namespace bankfix::test

#endif // BANKFIX_TEST_PARSEDCUDA_H
