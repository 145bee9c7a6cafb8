// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ElementAccess.cpp - Is this expression an element of a shared array? =//

#include "frontend/walk/ElementAccess.h"

#include "clang/AST/Attr.h"

using namespace clang;

namespace bankfix {

static const Expr *stripParensAndNoOps(const Expr *E) {
  while (true) {
    if (const auto *P = dyn_cast<ParenExpr>(E)) {
      E = P->getSubExpr();
      continue;
    }
    if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
      if (C->getCastKind() == CK_NoOp ||
          C->getCastKind() == CK_ArrayToPointerDecay) {
        E = C->getSubExpr();
        continue;
      }
    return E;
  }
}

/// The alignment an `__align__(N)` (aligned attribute) on \p V asks for, in
/// bytes; 0 without one (the element type's own alignment is not a
/// declared one: nvcc merges bytes only under an explicit alignment).
static uint64_t declaredAlignment(const ASTContext &Ctx, const VarDecl &V) {
  if (!V.hasAttr<AlignedAttr>())
    return 0;
  return V.getMaxAlignment() / Ctx.getCharWidth();
}

std::optional<SharedArrayLayout> sharedArrayLayout(ASTContext &Ctx,
                                                   const VarDecl &V) {
  QualType T = V.getType();
  if (T->isDependentType())
    return std::nullopt;
  SharedArrayLayout Layout;
  Layout.Name = V.getNameAsString();
  if (!T->isArrayType()) {
    // A struct or scalar variable: one element, reached by byte offsets.
    if (T->isIncompleteType())
      return std::nullopt;
    Layout.Dims = {1};
    Layout.ElementSize = Ctx.getTypeSizeInChars(T).getQuantity();
    Layout.DeclaredAlignment = declaredAlignment(Ctx, V);
    return Layout;
  }
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    if (const auto *C = dyn_cast<ConstantArrayType>(AT))
      Layout.Dims.push_back(C->getZExtSize());
    else if (isa<IncompleteArrayType>(AT) && Layout.Dims.empty())
      Layout.Dims.push_back(0);
    else
      return std::nullopt;
    T = AT->getElementType();
  }
  if (T->isIncompleteType() || T->isDependentType())
    return std::nullopt;
  Layout.ElementSize = Ctx.getTypeSizeInChars(T).getQuantity();
  Layout.DeclaredAlignment = declaredAlignment(Ctx, V);
  return Layout;
}

std::optional<ElementAccess> matchElementAccess(ASTContext &Ctx,
                                                const Expr *E) {
  if (E->isInstantiationDependent())
    return std::nullopt;
  ElementAccess A;
  A.Top = stripParensAndNoOps(E);
  const Expr *Cur = A.Top;
  while (const auto *M = dyn_cast<MemberExpr>(Cur)) {
    const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (M->isArrow() || !Field || Field->isBitField())
      return std::nullopt;
    A.ByteOffset += Ctx.getFieldOffset(Field) / Ctx.getCharWidth();
    Cur = stripParensAndNoOps(M->getBase());
  }
  while (const auto *S = dyn_cast<ArraySubscriptExpr>(Cur)) {
    A.Indices.insert(A.Indices.begin(), S->getIdx());
    Cur = stripParensAndNoOps(S->getBase());
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Cur);
  A.Ref = Ref;
  A.Array = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!A.Array || !A.Array->hasAttr<CUDASharedAttr>() || A.Indices.empty())
    return std::nullopt;
  // Every dimension indexed: an element, not a row used as a pointer.
  unsigned Rank = 0;
  for (QualType T = A.Array->getType();
       const ArrayType *AT = Ctx.getAsArrayType(T); T = AT->getElementType())
    ++Rank;
  if (Rank != A.Indices.size())
    return std::nullopt;
  QualType T = A.Top->getType();
  if (T->isIncompleteType() || T->isDependentType())
    return std::nullopt;
  A.Width = Ctx.getTypeSizeInChars(T).getQuantity();
  A.Alignment = Ctx.getTypeAlignInChars(T).getQuantity();
  return A;
}

} // namespace bankfix
