// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- TensorTiles.h - wmma calls that name a shared tile's row length ----===//
//
// What the fix planner asks of a wmma fragment's load or store: the
// argument that gives the tile's row length (ldm), which a row padding
// must grow with the rows. The walk's side is Walker::recordTileCall.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TENSORTILES_H
#define BANKFIX_TENSORTILES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace bankfix {

/// The ldm argument of \p C when it is nvcuda::wmma::load_matrix_sync or
/// store_matrix_sync and \p Arg is its pointer argument; null otherwise.
const clang::Expr *tileStrideArgument(const clang::CallExpr *C,
                                      const clang::Expr *Arg);

/// Whether \p Ldm is a constant equal to the innermost extent of the
/// multi-dimensional array \p Array: the tile's rows are the array's.
bool ldmIsRowLength(clang::ASTContext &Ctx, const clang::Expr *Ldm,
                    const clang::VarDecl &Array);

} // namespace bankfix

#endif // BANKFIX_TENSORTILES_H
