// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LeaderScalars.cpp - Shared scalars one thread writes for the block -===//

#include "frontend/walk/LeaderScalars.h"

#include "frontend/walk/BuiltinVariables.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

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

/// The statement each statement of a body lies in, as the AST's parent map
/// has it (null where that is a declaration: a variable's initialiser, a
/// local class's members), made for the bodies asked about only: the
/// AST's own map covers the whole translation unit, the CUDA headers with
/// it, and building it took a seventh of a sorting network's analysis.
class BodyParents : public DynamicRecursiveASTVisitor {
public:
  explicit BodyParents(ASTContext &Ctx) : Ctx(Ctx) {}

  /// The parent of \p S, a statement of the bodies added, or of any other
  /// through the AST's map.
  const Stmt *of(const Stmt *S) {
    auto It = Parent.find(S);
    if (It != Parent.end())
      return It->second;
    DynTypedNodeList Parents = Ctx.getParents(*S);
    return Parents.empty() ? nullptr : Parents[0].get<Stmt>();
  }

  /// Adds \p Body (once).
  void add(const Stmt *Body) {
    if (Body && !Parent.count(Body))
      TraverseStmt(const_cast<Stmt *>(Body));
  }

  bool TraverseStmt(Stmt *S) override {
    if (!S)
      return true;
    Parent[S] = Stack.empty() ? nullptr : Stack.back();
    Stack.push_back(S);
    bool Go = DynamicRecursiveASTVisitor::TraverseStmt(S);
    Stack.pop_back();
    return Go;
  }
  bool TraverseDecl(Decl *D) override {
    Stack.push_back(nullptr);
    bool Go = DynamicRecursiveASTVisitor::TraverseDecl(D);
    Stack.pop_back();
    return Go;
  }

private:
  ASTContext &Ctx;
  llvm::DenseMap<const Stmt *, const Stmt *> Parent;
  std::vector<const Stmt *> Stack;
};

/// Whether \p S lies in a loop of its function.
bool insideLoop(BodyParents &Parents, const Stmt *S) {
  for (const Stmt *Parent = Parents.of(S); Parent; Parent = Parents.of(Parent))
    if (isa<ForStmt>(Parent) || isa<WhileStmt>(Parent) || isa<DoStmt>(Parent) ||
        isa<CXXForRangeStmt>(Parent))
      return true;
  return false;
}

/// Whether \p Write lies in the then-branch of an `if` with a leader test.
/// It may lie in a loop (a block-wide count the leader updates each round):
/// every read still sees the one value the leader last wrote, a value of
/// the symbol, which is judged over all its values.
bool underLeaderTest(ASTContext &Ctx, BodyParents &Parents, const Stmt *Write) {
  bool Led = false;
  for (const Stmt *Child = Write, *Parent = Parents.of(Write); Parent;
       Child = Parent, Parent = Parents.of(Parent))
    if (const auto *If = dyn_cast<IfStmt>(Parent))
      if (If->getThen() == Child && If->getCond() &&
          isLeaderTest(Ctx, If->getCond()))
        Led = true;
  return Led;
}

/// A visitor that counts the lambdas and local classes around the node it
/// visits: their bodies run where they are called, not where they are
/// written, so there the scalar may only be read.
class NestedBodies : public DynamicRecursiveASTVisitor {
public:
  bool TraverseLambdaExpr(LambdaExpr *L) override {
    ++Nested;
    bool Go = DynamicRecursiveASTVisitor::TraverseLambdaExpr(L);
    --Nested;
    return Go;
  }
  bool TraverseCXXRecordDecl(CXXRecordDecl *R) override {
    ++Nested;
    bool Go = DynamicRecursiveASTVisitor::TraverseCXXRecordDecl(R);
    --Nested;
    return Go;
  }

protected:
  unsigned Nested = 0;
};

/// Each use of the candidate scalars: a read, or a write by a leader.
class Uses : public NestedBodies {
public:
  Uses(ASTContext &Ctx, BodyParents &Parents,
       llvm::DenseMap<const VarDecl *, bool> &Qualifies)
      : Ctx(Ctx), Parents(Parents), Qualifies(Qualifies) {}

  bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    auto It = V ? Qualifies.find(V) : Qualifies.end();
    if (It == Qualifies.end() || !It->second)
      return true;
    bool Read = false, Led = false;
    It->second = isReadOrLeaderWrite(Ref, Read, Led) && (Read || Nested == 0);
    // Every write that any thread may make before every read, in the
    // order of the source: a read between such writes could see a value
    // some lanes wrote and others not yet. A leader's write is seen by
    // every reader after the barrier that follows it.
    const SourceManager &SM = Ctx.getSourceManager();
    if (Led) {
      SourceLocation &Last = LastLedWrites[V];
      if (Last.isInvalid() ||
          SM.isBeforeInTranslationUnit(Last, Ref->getBeginLoc()))
        Last = Ref->getBeginLoc();
      if (insideLoop(Parents, Ref))
        LedInLoop.insert(V);
      return true;
    }
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

  /// Whether a read of \p V may see a value other reads do not: a leader
  /// writes it in a loop or after a read in the source.
  bool readsDiffer(const VarDecl *V) const {
    if (LedInLoop.count(V))
      return true;
    SourceLocation Read = FirstReads.lookup(V), Write = LastLedWrites.lookup(V);
    return Read.isValid() && Write.isValid() &&
           Ctx.getSourceManager().isBeforeInTranslationUnit(Read, Write);
  }

private:
  /// Whether \p Ref reads the scalar (\p Read set) or writes it in a way
  /// that leaves one value for every reader: a leader's write (\p Led set:
  /// an assignment or increment under a leader test, which the walker
  /// gives a symbol of its own), a constant written outside loops, an
  /// atomic outside loops, or a reference parameter the callee uses so.
  bool isReadOrLeaderWrite(const DeclRefExpr *Ref, bool &Read, bool &Led) {
    const Stmt *Use = Ref;
    const Stmt *Parent = Parents.of(Use);
    while (Parent && isa<ParenExpr>(Parent)) {
      Use = Parent;
      Parent = Parents.of(Use);
    }
    if (!Parent)
      return false;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent))
      return Read = Cast->getCastKind() == CK_LValueToRValue;
    if (const auto *B = dyn_cast<BinaryOperator>(Parent)) {
      if (!B->isAssignmentOp() || B->getLHS()->IgnoreParens() != Ref)
        return false;
      Led = underLeaderTest(Ctx, Parents, B);
      return Led || (assignsConstant(B) && !insideLoop(Parents, B));
    }
    if (const auto *U = dyn_cast<UnaryOperator>(Parent)) {
      Led = U->isIncrementDecrementOp() && underLeaderTest(Ctx, Parents, U);
      return Led || (U->getOpcode() == UO_AddrOf && passedToAtomic(U) &&
                     !insideLoop(Parents, U));
    }
    if (const auto *Call = dyn_cast<CallExpr>(Parent))
      return !insideLoop(Parents, Call) &&
             boundParameterQualifies(Call, cast<Expr>(Use));
    return false;
  }

  /// Whether \p Arg, an argument of \p Call, binds a reference parameter
  /// that the callee only uses as the scalar may be used (a helper that
  /// raises a flag with `atomicExch(&flag, 1)`).
  bool boundParameterQualifies(const CallExpr *Call, const Expr *Arg) {
    // The definition's own parameters: a declaration seen first has others.
    const FunctionDecl *Callee = Call->getDirectCallee();
    const FunctionDecl *F = nullptr;
    if (!Callee || !Callee->hasBody(F) || !F ||
        isa<CXXOperatorCallExpr>(Call) || Depth >= 4)
      return false;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (Call->getArg(I) != Arg)
        continue;
      if (I >= F->getNumParams() ||
          !F->getParamDecl(I)->getType()->isLValueReferenceType())
        return false;
      ParameterUses Finder(F->getParamDecl(I));
      Finder.TraverseStmt(F->getBody());
      Parents.add(F->getBody());
      ++Depth;
      bool Qualifies =
          llvm::all_of(Finder.Refs, [&](const ParameterUses::Use &U) {
            bool Read = false;
            // The walker follows no write in the callee: a leader's, as
            // the others, must come before the reads and outside loops.
            bool Led = false;
            return isReadOrLeaderWrite(U.Ref, Read, Led) &&
                   (Read || !U.Nested) && !(Led && insideLoop(Parents, U.Ref));
          });
      --Depth;
      return Qualifies;
    }
    return false;
  }

  /// The uses of one parameter in its function's body, each marked when
  /// it lies in a lambda or a local class.
  struct ParameterUses : NestedBodies {
    explicit ParameterUses(const ParmVarDecl *P) : P(P) {}
    struct Use {
      const DeclRefExpr *Ref;
      bool Nested;
    };
    bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
      if (Ref->getDecl() == P)
        Refs.push_back({Ref, Nested > 0});
      return true;
    }
    const ParmVarDecl *P;
    std::vector<Use> Refs;
  };

  /// `flag = 1`: whichever threads write it, they write one value.
  bool assignsConstant(const BinaryOperator *B) const {
    Expr::EvalResult R;
    return B->getOpcode() == BO_Assign && !B->getRHS()->isValueDependent() &&
           B->getRHS()->EvaluateAsInt(R, Ctx);
  }

  /// Whether \p Address is an argument of a CUDA atomic function
  /// (`atomicExch(&flag, 1u)`): it writes the word in place, and every
  /// lane reading the word after it reads one value.
  bool passedToAtomic(const Expr *Address) {
    const Stmt *Use = Address;
    const Stmt *Parent = Parents.of(Use);
    while (Parent &&
           (isa<ParenExpr>(Parent) || isa<ImplicitCastExpr>(Parent))) {
      Use = Parent;
      Parent = Parents.of(Use);
    }
    const auto *Call = dyn_cast_or_null<CallExpr>(Parent);
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    // CUDA's own (the toolkit's headers or clang's), not a user's function
    // of that name, whose body could keep the address.
    return F && F->getIdentifier() && F->getName().starts_with("atomic") &&
           Ctx.getSourceManager().isInSystemHeader(
               Ctx.getSourceManager().getExpansionLoc(F->getLocation())) &&
           Call->getNumArgs() > 0 &&
           Call->getArg(0)->IgnoreParenImpCasts() == Address;
  }

  ASTContext &Ctx;
  BodyParents &Parents;
  llvm::DenseMap<const VarDecl *, bool> &Qualifies;
  llvm::DenseMap<const VarDecl *, SourceLocation> FirstReads, LastWrites,
      LastLedWrites;
  llvm::DenseSet<const VarDecl *> LedInLoop;
  /// Reference parameters followed into callees, to stop at recursion.
  unsigned Depth = 0;
};

/// The candidates: integer scalars declared __shared__ in a body.
class Declared : public DynamicRecursiveASTVisitor {
public:
  explicit Declared(std::vector<const VarDecl *> &Out) : Out(Out) {}
  bool VisitVarDecl(VarDecl *V) override {
    if (V->hasAttr<CUDASharedAttr>() &&
        V->getType()->isIntegralOrEnumerationType())
      Out.push_back(V);
    return true;
  }

private:
  std::vector<const VarDecl *> &Out;
};

} // namespace

std::vector<LeaderScalar> leaderWrittenScalars(ASTContext &Ctx,
                                               const FunctionDecl &Function) {
  std::vector<const VarDecl *> Order;
  llvm::DenseMap<const VarDecl *, bool> Qualifies;
  std::vector<LeaderScalar> Out;
  const Stmt *Body = Function.getBody();
  if (!Body)
    return Out;
  Declared(Order).TraverseStmt(const_cast<Stmt *>(Body));
  if (Order.empty())
    return Out;
  for (const VarDecl *V : Order)
    Qualifies[V] = true;
  BodyParents Parents(Ctx);
  Parents.add(Body);
  Uses Found(Ctx, Parents, Qualifies);
  Found.TraverseStmt(const_cast<Stmt *>(Body));
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
      Out.push_back({V, Found.readsDiffer(V)});
  return Out;
}

} // namespace bankfix
