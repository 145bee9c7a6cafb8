// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FunctionWalker.cpp - Walk a device function's statements in order --===//
//
// The statements: blocks, if/else (with the merge of the branches' values),
// switch, declarations and returns. Loops are in LoopWalking.cpp.
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/FunctionWalker.h"

#include "frontend/walk/Walker.h"

#include "core/expr/LaneEvaluator.h"

#include "frontend/walk/AtomicRefs.h"
#include "frontend/walk/LeaderScalars.h"
#include "frontend/walk/SpeculableCode.h"
#include "frontend/walk/VectorNarrowing.h"

#include "clang/AST/Attr.h"

#include <algorithm>

using namespace clang;

namespace bankfix {
namespace walk {

const VarDecl *localVariable(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      if (V->hasLocalStorage())
        return V;
  return nullptr;
}

unsigned firstArgument(const CallExpr *C, const FunctionDecl &F) {
  return isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(&F) ? 1 : 0;
}

bool callMayWriteArgument(const CallExpr *C, unsigned I) {
  // An operator an atomic_ref inherits gets it cast to its base.
  const Expr *Arg = C->getArg(I);
  if (isAtomicRef(Arg->getType()) ||
      isAtomicRef(Arg->IgnoreParenImpCasts()->getType()))
    return false;
  const FunctionDecl *F = C->getDirectCallee();
  unsigned Object = F ? firstArgument(C, *F) : 0;
  if (!F || I < Object || I - Object >= F->getNumParams())
    return true;
  QualType P = F->getParamDecl(I - Object)->getType();
  return P->isReferenceType() && !P.getNonReferenceType().isConstQualified();
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

Walker::Walker(ASTContext &Ctx, const FunctionDecl &Function,
               const AccessSink &Sink, const WalkOptions &Options)
    : Ctx(Ctx), Function(Function), Sink(Sink), Options(Options),
      Translator(Ctx, Values, &CallValues, Options.BlockDim) {
  Translator.setPlaces(
      [this](const VarDecl *V) { return Pointers.count(V) != 0; });
  Translator.setMembers([this](const MemberExpr *M) { return fieldValue(M); });
  bool Kernel = Function.hasAttr<CUDAGlobalAttr>();
  for (const ParmVarDecl *P : Function.parameters()) {
    if (!P->getType()->isIntegralOrEnumerationType())
      continue;
    auto Given = Options.Arguments.find(P->getFunctionScopeIndex());
    if (Kernel && Given != Options.Arguments.end()) {
      Values[P] = LaneExpr::launched(P->getNameAsString(), Given->second,
                                     Translator.intTypeOf(P->getType()));
      continue;
    }
    // A kernel's parameters are the same for every thread; a device
    // function's may differ per lane.
    Values[P] = Kernel ? LaneExpr::uniform(P->getNameAsString(),
                                           Translator.intTypeOf(P->getType()))
                       : LaneExpr::unknown(P->getNameAsString(),
                                           "is a parameter of a device "
                                           "function and may differ per "
                                           "lane");
  }
  // Block parameters a leader thread keeps in shared scalars: the same in
  // every lane, not known, as a kernel parameter is.
  for (const LeaderScalar &S : leaderWrittenScalars(Ctx, Function)) {
    Values[S.Var] = LaneExpr::uniform(S.Var->getNameAsString(),
                                      Translator.intTypeOf(S.Var->getType()));
    if (S.ReadsDiffer)
      LeaderScalars.insert(S.Var);
  }
}

const VarDecl *Walker::leaderScalar(const Expr *E) const {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      if (LeaderScalars.count(V))
        return V;
  return nullptr;
}

LaneExprPtr Walker::freshSymbol(const std::string &Base, IntType Type) {
  std::string Name = Base;
  for (unsigned N = 2; !FreshNames.insert(Name).second; ++N)
    Name = Base + " #" + std::to_string(N);
  return LaneExpr::uniform(Name, Type);
}

LaneExprPtr Walker::leaderWrite(const VarDecl *V, const Stmt *At) {
  const SourceManager &SM = Ctx.getSourceManager();
  LaneExprPtr Value =
      freshSymbol(V->getNameAsString() + " as written at line " +
                      std::to_string(SM.getPresumedLineNumber(
                          SM.getExpansionLoc(At->getBeginLoc()))),
                  Translator.intTypeOf(V->getType()));
  LeaderWriteOrder[Value.get()] = LeaderWriteOrder.size() + 1;
  return Value;
}

/// A pointer into shared memory kept inside an object (a functor built
/// with `{tile}`): the accesses made through it are not followed; say so.
void Walker::noteStoredPointers(const VarDecl &V, const Expr *Init,
                                const ObjectState *Kept) {
  Init = Init->IgnoreImplicit();
  std::vector<const Expr *> Parts;
  if (const auto *List = dyn_cast<InitListExpr>(Init))
    Parts.assign(List->inits().begin(), List->inits().end());
  else if (const auto *Construct = dyn_cast<CXXConstructExpr>(Init))
    Parts.assign(Construct->arguments().begin(), Construct->arguments().end());
  for (const Expr *Part : Parts) {
    if (!Part || !Part->getType()->isPointerType())
      continue;
    std::optional<SharedObject> P = pointeeOf(Part);
    // Kept in a field the walk follows, or named by the remark on the
    // field that keeps it.
    bool Followed =
        P && Kept &&
        (Kept->Remarked.count(P->Root) ||
         std::any_of(Kept->Places.begin(), Kept->Places.end(),
                     [&](const auto &F) { return F.second.Root == P->Root; }));
    if (P && !Followed)
      remark(Part->getBeginLoc(),
             "'" + P->Root->getNameAsString() + "' is stored in '" +
                 V.getNameAsString() +
                 "': the shared accesses made through it are not judged");
  }
}

WalkResult Walker::run() {
  walk(Function.getBody());
  return std::move(Result);
}

LaneExprPtr Walker::guard() const {
  LaneExprPtr G;
  for (const LaneExprPtr &C : Guards)
    G = conjunction(G, C);
  return G;
}

void Walker::walkDecl(const DeclStmt *S) {
  for (const Decl *D : S->decls()) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || !V->hasLocalStorage())
      continue;
    // A vector copied out of shared memory of which only x (and y) are
    // read: nvcc loads only those.
    if (const auto *Copy = dyn_cast_or_null<CXXConstructExpr>(
            V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr))
      if (Copy->getNumArgs() == 1)
        if (std::optional<NarrowedLoad> N = narrowedVectorLoad(Ctx, *V))
          NarrowedLoads[Copy->getArg(0)->IgnoreParens()] = *N;
    if (const Expr *Init = V->getInit())
      walkExpr(Init);
    if (V->getType()->isRecordType() && V->getInit() && !bindAtomicRef(*V)) {
      ObjectStatePtr Made = noteObject(*V);
      noteStoredPointers(*V, V->getInit(), Made.get());
    }
    QualType T = V->getType();
    if (T->isPointerType() || T->isLValueReferenceType()) {
      const Expr *Init = V->getInit();
      if (!Init)
        bindPointer(V, std::nullopt);
      else
        bindPointer(V, T->isPointerType() ? pointeeOf(Init) : objectOf(Init));
      continue;
    }
    if (!T->isIntegralOrEnumerationType())
      continue;
    noteSharedAddress(*V, V->getInit());
    Values[V] =
        V->getInit()
            ? assignedValue(LaneExpr::cast(translate(V->getInit()),
                                           Translator.intTypeOf(V->getType())))
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
    walkWhile(W);
    return {};
  }
  if (const auto *D = dyn_cast<DoStmt>(S)) {
    walkLoopOnce(D->getBody(), D->getCond(), nullptr, WriteCollector::of({D}),
                 /*TestsFirst=*/false);
    return {};
  }
  if (isa<BreakStmt>(S) && BreakEndsIteration) {
    // The lanes that leave the loop here run nothing after it in the
    // iteration: nvcc's code branches, and no access merges across.
    ++Region;
    return {true, nullptr};
  }
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    walkExpr(R->getRetValue());
    noteReturn(R->getRetValue());
    return {true, nullptr};
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    walkExpr(E);
    return {};
  }
  if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
    walkSwitch(Sw);
    return {};
  }
  if (const auto *A = dyn_cast<GCCAsmStmt>(S)) {
    if (!walkAsm(A))
      for (const Stmt *Child : S->children())
        walk(Child);
    // A "memory" clobber (`bar.sync`, a fence): the compiler keeps memory
    // accesses on their side of it.
    for (unsigned I = 0; I < A->getNumClobbers(); ++I)
      if (A->getClobber(I) == "memory")
        noteBarrier();
    applySideEffects(A);
    return {};
  }
  if (const auto *A = dyn_cast<AttributedStmt>(S)) {
    for (const Attr *At : A->getAttrs())
      if (const auto *H = dyn_cast<LoopHintAttr>(At))
        if (H->getOption() == LoopHintAttr::Unroll ||
            H->getOption() == LoopHintAttr::UnrollCount)
          UnrollHints[A->getSubStmt()] = H;
    return walk(A->getSubStmt());
  }
  // Labels, case bodies and other statements: walk what they hold.
  for (const Stmt *Child : S->children())
    walk(Child);
  return {};
}

void Walker::walkSwitch(const SwitchStmt *S) {
  walkExpr(S->getCond());
  WriteCollector Writes = WriteCollector::of({S->getBody()});
  LaneExprPtr Cond = translate(S->getCond());
  // Which case runs is not followed: a lane-dependent switch makes the
  // accesses inside it unjudgeable.
  bool LaneDependent =
      dependsOnLane(*Cond) || mentions(*Cond, ExprKind::Unknown);
  if (LaneDependent)
    pushGuard(LaneExpr::unknown("switch condition",
                                "decides per lane which case runs"));
  ++Region;
  bool SavedBreak = std::exchange(BreakEndsIteration, false);
  for (const VarDecl *V : Writes.Written)
    Values[V] =
        LaneExpr::unknown(V->getNameAsString(), "is changed inside a switch");
  walk(S->getBody());
  BreakEndsIteration = SavedBreak;
  ++Region;
  if (LaneDependent)
    popGuard();
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
  PointerTargets PointersBefore = Pointers;
  // A condition that is one known value (a template argument, a constant
  // argument of the inlined call) is folded by nvcc: no branch, and the
  // accesses of the branch taken merge with those around it.
  std::optional<int64_t> Folded;
  if (!dependsOnLane(*Cond))
    Folded = evaluateLaneConcrete(*Cond, LaneEnv{});

  // Accesses in a branch have their own guard: they merge with each other,
  // not with those outside it. A branch that holds a shared access, a loop
  // or code that splits stays a branch in nvcc's code, and nothing merges
  // across it; plain code in a branch is predicated, and the accesses
  // before and after it still merge.
  unsigned RegionBefore = Region, SequenceBefore = Sequence;
  if (Folded) {
    // The branch taken runs unguarded; the other is walked under a guard
    // no lane passes (its subscripts are still rewritten by a fix), and
    // what it would change is put back: values, a return it holds, and
    // the straight line (a barrier or `break` in it splits nothing; its
    // accesses, with no lane, merge with none).
    const Stmt *Taken = *Folded ? S->getThen() : S->getElse();
    const Stmt *Dead = *Folded ? S->getElse() : S->getThen();
    Flow F = walk(Taken);
    if (Dead) {
      LocalValues AfterTaken = Values;
      PointerTargets PointersAfterTaken = Pointers;
      unsigned RegionTaken = Region, SoftTaken = SoftRegion,
               WriteTaken = WriteRegion;
      std::string SoftBreakTaken = SoftBreak;
      std::optional<CallFrame> Frame;
      if (!Frames.empty())
        Frame = Frames.back();
      pushGuard(LaneExpr::constant(0));
      walk(Dead);
      popGuard();
      Values = std::move(AfterTaken);
      Pointers = std::move(PointersAfterTaken);
      Region = RegionTaken;
      SoftRegion = SoftTaken;
      WriteRegion = WriteTaken;
      SoftBreak = std::move(SoftBreakTaken);
      if (Frame)
        Frames.back() = std::move(*Frame);
    }
    return F;
  }
  pushGuard(Cond, onlyComputesValues(S->getThen()));
  Flow Then = walk(S->getThen());
  popGuard();
  LocalValues AfterThen = std::move(Values);
  PointerTargets PointersAfterThen = std::move(Pointers);
  Values = std::move(Before);
  Pointers = std::move(PointersBefore);

  pushGuard(negation(Cond), onlyComputesValues(S->getElse()));
  Flow Else = walk(S->getElse());
  popGuard();
  if (Region != RegionBefore || Sequence != SequenceBefore)
    ++Region;

  if (Then.Terminates && Else.Terminates)
    return {true, nullptr};
  if (Then.Terminates) { // Values are the else branch's already.
    keepLeaderWrites(AfterThen);
    return {false, conjunction(negation(Cond), Else.ContinueGuard)};
  }
  if (Else.Terminates) {
    LocalValues AfterElse = std::move(Values);
    Values = std::move(AfterThen);
    Pointers = std::move(PointersAfterThen);
    keepLeaderWrites(AfterElse);
    return {false, conjunction(Cond, Then.ContinueGuard)};
  }
  joinBranchValues(Cond, std::move(AfterThen), std::move(PointersAfterThen));
  LaneExprPtr Continue;
  if (Then.ContinueGuard || Else.ContinueGuard)
    Continue = LaneExpr::conditional(
        Cond, Then.ContinueGuard ? Then.ContinueGuard : LaneExpr::constant(1),
        Else.ContinueGuard ? Else.ContinueGuard : LaneExpr::constant(1),
        IntType::boolTy());
  return {false, Continue};
}

/// A leader's write in a branch that leaves (`if (t == 0) { n = i; break;
/// }`) is what every lane reads after the barrier: the later of \p Other's
/// and Values' symbols of each leader scalar is kept.
void Walker::keepLeaderWrites(const LocalValues &Other) {
  for (const VarDecl *V : LeaderScalars) {
    LaneExprPtr Theirs = Other.lookup(V), Ours = Values.lookup(V);
    if (Theirs && Ours && leaderWriteOrder(Theirs) > leaderWriteOrder(Ours))
      Values[V] = Theirs;
  }
}

unsigned Walker::leaderWriteOrder(const LaneExprPtr &Value) const {
  auto It = LeaderWriteOrder.find(Value.get());
  return It == LeaderWriteOrder.end() ? 0 : It->second;
}

/// After an if/else whose branches both fall through (Values holds the else
/// branch's): each variable holds `cond ? then : else`; one that only one
/// branch knows is forgotten, and so is a pointer that the branches point
/// into different variables.
void Walker::joinBranchValues(const LaneExprPtr &Cond, LocalValues AfterThen,
                              PointerTargets PointersAfterThen) {
  for (auto It = Pointers.begin(); It != Pointers.end();) {
    auto Then = PointersAfterThen.find(It->first);
    if (Then == PointersAfterThen.end() ||
        Then->second.Root != It->second.Root ||
        Then->second.Type.getCanonicalType() !=
            It->second.Type.getCanonicalType()) {
      Values.erase(It->first);
      AfterThen.erase(It->first);
      Pointers.erase(It++);
    } else {
      ++It;
    }
  }
  for (const auto &[V, Target] : PointersAfterThen)
    if (!Pointers.count(V))
      AfterThen.erase(V);
  LocalValues AfterElse = std::move(Values);
  Values = std::move(AfterThen);
  for (auto &[V, E] : AfterElse) {
    LaneExprPtr T = Values.lookup(V);
    if (T == E)
      continue;
    if (!T) {
      Values.erase(V);
      continue;
    }
    // Every lane reads what the leader wrote in its branch.
    if (LeaderScalars.count(V)) {
      Values[V] = leaderWriteOrder(T) >= leaderWriteOrder(E) ? T : E;
      continue;
    }
    Values[V] = assignedValue(LaneExpr::conditional(Cond, T, E, T->Type));
  }
  for (auto It = Values.begin(); It != Values.end();)
    if (!AfterElse.count(It->first))
      Values.erase(It++);
    else
      ++It;
}

} // namespace walk

WalkResult walkFunction(ASTContext &Ctx, const FunctionDecl &Function,
                        const AccessSink &Sink, const WalkOptions &Options) {
  if (!Function.getBody())
    return {};
  return walk::Walker(Ctx, Function, Sink, Options).run();
}

} // namespace bankfix
