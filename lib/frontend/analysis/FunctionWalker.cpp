//===- FunctionWalker.cpp - Walk a device function's statements in order --===//

#include "frontend/analysis/FunctionWalker.h"

#include "core/expr/LaneEvaluator.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace bankfix {

namespace {

/// Iterations one loop may be unrolled to, and body walks one function may
/// spend on unrolling in all.
constexpr unsigned MaxLoopIterations = 1024;
constexpr unsigned MaxUnrolledBodies = 8192;

const VarDecl *localVariable(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      if (V->hasLocalStorage())
        return V;
  return nullptr;
}

LaneExprPtr conjunction(LaneExprPtr A, LaneExprPtr B) {
  if (!A)
    return B;
  if (!B)
    return A;
  return LaneExpr::binary(BinaryOp::LAnd, A, B, IntType::boolTy());
}

LaneExprPtr negation(LaneExprPtr A) {
  return LaneExpr::unary(UnaryOp::LogicalNot, A, IntType::boolTy());
}

/// The local variables a statement may change, and whether it jumps
/// (break, continue, return, goto) out of the straight line.
class WriteCollector : public RecursiveASTVisitor<WriteCollector> {
public:
  llvm::DenseSet<const VarDecl *> Written;
  bool Jumps = false;

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      note(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      note(U->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    for (const Expr *Arg : C->arguments())
      note(Arg);
    return true;
  }
  bool VisitBreakStmt(BreakStmt *) { return Jumps = true; }
  bool VisitContinueStmt(ContinueStmt *) { return Jumps = true; }
  bool VisitReturnStmt(ReturnStmt *) { return Jumps = true; }
  bool VisitGotoStmt(GotoStmt *) { return Jumps = true; }

private:
  void note(const Expr *E) {
    if (const VarDecl *V = localVariable(E))
      Written.insert(V);
  }
};

class SideEffects;

class Walker {
public:
  Walker(ASTContext &Ctx, const FunctionDecl &Function, const AccessSink &Sink)
      : Ctx(Ctx), Function(Function), Sink(Sink), Translator(Ctx, Values) {
    bool Kernel = Function.hasAttr<CUDAGlobalAttr>();
    for (const ParmVarDecl *P : Function.parameters()) {
      if (!P->getType()->isIntegralOrEnumerationType())
        continue;
      // A kernel's parameters are the same for every thread; a device
      // function's may differ per lane.
      Values[P] = Kernel ? LaneExpr::uniform(P->getNameAsString(),
                                             Translator.intTypeOf(P->getType()))
                         : LaneExpr::unknown(P->getNameAsString(),
                                             "is a parameter of a device "
                                             "function and may differ per "
                                             "lane");
    }
  }

  void run() { walk(Function.getBody()); }

  // Used by the expression scanner.
  LaneExprPtr translate(const Expr *E) { return Translator.translate(E); }
  LaneExprPtr guard() const {
    LaneExprPtr G;
    for (const LaneExprPtr &C : Guards)
      G = conjunction(G, C);
    return G;
  }
  void pushGuard(LaneExprPtr G) { Guards.push_back(std::move(G)); }
  void popGuard() { Guards.pop_back(); }

  void record(const Expr *E, AccessKind Kind) {
    std::optional<ElementAccess> A = matchElementAccess(Ctx, E);
    if (!A)
      return;
    std::vector<LaneExprPtr> Indices;
    for (const Expr *I : A->Indices)
      Indices.push_back(translate(I));
    Sink(*A, Kind, std::move(Indices), guard(), Iteration);
  }

private:
  /// Whether control can reach the statement after the one walked, and the
  /// condition it then holds under (after `if (c) return;`, `!c`).
  struct Flow {
    bool Terminates = false;
    LaneExprPtr ContinueGuard;
  };

  Flow walk(const Stmt *S);
  Flow walkCompound(const CompoundStmt *S);
  Flow walkIf(const IfStmt *S);
  void walkDecl(const DeclStmt *S);
  void walkFor(const ForStmt *S);
  void walkLoopOnce(const Stmt *Body, const Expr *Cond, const Expr *Inc,
                    const WriteCollector &Writes);
  bool tryUnroll(const ForStmt *S, const WriteCollector &Writes);
  void walkExpr(const Expr *E);
  void applySideEffects(const Expr *E);
  std::string iterationLabel(const WriteCollector &Writes);

  ASTContext &Ctx;
  const FunctionDecl &Function;
  const AccessSink &Sink;
  LocalValues Values;
  IndexTranslator Translator;
  std::vector<LaneExprPtr> Guards;
  std::string Iteration;
  unsigned UnrolledBodies = 0;

  friend class SideEffects;
};

/// Finds the shared accesses in one expression, with the conditions of the
/// ?:, && and || around them.
class ExprScanner : public RecursiveASTVisitor<ExprScanner> {
  using Base = RecursiveASTVisitor<ExprScanner>;

public:
  explicit ExprScanner(Walker &W) : W(W) {}

  bool TraverseConditionalOperator(ConditionalOperator *C,
                                   DataRecursionQueue * = nullptr) {
    if (!WalkUpFromConditionalOperator(C) || !TraverseStmt(C->getCond()))
      return false;
    LaneExprPtr Cond = W.translate(C->getCond());
    return under(Cond, C->getTrueExpr()) &&
           under(negation(Cond), C->getFalseExpr());
  }
  bool TraverseBinaryOperator(BinaryOperator *B,
                              DataRecursionQueue * = nullptr) {
    if (!B->isLogicalOp())
      return Base::TraverseBinaryOperator(B);
    if (!WalkUpFromBinaryOperator(B) || !TraverseStmt(B->getLHS()))
      return false;
    LaneExprPtr L = W.translate(B->getLHS());
    return under(B->getOpcode() == BO_LAnd ? L : negation(L), B->getRHS());
  }
  // A lambda's body is not run where it is written.
  bool TraverseLambdaExpr(LambdaExpr *, DataRecursionQueue * = nullptr) {
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue)
      W.record(C->getSubExpr(), AccessKind::Load);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isCompoundAssignmentOp())
      W.record(B->getLHS(), AccessKind::Load);
    if (B->isAssignmentOp())
      W.record(B->getLHS(), AccessKind::Store);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp()) {
      W.record(U->getSubExpr(), AccessKind::Load);
      W.record(U->getSubExpr(), AccessKind::Store);
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    // Copying a struct or vector element out of the array.
    if (C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor())
      W.record(C->getArg(0), AccessKind::Load);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->getOperator() == OO_Equal && C->getNumArgs() == 2) {
      W.record(C->getArg(0), AccessKind::Store);
      W.record(C->getArg(1), AccessKind::Load);
    }
    return true;
  }

private:
  bool under(LaneExprPtr Cond, Stmt *S) {
    W.pushGuard(std::move(Cond));
    bool Result = TraverseStmt(S);
    W.popGuard();
    return Result;
  }
  Walker &W;
};

/// Updates the walk's local values for the assignments, increments and
/// escapes in one expression, in evaluation order (children first).
class SideEffects : public RecursiveASTVisitor<SideEffects> {
public:
  explicit SideEffects(Walker &W) : W(W) {}
  bool shouldTraversePostOrder() const { return true; }
  bool TraverseLambdaExpr(LambdaExpr *, DataRecursionQueue * = nullptr) {
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    const VarDecl *V = localVariable(B->getLHS());
    if (!V || !B->isAssignmentOp())
      return true;
    if (!V->getType()->isIntegralOrEnumerationType()) {
      W.Values.erase(V);
      return true;
    }
    IntType T = W.Translator.intTypeOf(V->getType());
    LaneExprPtr RHS = W.translate(B->getRHS());
    if (B->getOpcode() != BO_Assign) {
      const auto *CA = cast<CompoundAssignOperator>(B);
      IntType Computation =
          W.Translator.intTypeOf(CA->getComputationResultType());
      static const std::pair<BinaryOperatorKind, BinaryOp> Ops[] = {
          {BO_AddAssign, BinaryOp::Add}, {BO_SubAssign, BinaryOp::Sub},
          {BO_MulAssign, BinaryOp::Mul}, {BO_DivAssign, BinaryOp::Div},
          {BO_RemAssign, BinaryOp::Rem}, {BO_ShlAssign, BinaryOp::Shl},
          {BO_ShrAssign, BinaryOp::Shr}, {BO_AndAssign, BinaryOp::And},
          {BO_OrAssign, BinaryOp::Or},   {BO_XorAssign, BinaryOp::Xor}};
      LaneExprPtr Old = W.translate(B->getLHS());
      for (const auto &[K, Op] : Ops)
        if (K == B->getOpcode())
          RHS = LaneExpr::binary(Op, LaneExpr::cast(Old, Computation),
                                 LaneExpr::cast(RHS, Computation), Computation);
    }
    W.Values[V] = LaneExpr::cast(RHS, T);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    const VarDecl *V = localVariable(U->getSubExpr());
    if (!V)
      return true;
    if (U->getOpcode() == UO_AddrOf) {
      W.Values[V] =
          LaneExpr::unknown(V->getNameAsString(), "has its address taken");
    } else if (U->isIncrementDecrementOp()) {
      if (!V->getType()->isIntegralOrEnumerationType()) {
        W.Values.erase(V);
        return true;
      }
      IntType T = W.Translator.intTypeOf(V->getType());
      W.Values[V] = LaneExpr::binary(
          U->isIncrementOp() ? BinaryOp::Add : BinaryOp::Sub,
          W.translate(U->getSubExpr()), LaneExpr::constant(1, T), T);
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    // A non-const reference parameter may change its argument.
    const FunctionDecl *F = C->getDirectCallee();
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      const VarDecl *V = localVariable(C->getArg(I));
      if (!V)
        continue;
      bool MayWrite = !F || I >= F->getNumParams();
      if (F && I < F->getNumParams()) {
        QualType P = F->getParamDecl(I)->getType();
        MayWrite =
            P->isReferenceType() && !P.getNonReferenceType().isConstQualified();
      }
      if (MayWrite && W.Values.count(V))
        W.Values[V] =
            LaneExpr::unknown(V->getNameAsString(), "may be changed by a call");
    }
    return true;
  }

private:
  Walker &W;
};

void Walker::walkExpr(const Expr *E) {
  if (!E)
    return;
  ExprScanner(*this).TraverseStmt(const_cast<Expr *>(E));
  applySideEffects(E);
}

void Walker::applySideEffects(const Expr *E) {
  if (E)
    SideEffects(*this).TraverseStmt(const_cast<Expr *>(E));
}

void Walker::walkDecl(const DeclStmt *S) {
  for (const Decl *D : S->decls()) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || !V->hasLocalStorage())
      continue;
    if (const Expr *Init = V->getInit())
      walkExpr(Init);
    if (!V->getType()->isIntegralOrEnumerationType() ||
        V->getType()->isReferenceType())
      continue;
    Values[V] =
        V->getInit()
            ? LaneExpr::cast(translate(V->getInit()),
                             Translator.intTypeOf(V->getType()))
            : LaneExpr::unknown(V->getNameAsString(), "is not initialised");
  }
}

Walker::Flow Walker::walk(const Stmt *S) {
  if (!S)
    return {};
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return walkCompound(C);
  if (const auto *I = dyn_cast<IfStmt>(S))
    return walkIf(I);
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    walkDecl(D);
    return {};
  }
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    walkFor(F);
    return {};
  }
  if (const auto *W = dyn_cast<WhileStmt>(S)) {
    WriteCollector Writes;
    Writes.TraverseStmt(const_cast<WhileStmt *>(W));
    walkLoopOnce(W->getBody(), W->getCond(), nullptr, Writes);
    return {};
  }
  if (const auto *D = dyn_cast<DoStmt>(S)) {
    WriteCollector Writes;
    Writes.TraverseStmt(const_cast<DoStmt *>(D));
    walkLoopOnce(D->getBody(), D->getCond(), nullptr, Writes);
    return {};
  }
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    walkExpr(R->getRetValue());
    return {true, nullptr};
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    walkExpr(E);
    return {};
  }
  if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
    walkExpr(Sw->getCond());
    WriteCollector Writes;
    Writes.TraverseStmt(const_cast<Stmt *>(Sw->getBody()));
    LaneExprPtr Cond = translate(Sw->getCond());
    // Which case runs is not followed: a lane-dependent switch makes the
    // accesses inside it unjudgeable.
    bool LaneDependent =
        dependsOnLane(*Cond) || mentions(*Cond, ExprKind::Unknown);
    if (LaneDependent)
      pushGuard(LaneExpr::unknown("switch condition",
                                  "decides per lane which case runs"));
    for (const VarDecl *V : Writes.Written)
      Values[V] =
          LaneExpr::unknown(V->getNameAsString(), "is changed inside a switch");
    walk(Sw->getBody());
    if (LaneDependent)
      popGuard();
    return {};
  }
  // Labels, case bodies and other statements: walk what they hold.
  for (const Stmt *Child : S->children())
    walk(Child);
  return {};
}

Walker::Flow Walker::walkCompound(const CompoundStmt *S) {
  unsigned Pushed = 0;
  Flow Result;
  for (const Stmt *Child : S->body()) {
    Flow F = walk(Child);
    if (F.Terminates) {
      Result.Terminates = true;
      break;
    }
    if (F.ContinueGuard) {
      pushGuard(F.ContinueGuard);
      ++Pushed;
    }
  }
  // The guards of early returns hold for whatever follows the block too.
  for (unsigned I = 0; I < Pushed; ++I) {
    Result.ContinueGuard = conjunction(Result.ContinueGuard, Guards.back());
    popGuard();
  }
  return Result;
}

Walker::Flow Walker::walkIf(const IfStmt *S) {
  if (S->getInit())
    walk(S->getInit());
  if (S->getConditionVariableDeclStmt())
    walkDecl(S->getConditionVariableDeclStmt());
  walkExpr(S->getCond());
  LaneExprPtr Cond = translate(S->getCond());
  LocalValues Before = Values;

  pushGuard(Cond);
  Flow Then = walk(S->getThen());
  popGuard();
  LocalValues AfterThen = std::move(Values);
  Values = Before;

  pushGuard(negation(Cond));
  Flow Else = walk(S->getElse());
  popGuard();

  if (Then.Terminates && Else.Terminates)
    return {true, nullptr};
  if (Then.Terminates) // Values are the else branch's already.
    return {false, conjunction(negation(Cond), Else.ContinueGuard)};
  if (Else.Terminates) {
    Values = std::move(AfterThen);
    return {false, conjunction(Cond, Then.ContinueGuard)};
  }
  // Both fall through: merge the branches' values.
  LocalValues AfterElse = std::move(Values);
  Values = AfterThen;
  for (auto &[V, E] : AfterElse) {
    LaneExprPtr T = Values.lookup(V);
    if (T == E)
      continue;
    if (!T) {
      Values.erase(V);
      continue;
    }
    Values[V] = LaneExpr::conditional(Cond, T, E, T->Type);
  }
  for (auto It = Values.begin(); It != Values.end();)
    if (!AfterElse.count(It->first))
      Values.erase(It++);
    else
      ++It;
  LaneExprPtr Continue;
  if (Then.ContinueGuard || Else.ContinueGuard)
    Continue = LaneExpr::conditional(
        Cond, Then.ContinueGuard ? Then.ContinueGuard : LaneExpr::constant(1),
        Else.ContinueGuard ? Else.ContinueGuard : LaneExpr::constant(1),
        IntType::boolTy());
  return {false, Continue};
}

std::string Walker::iterationLabel(const WriteCollector &Writes) {
  std::vector<std::pair<std::string, int64_t>> Vars;
  for (const VarDecl *V : Writes.Written) {
    LaneExprPtr E = Values.lookup(V);
    if (!E)
      continue;
    EvalResult R = evaluateLane(*E, LaneEnv{});
    if (R.ok() && R.Value->isConcrete() && !dependsOnLane(*E))
      Vars.push_back({V->getNameAsString(), R.Value->Const});
  }
  std::sort(Vars.begin(), Vars.end());
  std::string Label;
  for (const auto &[Name, Value] : Vars)
    Label += (Label.empty() ? "" : ", ") + Name + " = " + std::to_string(Value);
  return Label;
}

bool Walker::tryUnroll(const ForStmt *S, const WriteCollector &Writes) {
  if (Writes.Jumps || !S->getCond())
    return false;
  LocalValues Start = Values;
  // First, count the iterations without walking the body's accesses: the
  // condition must be known (the same for every lane, no unknowns, no
  // blockDim) at every iteration.
  unsigned Trips = 0;
  for (;; ++Trips) {
    LaneExprPtr Cond = translate(S->getCond());
    if (dependsOnLane(*Cond) || mentions(*Cond, ExprKind::BlockDim)) {
      Values = Start;
      return false;
    }
    EvalResult R = evaluateLane(*Cond, LaneEnv{});
    if (!R.ok() || !R.Value->isConcrete() || Trips > MaxLoopIterations ||
        UnrolledBodies + Trips > MaxUnrolledBodies) {
      Values = Start;
      return false;
    }
    if (R.Value->Const == 0)
      break;
    // Only the loop's own variables move; the body must not change them
    // in ways the increment does not show, so apply the body's side effects
    // too.
    SideEffects(*this).TraverseStmt(const_cast<Stmt *>(S->getBody()));
    applySideEffects(S->getInc());
  }
  Values = Start;
  UnrolledBodies += Trips;
  std::string Outer = Iteration;
  for (unsigned I = 0; I < Trips; ++I) {
    walkExpr(S->getCond());
    std::string Label = iterationLabel(Writes);
    Iteration = Outer.empty() ? Label : Outer + ", " + Label;
    walk(S->getBody());
    walkExpr(S->getInc());
  }
  Iteration = Outer;
  walkExpr(S->getCond());
  return true;
}

void Walker::walkFor(const ForStmt *S) {
  walk(S->getInit());
  WriteCollector Writes;
  Writes.TraverseStmt(const_cast<Stmt *>(S->getBody()));
  Writes.TraverseStmt(const_cast<Expr *>(S->getInc()));
  Writes.TraverseStmt(const_cast<Expr *>(S->getCond()));
  if (tryUnroll(S, Writes))
    return;
  walkLoopOnce(S->getBody(), S->getCond(), S->getInc(), Writes);
}

void Walker::walkLoopOnce(const Stmt *Body, const Expr *Cond, const Expr *Inc,
                          const WriteCollector &Writes) {
  // Variables the loop changes: a warp-uniform symbol when their value on
  // entry is uniform and every change keeps it so, unknown otherwise.
  LocalValues Entry = Values;
  for (const VarDecl *V : Writes.Written)
    if (Values.count(V))
      Values[V] = LaneExpr::uniform(V->getNameAsString(), Values[V]->Type);
  LocalValues Trial = Values;
  SideEffects(*this).TraverseStmt(const_cast<Stmt *>(Body));
  applySideEffects(Inc);
  LocalValues AfterOne = std::move(Values);
  Values = std::move(Trial);
  for (const VarDecl *V : Writes.Written) {
    if (!Values.count(V))
      continue;
    LaneExprPtr In = Entry.lookup(V), Out = AfterOne.lookup(V);
    bool Uniform = In && Out && !dependsOnLane(*In) &&
                   !mentions(*In, ExprKind::Unknown) && !dependsOnLane(*Out) &&
                   !mentions(*Out, ExprKind::Unknown);
    if (!Uniform)
      Values[V] = LaneExpr::unknown(V->getNameAsString(),
                                    "changes in a loop bankfix cannot unroll");
  }
  walkExpr(Cond);
  LaneExprPtr CondExpr = Cond ? translate(Cond) : nullptr;
  // A loop that lanes leave at different times runs its body for some
  // lanes only: then its condition guards the body.
  bool Guarded = CondExpr && (dependsOnLane(*CondExpr) ||
                              mentions(*CondExpr, ExprKind::Unknown));
  if (Guarded)
    pushGuard(CondExpr);
  walk(Body);
  walkExpr(Inc);
  if (Guarded)
    popGuard();
  for (const VarDecl *V : Writes.Written)
    if (Values.count(V))
      Values[V] = LaneExpr::unknown(V->getNameAsString(),
                                    "holds the value a loop left in it");
}

} // namespace

void walkFunction(ASTContext &Ctx, const FunctionDecl &Function,
                  const AccessSink &Sink) {
  if (!Function.getBody())
    return;
  Walker(Ctx, Function, Sink).run();
}

} // namespace bankfix
