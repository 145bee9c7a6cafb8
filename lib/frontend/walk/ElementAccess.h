// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ElementAccess.h - Is this expression an element of a shared array? -===//
//
// Recognises `a[i][j]`, `a[i].member` and `t[y][x].x` where `a` is a
// __shared__ array and every dimension is indexed, and describes the array's
// layout (extents, element size, type as written).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ELEMENTACCESS_H
#define BANKFIX_ELEMENTACCESS_H

#include "core/access/AccessEvaluation.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <vector>

namespace bankfix {

struct ElementAccess {
  const clang::Expr *Top = nullptr;         ///< the whole access expression
  const clang::VarDecl *Array = nullptr;    ///< the __shared__ variable
  const clang::DeclRefExpr *Ref = nullptr;  ///< the array's name in it
  std::vector<const clang::Expr *> Indices; ///< outermost first
  uint64_t ByteOffset = 0;                  ///< of the member accessed
  uint64_t Width = 0;                       ///< bytes of the accessed type
  uint64_t Alignment = 0;                   ///< of the accessed type
};

/// The access \p E is, or nullopt when it is not an element (or member of
/// an element) of a __shared__ array with every dimension indexed.
std::optional<ElementAccess> matchElementAccess(clang::ASTContext &Ctx,
                                                const clang::Expr *E);

/// Layout of a __shared__ variable; nullopt for a dependent or incomplete
/// type. A variable that is not an array has one element, of its type.
std::optional<SharedArrayLayout> sharedArrayLayout(clang::ASTContext &Ctx,
                                                   const clang::VarDecl &V);

} // namespace bankfix

#endif // BANKFIX_ELEMENTACCESS_H
