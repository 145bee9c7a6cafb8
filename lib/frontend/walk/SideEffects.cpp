// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SideEffects.cpp - What an expression assigns to local variables ----===//
//
// Updates the walk's local values for the assignments, increments and
// escapes in one expression, in evaluation order (children first).
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/Walker.h"

#include "llvm/Support/Regex.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace bankfix {
namespace walk {

namespace {

std::optional<BinaryOp> compoundOp(BinaryOperatorKind K) {
  static const std::pair<BinaryOperatorKind, BinaryOp> Ops[] = {
      {BO_AddAssign, BinaryOp::Add}, {BO_SubAssign, BinaryOp::Sub},
      {BO_MulAssign, BinaryOp::Mul}, {BO_DivAssign, BinaryOp::Div},
      {BO_RemAssign, BinaryOp::Rem}, {BO_ShlAssign, BinaryOp::Shl},
      {BO_ShrAssign, BinaryOp::Shr}, {BO_AndAssign, BinaryOp::And},
      {BO_OrAssign, BinaryOp::Or},   {BO_XorAssign, BinaryOp::Xor}};
  for (const auto &[Kind, Op] : Ops)
    if (Kind == K)
      return Op;
  return std::nullopt;
}

class SideEffects : public RecursiveASTVisitor<SideEffects> {
public:
  explicit SideEffects(Walker &W) : W(W), Values(W.values()) {}
  bool shouldTraversePostOrder() const { return true; }
  bool TraverseLambdaExpr(LambdaExpr *, DataRecursionQueue * = nullptr) {
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (const VarDecl *L = W.leaderScalar(B->getLHS());
        L && B->isAssignmentOp()) {
      Values[L] = W.leaderWrite(L, B);
      return true;
    }
    const VarDecl *V = localVariable(B->getLHS());
    if (!V && B->getOpcode() == BO_Assign &&
        B->getLHS()->getType()->isPointerType())
      notePointerKept(B);
    if (!V || !B->isAssignmentOp())
      return true;
    if (V->getType()->isPointerType()) {
      assignPointer(V, B);
      return true;
    }
    if (!V->getType()->isIntegralOrEnumerationType()) {
      Values.erase(V);
      return true;
    }
    IntType T = W.intTypeOf(V->getType());
    LaneExprPtr RHS = W.translate(B->getRHS());
    if (B->getOpcode() != BO_Assign) {
      const auto *CA = cast<CompoundAssignOperator>(B);
      IntType Computation = W.intTypeOf(CA->getComputationResultType());
      LaneExprPtr Old = W.translate(B->getLHS());
      if (std::optional<BinaryOp> Op = compoundOp(B->getOpcode()))
        RHS = LaneExpr::binary(*Op, LaneExpr::cast(Old, Computation),
                               LaneExpr::cast(RHS, Computation), Computation);
    }
    Values[V] = W.assignedValue(LaneExpr::cast(RHS, T));
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (const VarDecl *L = W.leaderScalar(U->getSubExpr());
        L && U->isIncrementDecrementOp()) {
      Values[L] = W.leaderWrite(L, U);
      return true;
    }
    const VarDecl *V = localVariable(U->getSubExpr());
    if (!V)
      return true;
    if (U->getOpcode() == UO_AddrOf) {
      if (W.isSharedPointer(V))
        W.bindPointer(V, std::nullopt);
      Values[V] =
          LaneExpr::unknown(V->getNameAsString(), "has its address taken");
    } else if (U->isIncrementDecrementOp() && W.isSharedPointer(V)) {
      W.movePointer(V, LaneExpr::constant(U->isIncrementOp() ? 1 : -1));
    } else if (U->isIncrementDecrementOp()) {
      if (!V->getType()->isIntegralOrEnumerationType()) {
        Values.erase(V);
        return true;
      }
      IntType T = W.intTypeOf(V->getType());
      Values[V] = W.assignedValue(LaneExpr::binary(
          U->isIncrementOp() ? BinaryOp::Add : BinaryOp::Sub,
          W.translate(U->getSubExpr()), LaneExpr::constant(1, T), T));
    }
    return true;
  }
  /// An inline assembly statement's outputs: the lane's index in its warp
  /// for `mov.u32 %0, %%laneid;` (how libraries read it), else not known.
  bool VisitGCCAsmStmt(GCCAsmStmt *A) {
    static const llvm::Regex LaneId(
        "^[[:space:]]*mov\\.u32[[:space:]]+%0[[:space:]]*,[[:space:]]*%%laneid["
        "[:space:]]*;?[[:space:]]*$");
    bool ReadsLaneId =
        A->getNumOutputs() == 1 && LaneId.match(A->getAsmString());
    for (unsigned I = 0; I < A->getNumOutputs(); ++I) {
      const VarDecl *V = localVariable(A->getOutputExpr(I));
      if (!V)
        continue;
      if (W.isSharedPointer(V))
        W.bindPointer(V, std::nullopt);
      if (ReadsLaneId && V->getType()->isIntegralOrEnumerationType())
        Values[V] = W.assignedValue(
            LaneExpr::cast(W.laneInWarp(), W.intTypeOf(V->getType())));
      else
        Values[V] = LaneExpr::unknown(V->getNameAsString(),
                                      "is written by inline assembly");
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      const VarDecl *V = localVariable(C->getArg(I));
      if (V && Values.count(V) && callMayWriteArgument(C, I))
        Values[V] =
            LaneExpr::unknown(V->getNameAsString(), "may be changed by a call");
    }
    return true;
  }

private:
  /// A pointer into shared memory stored where the walk does not follow
  /// it (an element of an array of pointers, a field, a global): the
  /// accesses made through it are not judged, which a remark says.
  void notePointerKept(const BinaryOperator *B) {
    std::optional<SharedObject> P = W.pointeeOf(B->getRHS());
    if (!P)
      return;
    W.remark(B->getBeginLoc(),
             "a pointer into '" + P->Root->getNameAsString() +
                 "' is stored where bankfix does not follow it (an array "
                 "of pointers, a field or a global): the shared accesses "
                 "made through it are not judged");
  }

  /// `p = q + 1`, `p += k`, `p -= k` on a pointer variable.
  void assignPointer(const VarDecl *V, const BinaryOperator *B) {
    switch (B->getOpcode()) {
    case BO_Assign:
      W.bindPointer(V, W.pointeeOf(B->getRHS()));
      return;
    case BO_AddAssign:
      W.movePointer(V, W.translate(B->getRHS()));
      return;
    case BO_SubAssign:
      W.movePointer(V, LaneExpr::unary(UnaryOp::Minus,
                                       LaneExpr::cast(W.translate(B->getRHS()),
                                                      IntType::longTy()),
                                       IntType::longTy()));
      return;
    default:
      W.bindPointer(V, std::nullopt);
    }
  }

  Walker &W;
  LocalValues &Values;
};

} // namespace

void Walker::applySideEffects(const Stmt *S) {
  if (S)
    SideEffects(*this).TraverseStmt(const_cast<Stmt *>(S));
}

} // namespace walk
} // namespace bankfix
