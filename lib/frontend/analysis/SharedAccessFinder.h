//===- SharedAccessFinder.h - __shared__ arrays and their accesses --------===//
//
// Walks every device function of a translation unit (each template
// instantiation on its own) and collects every __shared__ array and every
// element read and write of it, with its index expressions and guard
// translated for the evaluator: one instance per loop iteration when the
// access sits in an unrolled loop.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SHAREDACCESSFINDER_H
#define BANKFIX_SHAREDACCESSFINDER_H

#include "core/expr/AccessSummary.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <functional>
#include <memory>
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
  const clang::DeclRefExpr *Ref = nullptr; ///< the array's name in it
  const clang::FunctionDecl *Function = nullptr;
  std::string FunctionName; ///< "transpose<16>" for an instantiation
  const SharedArray *Array = nullptr;
  AccessKind Kind = AccessKind::Load;
  /// Non-empty when the access cannot be modelled as one hardware access
  /// (a struct copy the compiler splits, say): why.
  std::string Unsupported;
  std::vector<AccessInstance> Instances;
};

struct SharedAccesses {
  std::vector<std::unique_ptr<SharedArray>> Arrays;
  std::vector<FoundAccess> Accesses; ///< in source order
};

/// \p ShouldAnalyse, when given, is asked about each device function with a
/// body (each instantiation); those it answers false for are not walked.
SharedAccesses findSharedAccesses(
    clang::ASTContext &Ctx,
    const std::function<bool(const clang::FunctionDecl &)> &ShouldAnalyse =
        nullptr);

/// "kernel" or "kernel<16>" for a template instantiation.
std::string functionDisplayName(const clang::FunctionDecl &F);

} // namespace bankfix

#endif // BANKFIX_SHAREDACCESSFINDER_H
