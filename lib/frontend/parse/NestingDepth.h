// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NestingDepth.h - The deepest statement or expression of a file -----===//
//
// bankfix walks expressions recursively (the index translator, the lane
// evaluator), so a file whose expressions nest deeper than it can follow
// (a 20,000-term `a + a + ... + a` needs no brackets) is refused with a
// clear error instead of exhausting the stack. The walk here is iterative.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_NESTINGDEPTH_H
#define BANKFIX_NESTINGDEPTH_H

#include "clang/AST/ASTContext.h"

namespace bankfix {

/// The deepest nesting bankfix analyses.
constexpr unsigned MaxNestingDepth = 16384;

struct DeepestNode {
  unsigned Depth = 0;
  const clang::Stmt *Node = nullptr; ///< where; null when there is none
};

/// The first statement or expression, in function bodies and variable
/// initializers of the main file's declarations, nested deeper than
/// \p Limit, or the deepest one when none is.
DeepestNode findDeepestNode(clang::ASTContext &Ctx, unsigned Limit);

} // namespace bankfix

#endif // BANKFIX_NESTINGDEPTH_H
