// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UserDecls.h - The top-level declarations parsed for this file ------===//
//
// The translation unit's own top-level declarations: those of the file and
// its headers, without the precompiled CUDA preamble's (PreambleCache.h).
// TranslationUnitDecl::decls() would first load every declaration of the
// toolkit's headers from the PCH, which costs as much as the rest of a warm
// run; the analysis never looks at them (they are system headers). Without
// a PCH the list is the whole translation unit, system headers included,
// and each traversal skips those itself.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_USERDECLS_H
#define BANKFIX_USERDECLS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <vector>

namespace bankfix {

/// The top-level declarations not loaded from a precompiled preamble.
inline std::vector<clang::Decl *> userDecls(clang::ASTContext &Ctx) {
  std::vector<clang::Decl *> Out;
  for (clang::Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
    if (!D->isFromASTFile())
      Out.push_back(D);
  return Out;
}

/// Runs \p Visitor (a RecursiveASTVisitor) over userDecls(\p Ctx), as
/// TraverseDecl on the translation unit would over all of them.
template <typename VisitorT>
void traverseUserDecls(clang::ASTContext &Ctx, VisitorT &Visitor) {
  for (clang::Decl *D : userDecls(Ctx))
    Visitor.TraverseDecl(D);
}

} // namespace bankfix

#endif // BANKFIX_USERDECLS_H
