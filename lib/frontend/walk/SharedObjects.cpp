// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SharedObjects.cpp - Where pointers and lvalues into shared memory go=//
//
// Follows shared memory through the forms real code reaches it by: array
// decay and row decay (`tile[y]`), `&a[i][j]`, `p + k`, `p[i]`, `*p`,
// members (`sm.a[i]`, `p->x`), casts (`reinterpret_cast<float4 *>`, C
// casts, `volatile`), pointer and reference variables, and the results of
// calls walked where they are made (`SharedMemory<T>()`). A place is the
// __shared__ variable, a byte offset into it per lane, and the type there.
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/Walker.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;

namespace bankfix {
namespace walk {

namespace {

constexpr IntType OffsetType = {64, true, false};

LaneExprPtr add(LaneExprPtr A, LaneExprPtr B) {
  return LaneExpr::binary(BinaryOp::Add, A, B, OffsetType);
}

bool isVolatile(QualType T) { return T.isVolatileQualified(); }

} // namespace

const Expr *skipWrappers(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *F = dyn_cast<FullExpr>(E))
      E = F->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else
      return E;
  }
}

std::optional<SharedObject> Walker::boundObject(const VarDecl *V) const {
  auto It = Pointers.find(V);
  if (It == Pointers.end())
    return std::nullopt;
  return SharedObject{It->second.Root, pointerOffset(V), It->second.Type,
                      It->second.Volatile};
}

LaneExprPtr Walker::pointerOffset(const VarDecl *V) const {
  if (LaneExprPtr Offset = Values.lookup(V))
    return Offset;
  return LaneExpr::unknown(V->getNameAsString(), "has no known value here");
}

LaneExprPtr Walker::offsetInElements(LaneExprPtr Index, QualType Element) {
  Element = Element.getCanonicalType();
  uint64_t Size = Element->isVoidType() || Element->isIncompleteType()
                      ? 1
                      : Ctx.getTypeSizeInChars(Element).getQuantity();
  return LaneExpr::binary(BinaryOp::Mul, LaneExpr::cast(Index, OffsetType),
                          LaneExpr::constant(int64_t(Size), OffsetType),
                          OffsetType);
}

std::optional<SharedObject> Walker::objectOf(const Expr *E) {
  E = skipWrappers(E);
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
    if (C->getCastKind() == CK_NoOp)
      return objectOf(C->getSubExpr());
  // A base class's part of the object (`storage.Alias()` where Alias is a
  // member of the base).
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E);
      C && (C->getCastKind() == CK_DerivedToBase ||
            C->getCastKind() == CK_UncheckedDerivedToBase)) {
    std::optional<SharedObject> P = objectOf(C->getSubExpr());
    if (!P || !toBase(*C, *P))
      return std::nullopt;
    P->Type = C->getType();
    return P;
  }
  // `reinterpret_cast<T &>(storage)`: the same place seen as a T (a
  // library's raw TempStorage and its Alias()); `static_cast<T &&>(x)`
  // (std::forward, std::move) and `const_cast<T &>(x)`: x.
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E);
      C &&
      (C->getCastKind() == CK_LValueBitCast || C->getCastKind() == CK_NoOp)) {
    std::optional<SharedObject> P = objectOf(C->getSubExpr());
    if (P) {
      P->Type = C->getType();
      P->Volatile = P->Volatile || isVolatile(P->Type);
    }
    return P;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V)
      return std::nullopt;
    if (V->hasAttr<CUDASharedAttr>() && !V->isInvalidDecl())
      return SharedObject{V, LaneExpr::constant(0, OffsetType), V->getType(),
                          isVolatile(V->getType())};
    if (!V->getType()->isReferenceType())
      return std::nullopt;
    return boundObject(V);
  }
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
    std::optional<SharedObject> P = pointeeOf(S->getBase());
    if (!P)
      return std::nullopt;
    QualType T = S->getType();
    return SharedObject{
        P->Root, add(P->Offset, offsetInElements(translate(S->getIdx()), T)), T,
        P->Volatile || isVolatile(T)};
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() != UO_Deref)
      return std::nullopt;
    std::optional<SharedObject> P = pointeeOf(U->getSubExpr());
    if (P)
      P->Type = U->getType();
    return P;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    // A reference field of an object the walk knows.
    if (Field && Field->getType()->isReferenceType())
      return fieldPlace(M);
    // A union's members all start at its start (getFieldOffset says 0):
    // the TempStorage unions block primitives share memory through.
    if (!Field || Field->isBitField() || Field->getParent()->isInvalidDecl())
      return std::nullopt;
    std::optional<SharedObject> P =
        M->isArrow() ? pointeeOf(M->getBase()) : objectOf(M->getBase());
    if (!P)
      return std::nullopt;
    int64_t Offset = int64_t(Ctx.getFieldOffset(Field) / Ctx.getCharWidth());
    return SharedObject{P->Root,
                        add(P->Offset, LaneExpr::constant(Offset, OffsetType)),
                        M->getType(), P->Volatile || isVolatile(M->getType())};
  }
  if (isa<CallExpr>(E)) {
    auto It = CallObjects.find(E);
    if (It != CallObjects.end())
      return It->second;
  }
  return std::nullopt;
}

std::optional<SharedObject> Walker::pointeeOf(const Expr *E) {
  E = skipWrappers(E);
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = C->getSubExpr();
    switch (C->getCastKind()) {
    case CK_ArrayToPointerDecay: {
      std::optional<SharedObject> P = objectOf(Sub);
      if (!P)
        return std::nullopt;
      if (const ArrayType *AT = Ctx.getAsArrayType(P->Type))
        P->Type = AT->getElementType();
      return P;
    }
    case CK_LValueToRValue: {
      // A pointer field (not a reference to a pointer: that names the
      // pointer's own place).
      if (const auto *M = dyn_cast<MemberExpr>(Sub->IgnoreParens())) {
        const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
        return F && F->getType()->isPointerType() ? fieldPlace(M)
                                                  : std::nullopt;
      }
      const auto *Ref = dyn_cast<DeclRefExpr>(Sub->IgnoreParens());
      const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (!V || V->getType()->isReferenceType())
        return std::nullopt;
      return boundObject(V);
    }
    case CK_NoOp:
    case CK_BitCast:
    case CK_AddressSpaceConversion: {
      std::optional<SharedObject> P = pointeeOf(Sub);
      if (!P || !C->getType()->isPointerType())
        return std::nullopt;
      P->Type = C->getType()->getPointeeType();
      P->Volatile = P->Volatile || isVolatile(P->Type);
      return P;
    }
    case CK_UserDefinedConversion:
      return pointeeOf(Sub);
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase: {
      std::optional<SharedObject> P = pointeeOf(Sub);
      if (!P || !C->getType()->isPointerType() || !toBase(*C, *P))
        return std::nullopt;
      P->Type = C->getType()->getPointeeType();
      return P;
    }
    default:
      return std::nullopt;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_AddrOf)
      return objectOf(U->getSubExpr());
    return std::nullopt;
  }
  // The object a member function runs on, when it is in shared memory
  // (`tile.at(r, c)` on a __shared__ struct).
  if (const auto *This = dyn_cast<CXXThisExpr>(E)) {
    const CallFrame *F = Constructing ? nullptr : frameOfThis(*This);
    return F ? F->ThisPlace : std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub)
      return std::nullopt;
    bool LeftPointer = B->getLHS()->getType()->isPointerType();
    const Expr *Ptr = LeftPointer ? B->getLHS() : B->getRHS();
    const Expr *Int = LeftPointer ? B->getRHS() : B->getLHS();
    if (!Int->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    std::optional<SharedObject> P = pointeeOf(Ptr);
    if (!P)
      return std::nullopt;
    LaneExprPtr Step = offsetInElements(translate(Int), P->Type);
    P->Offset = LaneExpr::binary(B->getOpcode() == BO_Add ? BinaryOp::Add
                                                          : BinaryOp::Sub,
                                 P->Offset, Step, OffsetType);
    return P;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    std::optional<SharedObject> T = pointeeOf(CO->getTrueExpr());
    std::optional<SharedObject> F = pointeeOf(CO->getFalseExpr());
    if (!T || !F || T->Root != F->Root ||
        T->Type.getCanonicalType() != F->Type.getCanonicalType())
      return std::nullopt;
    T->Offset = LaneExpr::conditional(translate(CO->getCond()), T->Offset,
                                      F->Offset, OffsetType);
    T->Volatile = T->Volatile || F->Volatile;
    return T;
  }
  if (isa<CallExpr>(E)) {
    auto It = CallObjects.find(E);
    if (It != CallObjects.end())
      return It->second;
  }
  return std::nullopt;
}

bool Walker::toBase(const CastExpr &C, SharedObject &P) {
  QualType From = C.getSubExpr()->getType();
  if (const auto *Pointer = From->getAs<PointerType>())
    From = Pointer->getPointeeType();
  const CXXRecordDecl *Class = From->getAsCXXRecordDecl();
  int64_t Bytes = 0;
  for (const CXXBaseSpecifier *Base : C.path()) {
    const CXXRecordDecl *To = Base->getType()->getAsCXXRecordDecl();
    // A virtual base's place is read from the object at run time.
    if (Base->isVirtual()) {
      remark(C.getBeginLoc(),
             "'" + P.Root->getNameAsString() +
                 "' is seen here as its virtual base '" +
                 Base->getType().getUnqualifiedType().getAsString(
                     Ctx.getPrintingPolicy()) +
                 "', whose place in the object is read at run time: the "
                 "accesses through it are not judged");
      return false;
    }
    if (!Class || !To || Class->isInvalidDecl())
      return false;
    Bytes += Ctx.getASTRecordLayout(Class).getBaseClassOffset(To).getQuantity();
    Class = To;
  }
  P.Offset = add(P.Offset, LaneExpr::constant(Bytes, OffsetType));
  return true;
}

void Walker::bindPointer(const VarDecl *V,
                         const std::optional<SharedObject> &Place) {
  if (!Place) {
    if (Pointers.erase(V))
      Values.erase(V);
    return;
  }
  Pointers[V] = {Place->Root, Place->Type, Place->Volatile};
  Values[V] = Place->Offset;
}

void Walker::movePointer(const VarDecl *V, LaneExprPtr Elements) {
  auto It = Pointers.find(V);
  if (It == Pointers.end())
    return;
  Values[V] =
      add(pointerOffset(V), offsetInElements(Elements, It->second.Type));
}

} // namespace walk
} // namespace bankfix
