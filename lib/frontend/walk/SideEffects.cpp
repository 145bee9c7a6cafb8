// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SideEffects.cpp - What an expression assigns to local variables ----===//
//
// Updates the walk's local values for the assignments, increments and
// escapes in one expression, in evaluation order (children first).
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/Walker.h"

#include "clang/AST/ExprCXX.h"

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
    const VarDecl *V = localVariable(B->getLHS());
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
