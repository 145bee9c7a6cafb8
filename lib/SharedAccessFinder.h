//===- SharedAccessFinder.h - __shared__ arrays and their accesses --------===//
//
// Walks the device functions of a translation unit and collects every
// __shared__ array and every element read and write of it, with its index
// expressions and the conditions (if, ?:, &&, ||) under which it runs,
// translated into LaneExprs.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SHAREDACCESSFINDER_H
#define BANKFIX_SHAREDACCESSFINDER_H

#include "AccessEvaluation.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace bankfix {

struct SharedArray {
  const clang::VarDecl *Decl = nullptr;
  SharedArrayLayout Layout;
  std::string TypeSpelling; ///< "float[32][32]"
};

struct FoundAccess {
  const clang::Expr *Expr = nullptr; ///< the element (or member) expression
  const clang::FunctionDecl *Function = nullptr;
  const SharedArray *Array = nullptr;
  SharedAccessDesc Desc;
  /// Non-empty when the access cannot be modelled as one hardware access
  /// (a struct copy the compiler splits, say): why.
  std::string Unsupported;
};

struct SharedAccesses {
  std::vector<std::unique_ptr<SharedArray>> Arrays;
  std::vector<FoundAccess> Accesses; ///< in source order
};

SharedAccesses findSharedAccesses(clang::ASTContext &Ctx);

} // namespace bankfix

#endif // BANKFIX_SHAREDACCESSFINDER_H
