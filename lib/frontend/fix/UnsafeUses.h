//===- UnsafeUses.h - Uses of a shared array that padding would break -----===//
//
// Padding a row moves every element after it. That is safe for element
// loads and stores, but not when the array or a row of it is used as a
// pointer (arithmetic, passed to a function, memcpy or cp.async, a
// reinterpret_cast to vectors over the rows), when sizeof of it is used, or
// when the address of an element is kept. This finds the first such use of
// each __shared__ array.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_UNSAFEUSES_H
#define BANKFIX_UNSAFEUSES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <string>

namespace bankfix {

/// Per array variable, why padding it is unsafe ("'tile' is passed to
/// 'memcpy' at k.cu:12:3"). \p ElementRefs are the array names inside the
/// element loads and stores that were analysed: those uses are safe.
llvm::DenseMap<const clang::VarDecl *, std::string>
findUnsafeUses(clang::ASTContext &Ctx,
               const llvm::DenseSet<const clang::DeclRefExpr *> &ElementRefs);

} // namespace bankfix

#endif // BANKFIX_UNSAFEUSES_H
