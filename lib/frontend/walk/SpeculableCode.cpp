// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SpeculableCode.cpp - Conditional code nvcc may run unconditionally -===//

#include "frontend/walk/SpeculableCode.h"

#include "frontend/walk/BuiltinVariables.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace bankfix {

namespace {

/// A local, non-volatile variable of a value type named by \p E.
bool isPlainLocal(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !V->getType()->isReferenceType() &&
         !V->getType().isVolatileQualified();
}

/// An element of a __shared__ array named directly (`s[i][j]`).
bool isSharedElement(const ArraySubscriptExpr *A) {
  const Expr *Base = A->getBase()->IgnoreParenImpCasts();
  while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base))
    Base = Inner->getBase()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && V->hasAttr<CUDASharedAttr>() && V->getType()->isArrayType();
}

/// threadIdx.x, blockDim.y, ...: a property whose getter reads a register.
bool isBuiltinVariable(const PseudoObjectExpr *E) {
  return !builtinVariableName(E).empty();
}

class ValuesOnly : public DynamicRecursiveASTVisitor {
public:
  bool Pure = true;

  bool TraversePseudoObjectExpr(PseudoObjectExpr *E) override {
    return Pure = Pure && isBuiltinVariable(E);
  }

  bool VisitStmt(Stmt *S) override {
    if (isa<Expr>(S) || isa<CompoundStmt>(S) || isa<DeclStmt>(S) ||
        isa<NullStmt>(S))
      return true;
    return Pure = false; // control flow, asm, ...
  }
  bool VisitCallExpr(CallExpr *) override { return Pure = false; }
  bool VisitLambdaExpr(LambdaExpr *) override { return Pure = false; }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) override {
    return Pure = Pure && C->getConstructor()->isTrivial();
  }
  bool VisitVarDecl(VarDecl *V) override {
    return Pure =
               Pure && V->hasLocalStorage() && !V->getType()->isReferenceType();
  }
  bool VisitBinaryOperator(BinaryOperator *B) override {
    if (B->isAssignmentOp() && !isPlainLocal(B->getLHS()))
      Pure = false;
    return Pure;
  }
  bool VisitUnaryOperator(UnaryOperator *U) override {
    if (U->getOpcode() == UO_Deref ||
        (U->isIncrementDecrementOp() && !isPlainLocal(U->getSubExpr())))
      Pure = false;
    return Pure;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) override {
    return Pure = Pure && isSharedElement(A);
  }
  bool VisitMemberExpr(MemberExpr *M) override {
    return Pure = Pure && !M->isArrow();
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) override {
    if (C->getCastKind() == CK_LValueToRValue &&
        C->getSubExpr()->getType().isVolatileQualified())
      Pure = false;
    return Pure;
  }
};

} // namespace

bool onlyComputesValues(const Stmt *S) {
  if (!S)
    return false;
  ValuesOnly V;
  V.TraverseStmt(const_cast<Stmt *>(S));
  return V.Pure;
}

} // namespace bankfix
