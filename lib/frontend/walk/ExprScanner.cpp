// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExprScanner.cpp - The shared accesses of one expression ------------===//
//
// Finds the loads and stores of shared elements in one expression, with the
// conditions of the ?:, && and || around them, and hands each to the walk.
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/SpeculableCode.h"
#include "frontend/walk/Walker.h"

#include "clang/AST/ExprCXX.h"

#include <functional>

using namespace clang;

namespace bankfix {
namespace walk {

namespace {

class ExprScanner : public DynamicRecursiveASTVisitor {
  using Base = DynamicRecursiveASTVisitor;

public:
  explicit ExprScanner(Walker &W) : W(W) {}

  bool TraverseConditionalOperator(ConditionalOperator *C) override {
    if (!WalkUpFromConditionalOperator(C) || !TraverseStmt(C->getCond()))
      return false;
    LaneExprPtr Cond = W.translate(C->getCond());
    if (!under(Cond, C->getTrueExpr()) ||
        !under(negation(Cond), C->getFalseExpr()))
      return false;
    branches(C->getTrueExpr(), C->getFalseExpr());
    return true;
  }
  bool TraverseBinaryOperator(BinaryOperator *B) override {
    if (B->isAssignmentOp())
      return assignment(B);
    if (!B->isLogicalOp()) {
      if (!Base::TraverseBinaryOperator(B))
        return false;
      // IEEE division of floating-point values takes a slow path through
      // a branch in nvcc's code: a merge across it is undecided.
      if (B->getOpcode() == BO_Div && B->getType()->isRealFloatingType())
        W.noteMaySplit("a floating-point division runs between them",
                       /*MayWrite=*/false);
      return true;
    }
    if (!WalkUpFromBinaryOperator(B) || !TraverseStmt(B->getLHS()))
      return false;
    LaneExprPtr L = W.translate(B->getLHS());
    if (!under(B->getOpcode() == BO_LAnd ? L : negation(L), B->getRHS()))
      return false;
    branches(B->getRHS(), nullptr);
    return true;
  }
  bool TraverseCompoundAssignOperator(CompoundAssignOperator *B) override {
    if (!assignment(B))
      return false;
    if (B->getOpcode() == BO_DivAssign &&
        B->getComputationResultType()->isRealFloatingType())
      W.noteMaySplit("a floating-point division runs between them",
                     /*MayWrite=*/false);
    return true;
  }
  // A lambda's body is not run where it is written.
  bool TraverseLambdaExpr(LambdaExpr *) override { return true; }
  // A call runs after its arguments: walk the callee then.
  bool TraverseCallExpr(CallExpr *C) override {
    W.noteNarrowedArguments(C);
    return Base::TraverseCallExpr(C) && called(C);
  }
  bool TraverseCXXMemberCallExpr(CXXMemberCallExpr *C) override {
    W.noteNarrowedArguments(C);
    return Base::TraverseCXXMemberCallExpr(C) && called(C);
  }
  bool TraverseCXXOperatorCallExpr(CXXOperatorCallExpr *C) override {
    W.noteNarrowedArguments(C);
    return Base::TraverseCXXOperatorCallExpr(C) && called(C);
  }

  // `new (p) T(v)`: the store happens after its operands are evaluated.
  bool TraverseCXXNewExpr(CXXNewExpr *N) override {
    if (!Base::TraverseCXXNewExpr(N))
      return false;
    W.recordPlacementNew(N);
    return true;
  }

  // A load happens after its operands are evaluated: a call in its index
  // is inlined (its value known) first.
  bool TraverseImplicitCastExpr(ImplicitCastExpr *C) override {
    if (C->getCastKind() != CK_LValueToRValue)
      return Base::TraverseImplicitCastExpr(C);
    if (!TraverseStmt(C->getSubExpr()))
      return false;
    W.record(C->getSubExpr(), AccessKind::Load);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) override {
    if (U->isIncrementDecrementOp()) {
      W.record(U->getSubExpr(), AccessKind::Load);
      W.record(U->getSubExpr(), AccessKind::Store);
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) override {
    // Copying a struct or vector element out of the array.
    if (C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor())
      W.record(C->getArg(0), AccessKind::Load);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) override {
    // A whole-object copy, unless the walk follows the operator's body,
    // whose own loads and stores are the copy (`__half2::operator=`).
    if (C->getOperator() == OO_Equal && C->getNumArgs() == 2 &&
        !W.walksCall(C)) {
      W.record(C->getArg(1), AccessKind::Load);
      W.record(C->getArg(0), AccessKind::Store);
    }
    return true;
  }

private:
  // An assignment runs its right operand first (C++17), then reads the
  // left one (compound forms) and stores it.
  bool assignment(BinaryOperator *B) {
    if (!TraverseStmt(B->getRHS()) || !TraverseStmt(B->getLHS()))
      return false;
    if (B->isCompoundAssignmentOp())
      W.record(B->getLHS(), AccessKind::Load);
    W.record(B->getLHS(), AccessKind::Store);
    return true;
  }
  bool called(const CallExpr *C) {
    W.inlineCall(C);
    return true;
  }
  /// An operand of ?:, && or || that does more than compute values (a
  /// read of global memory, `n > 0 ? in[i] : 0.0f`) stays a branch in
  /// nvcc's code: no access merges across it (measured: the stores of
  /// `s[2 * t] = ...; s[2 * t + 1] = ...;` each with such a value are two
  /// 4-byte stores on the H200).
  void branches(const Expr *A, const Expr *B) {
    if ((A && !onlyComputesValues(A)) || (B && !onlyComputesValues(B)))
      W.noteBarrier();
  }
  bool under(LaneExprPtr Cond, Stmt *S) {
    W.pushGuard(std::move(Cond), onlyComputesValues(S));
    bool Result = TraverseStmt(S);
    W.popGuard();
    return Result;
  }
  Walker &W;
};

} // namespace

void Walker::record(const Expr *E, AccessKind Kind) {
  WalkedAccess A;
  // The textbook form, `a[i][j]`, with one index per dimension; else
  // through a pointer, a reference, a member or a cast: a byte offset.
  if (!elementAccess(A, E)) {
    std::optional<SharedObject> P = objectOf(E);
    if (!P || !flatAccess(A, E, E->getType(), *P))
      return;
  }
  if (Kind == AccessKind::Load) {
    auto It = NarrowedLoads.find(E->IgnoreParens());
    if (It != NarrowedLoads.end()) {
      const NarrowedLoad &N = It->second;
      A.Narrowed = true;
      A.NarrowedTwice = N.TwoLoads;
      if (N.TwoLoads.empty()) {
        A.Element.Width = N.Width;
        if (A.FlatBytes)
          A.Indices[0] =
              LaneExpr::binary(BinaryOp::Add, A.Indices[0],
                               LaneExpr::constant(N.Offset, A.Indices[0]->Type),
                               A.Indices[0]->Type);
        else
          A.Element.ByteOffset += N.Offset;
      }
    }
  }
  emit(std::move(A), Kind);
}

void Walker::recordPlacementNew(const CXXNewExpr *N) {
  QualType T = N->getAllocatedType();
  const FunctionDecl *New = N->getOperatorNew();
  if (New && !New->isReservedGlobalPlacementOperator() &&
      N->getNumPlacementArgs() > 0) {
    // A placement new of the user's own (an arena's): where it puts the
    // object is its code's choice, which the walk does not follow.
    std::function<const VarDecl *(const Stmt *)> SharedIn =
        [&](const Stmt *S) -> const VarDecl * {
      if (const auto *E = dyn_cast_or_null<Expr>(S))
        if (const VarDecl *Root = sharedRootPassed(E))
          return Root;
      for (const Stmt *Child :
           S ? S->children() : Stmt::const_child_range(nullptr, nullptr))
        if (const VarDecl *Root = SharedIn(Child))
          return Root;
      return nullptr;
    };
    for (const Expr *Arg : N->placement_arguments())
      if (const VarDecl *Root = SharedIn(Arg)) {
        remark(N->getBeginLoc(),
               "'" + Root->getNameAsString() +
                   "' is passed to a placement new of its own operator, "
                   "whose choice of place bankfix does not follow: the store "
                   "it makes is not judged");
        return;
      }
  }
  if (!New || !New->isReservedGlobalPlacementOperator() || N->isArray() ||
      !N->hasInitializer() || !T.isTriviallyCopyableType(Ctx))
    return;
  std::optional<SharedObject> P = pointeeOf(N->getPlacementArg(0));
  WalkedAccess A;
  if (P && flatAccess(A, N, T, *P))
    emit(std::move(A), AccessKind::Store);
}

bool Walker::elementAccess(WalkedAccess &A, const Expr *E) {
  std::optional<ElementAccess> Element = matchElementAccess(Ctx, E);
  if (!Element)
    return false;
  A.Element = *Element;
  for (const Expr *I : Element->Indices)
    A.Indices.push_back(translate(I));
  A.Volatile = Element->Array->getType().isVolatileQualified();
  return true;
}

bool Walker::flatAccess(WalkedAccess &A, const Expr *Top, QualType T,
                        const SharedObject &P) {
  if (Top->isInstantiationDependent() || T->isArrayType() ||
      T->isIncompleteType() || T->isDependentType())
    return false;
  A.Element.Top = Top->IgnoreParens();
  A.Element.Array = P.Root;
  A.Element.Width = Ctx.getTypeSizeInChars(T).getQuantity();
  A.Element.Alignment = Ctx.getTypeAlignInChars(T).getQuantity();
  A.Indices.push_back(P.Offset);
  A.FlatBytes = true;
  A.Volatile = P.Volatile || T.isVolatileQualified();
  return true;
}

void Walker::emit(WalkedAccess A, AccessKind Kind) {
  A.Kind = Kind;
  A.Guard = guard();
  A.Speculable = Kind == AccessKind::Load && !A.Volatile &&
                 A.Instruction.empty() && underSpeculableGuard();
  A.Iteration = Iteration;
  for (const CallFrame &F : Frames)
    A.Calls.push_back(F.Call);
  if (const auto *Entry = userEntry(A.Element.Top->getBeginLoc())) {
    A.EnteredAt = Entry->first;
    A.Entered = Entry->second;
  }
  A.Region = Region;
  A.Sequence = Sequence++;
  A.SoftRegion = SoftRegion;
  A.SoftBreak = SoftBreak;
  A.WriteRegion = WriteRegion;
  A.CompiledOnce = CompiledOnceLoops;
  A.OnceLoopSymbols = OnceLoopSymbols;
  A.PowersOfTwoFrom = OncePowersOfTwo;
  A.PowersNeverZero = OncePowersNeverZero;
  A.OverBudget = OverBudget;
  // A volatile access is never merged with another.
  if (A.Volatile)
    ++Region;
  deliver(std::move(A));
}

void Walker::walkExpr(const Expr *E) {
  if (!E)
    return;
  ExprScanner(*this).TraverseStmt(const_cast<Expr *>(E));
  applySideEffects(E);
}

} // namespace walk
} // namespace bankfix
