// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NvccCodegen.h - The instructions nvcc makes of the accesses --------===//
//
// The pipeline's step between finding the accesses and judging them: what
// nvcc does to a thread's accesses before the hardware sees them. It
// unfolds the loops whose iterations nvcc may merge, merges adjacent
// accesses into wider ones (core/codegen/AccessMerging.h) and marks the
// 16-byte loads nvcc splits (core/codegen/MemberReload.h), over the block
// shapes each function is analysed with.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_NVCCCODEGEN_H
#define BANKFIX_NVCCCODEGEN_H

#include "frontend/analysis/BlockShapeChoice.h"
#include "frontend/analysis/SharedAccessFinder.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace bankfix {

/// Rewrites \p Found as nvcc compiles it: merged executions widened or
/// marked MergedAway, loops unfolded where that decides a merge, split
/// 16-byte loads marked Unsupported. \p Choices: each access's shapes.
void compileAccesses(clang::ASTContext &Ctx, SharedAccesses &Found,
                     const std::vector<std::vector<BlockShapeChoice>> &Choices);

} // namespace bankfix

#endif // BANKFIX_NVCCCODEGEN_H
