// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- StaticSharedOffsets.cpp - Where ptxas puts a kernel's arrays -------===//

#include "frontend/analysis/StaticSharedOffsets.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

#include <vector>

using namespace clang;

namespace bankfix {

namespace {

bool isShared(const VarDecl &V) { return V.hasAttr<CUDASharedAttr>(); }

/// The kernel's own __shared__ declarations in order, the variables it
/// names, and whether it reaches shared memory declared elsewhere.
class Survey : public DynamicRecursiveASTVisitor {
public:
  Survey(ASTContext &Ctx, const FunctionDecl &Kernel)
      : Ctx(Ctx), Kernel(Kernel) {}

  bool VisitVarDecl(VarDecl *V) override {
    if (isShared(*V)) {
      if (V->getDeclContext() == &Kernel)
        Declared.push_back(V);
      else
        Foreign = true;
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) override {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (V && isShared(*V)) {
      ++Names[V];
      if (V->getDeclContext() != &Kernel)
        Foreign = true;
    }
    return true;
  }

  /// `a[K]` with K a constant: one use of `a` that an optimizer may turn
  /// into a scalar of its own.
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) override {
    const auto *Ref =
        dyn_cast<DeclRefExpr>(E->getBase()->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (V && isShared(*V) && !E->getIdx()->isValueDependent() &&
        E->getIdx()->isIntegerConstantExpr(Ctx))
      ++ConstantNames[V];
    return true;
  }

  /// Named only as `a[K]` (a one-dimensional array): LLVM's global
  /// scalar replacement may split it into scalars placed after the other
  /// arrays (measured: `char one[1]` used as `one[0]` went after a later
  /// short array).
  bool mayBeSplit(const VarDecl *V) const {
    const auto *AT = Ctx.getAsConstantArrayType(V->getType());
    return AT && !AT->getElementType()->isArrayType() &&
           ConstantNames.lookup(V) == Names.lookup(V);
  }

  bool VisitCallExpr(CallExpr *C) override {
    const FunctionDecl *Callee = C->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (Callee && Callee->hasBody(Def) && Visited.insert(Def).second)
      TraverseStmt(Def->getBody()); // its __shared__ arrays are foreign
    return true;
  }

  ASTContext &Ctx;
  const FunctionDecl &Kernel;
  std::vector<const VarDecl *> Declared;
  llvm::DenseMap<const VarDecl *, unsigned> Names, ConstantNames;
  llvm::DenseSet<const FunctionDecl *> Visited;
  bool Foreign = false;
};

} // namespace

llvm::DenseMap<const VarDecl *, uint64_t>
staticSharedOffsets(ASTContext &Ctx, const FunctionDecl &Kernel) {
  llvm::DenseMap<const VarDecl *, uint64_t> Offsets;
  if (!Kernel.hasAttr<CUDAGlobalAttr>() || !Kernel.hasBody())
    return Offsets;
  Survey S(Ctx, Kernel);
  S.TraverseStmt(Kernel.getBody());
  if (S.Foreign)
    return Offsets;
  uint64_t Next = 0;
  for (const VarDecl *V : S.Declared) {
    QualType T = V->getType();
    if (!S.Names.count(V) || S.mayBeSplit(V) || T->isIncompleteType() ||
        T->isDependentType())
      continue;
    Next = llvm::alignTo(Next, Ctx.getDeclAlign(V).getQuantity());
    Offsets[V] = Next;
    Next += Ctx.getTypeSizeInChars(T).getQuantity();
  }
  return Offsets;
}

} // namespace bankfix
