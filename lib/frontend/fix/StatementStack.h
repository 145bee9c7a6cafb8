// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- StatementStack.h - A visitor that knows a statement's parents ------===//
//
// The fix's checks ask what a use of an array sits in (`&t[0]`, a cast, a
// call's argument). This visitor keeps the statements from the declaration
// being traversed down to the one visited, so that parents are looked up
// there, not in ASTContext's parent map, which would be built over the
// whole translation unit, the toolkit's headers included. A declaration
// pushes a null entry: the statements above it are not its expression's
// parents (`float *p = t[0];`: the initializer's parent is the VarDecl).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_STATEMENTSTACK_H
#define BANKFIX_STATEMENTSTACK_H

#include "clang/AST/DynamicRecursiveASTVisitor.h"

#include <vector>

namespace bankfix {

class StatementStackVisitor : public clang::DynamicRecursiveASTVisitor {
public:
  bool dataTraverseStmtPre(clang::Stmt *S) override {
    Stack.push_back(S);
    return true;
  }
  bool dataTraverseStmtPost(clang::Stmt *) override {
    Stack.pop_back();
    return true;
  }

protected:
  /// Traverses \p D below a null entry (see above).
  bool traverseDeclBelowNull(clang::Decl *D) {
    Stack.push_back(nullptr);
    bool Result = clang::DynamicRecursiveASTVisitor::TraverseDecl(D);
    Stack.pop_back();
    return Result;
  }

  std::vector<const clang::Stmt *> Stack;
};

} // namespace bankfix

#endif // BANKFIX_STATEMENTSTACK_H
