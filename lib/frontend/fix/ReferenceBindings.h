// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReferenceBindings.h - The elements a reference parameter names -----===//
//
// An access through a reference parameter (`a` in `comparator(uint &a,
// uint &b)`) has no subscript of its own: the element is named where each
// call binds the reference (`comparator(s[pos], s[pos + stride])`). A fix
// that rewrites a buffer's subscripts rewrites those; this finds them, or
// the first call that binds the reference to something else than an
// element or a register (`comparator(keyA, keyB)` names no element).
// An operation of a cuda::atomic_ref variable names the element the
// variable is made on.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_REFERENCEBINDINGS_H
#define BANKFIX_REFERENCEBINDINGS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <memory>
#include <string>
#include <vector>

namespace bankfix {

struct ReferenceBindings {
  /// The subscripts every call binds the reference to (through reference
  /// parameters passed on, a few calls deep).
  std::vector<const clang::ArraySubscriptExpr *> Subscripts;
  /// Why they are not all subscripts; empty when they are.
  std::string Problem;
};

/// Finds the bindings of reference parameters; indexes the calls of the
/// translation unit once, on first use.
class ReferenceBinder {
public:
  explicit ReferenceBinder(clang::ASTContext &Ctx);
  ~ReferenceBinder();

  /// The elements \p Access (an expression naming a reference parameter)
  /// is bound to at the calls of its function.
  ReferenceBindings of(const clang::Expr *Access);

  struct Index;

private:
  /// The calls of the translation unit, indexed on first use.
  const Index &calls();
  /// The elements the calls of its function make the cuda::atomic_ref
  /// parameter \p Param on.
  void atomicRefBindings(const clang::ParmVarDecl *Param,
                         ReferenceBindings &Out);
  clang::ASTContext &Ctx;
  std::unique_ptr<Index> Calls;
};

} // namespace bankfix

#endif // BANKFIX_REFERENCEBINDINGS_H
