// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LeaderScalars.cpp - Shared scalars one thread writes for the block -===//

#include "frontend/walk/LeaderScalars.h"

#include "frontend/walk/BuiltinVariables.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace bankfix {

namespace {

/// threadIdx.x, .y or .z.
bool isThreadIdx(const Expr *E) {
  const auto *P = dyn_cast<PseudoObjectExpr>(E->IgnoreParenImpCasts());
  return P && builtinVariableName(P) == "threadIdx";
}

/// A thread's index in its block or along one dimension: threadIdx.D,
/// `g.thread_rank()`, or a local initialised with one of them.
bool isThreadIndex(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isThreadIdx(E))
    return true;
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
    if (const auto *M = Call->getMethodDecl())
      return M->getIdentifier() && M->getName() == "thread_rank";
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit() &&
             isThreadIndex(V->getInit());
  return false;
}

/// Whether \p Cond holds for at most the thread whose index (along a
/// dimension) is one constant: `threadIdx.x == 0`, `!tid`, `rank == 0 &&
/// x`.
bool isLeaderTest(const ASTContext &Ctx, const Expr *Cond) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond))
    return U->getOpcode() == UO_LNot && isThreadIndex(U->getSubExpr());
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return false;
  if (B->getOpcode() == BO_LAnd)
    return isLeaderTest(Ctx, B->getLHS()) || isLeaderTest(Ctx, B->getRHS());
  if (B->getOpcode() != BO_EQ)
    return false;
  auto Constant = [&](const Expr *E) {
    Expr::EvalResult R;
    return !E->isValueDependent() && E->EvaluateAsInt(R, Ctx);
  };
  return (isThreadIndex(B->getLHS()) && Constant(B->getRHS())) ||
         (isThreadIndex(B->getRHS()) && Constant(B->getLHS()));
}

/// Whether \p Write lies in the then-branch of an `if` with a leader test,
/// outside every loop (a write a loop repeats may follow a read).
bool underLeaderTest(ASTContext &Ctx, const Stmt *Write) {
  DynTypedNode Node = DynTypedNode::create(*Write);
  const Stmt *Child = Write;
  bool Led = false;
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return Led;
    const Stmt *Parent = Parents[0].get<Stmt>();
    if (!Parent)
      return Led;
    if (isa<ForStmt>(Parent) || isa<WhileStmt>(Parent) || isa<DoStmt>(Parent) ||
        isa<CXXForRangeStmt>(Parent))
      return false;
    if (const auto *If = dyn_cast<IfStmt>(Parent))
      if (If->getThen() == Child && If->getCond() &&
          isLeaderTest(Ctx, If->getCond()))
        Led = true;
    Child = Parent;
    Node = Parents[0];
  }
}

/// Each use of the candidate scalars: a read, or a write by a leader.
class Uses : public RecursiveASTVisitor<Uses> {
public:
  Uses(ASTContext &Ctx, llvm::DenseMap<const VarDecl *, bool> &Qualifies)
      : Ctx(Ctx), Qualifies(Qualifies) {}

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    auto It = V ? Qualifies.find(V) : Qualifies.end();
    if (It == Qualifies.end() || !It->second)
      return true;
    bool Read = false;
    It->second = isReadOrLeaderWrite(Ref, Read);
    // Every write before every read, in the order of the source: the
    // reads see one value (a read between two writes would see another).
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation At = Ref->getBeginLoc();
    SourceLocation &FirstRead = FirstReads[V], &LastWrite = LastWrites[V];
    if (Read &&
        (FirstRead.isInvalid() || SM.isBeforeInTranslationUnit(At, FirstRead)))
      FirstRead = At;
    if (!Read &&
        (LastWrite.isInvalid() || SM.isBeforeInTranslationUnit(LastWrite, At)))
      LastWrite = At;
    if (FirstRead.isValid() && LastWrite.isValid() &&
        SM.isBeforeInTranslationUnit(FirstRead, LastWrite))
      It->second = false;
    return true;
  }

private:
  bool isReadOrLeaderWrite(const DeclRefExpr *Ref, bool &Read) {
    const Stmt *Use = Ref;
    DynTypedNodeList Parents = Ctx.getParents(*Use);
    while (!Parents.empty() && Parents[0].get<ParenExpr>()) {
      Use = Parents[0].get<ParenExpr>();
      Parents = Ctx.getParents(*Use);
    }
    if (Parents.empty())
      return false;
    if (const auto *Cast = Parents[0].get<ImplicitCastExpr>())
      return Read = Cast->getCastKind() == CK_LValueToRValue;
    if (const auto *B = Parents[0].get<BinaryOperator>())
      return B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Ref &&
             underLeaderTest(Ctx, B);
    if (const auto *U = Parents[0].get<UnaryOperator>())
      return U->isIncrementDecrementOp() && underLeaderTest(Ctx, U);
    return false;
  }

  ASTContext &Ctx;
  llvm::DenseMap<const VarDecl *, bool> &Qualifies;
  llvm::DenseMap<const VarDecl *, SourceLocation> FirstReads, LastWrites;
};

/// The candidates: integer scalars declared __shared__ in a body.
class Declared : public RecursiveASTVisitor<Declared> {
public:
  explicit Declared(std::vector<const VarDecl *> &Out) : Out(Out) {}
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasAttr<CUDASharedAttr>() &&
        V->getType()->isIntegralOrEnumerationType())
      Out.push_back(V);
    return true;
  }

private:
  std::vector<const VarDecl *> &Out;
};

} // namespace

std::vector<const VarDecl *>
leaderWrittenScalars(ASTContext &Ctx, const FunctionDecl &Function) {
  std::vector<const VarDecl *> Order;
  llvm::DenseMap<const VarDecl *, bool> Qualifies;
  const Stmt *Body = Function.getBody();
  if (!Body)
    return Order;
  Declared(Order).TraverseStmt(const_cast<Stmt *>(Body));
  for (const VarDecl *V : Order)
    Qualifies[V] = true;
  Uses(Ctx, Qualifies).TraverseStmt(const_cast<Stmt *>(Body));
  std::vector<const VarDecl *> Out;
  // Named as it is in messages: a parameter of the same name would be
  // taken for the same value.
  auto Shadows = [&](const VarDecl *V) {
    for (const ParmVarDecl *P : Function.parameters())
      if (P->getName() == V->getName())
        return true;
    return false;
  };
  for (const VarDecl *V : Order)
    if (Qualifies[V] && !Shadows(V))
      Out.push_back(V);
  return Out;
}

} // namespace bankfix
