// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopWalking.cpp - Loops: unrolled when their trip count is known ---===//
//
// A for loop whose condition is a known number at every iteration (the same
// for every lane) is unrolled: its body is walked once per iteration, each
// access labelled with the iteration ("j = 8"); so is a loop without a
// condition (`for (;;)`, `while (true)`) whose one `if (c) break;` is known
// at every iteration. Any other loop is walked once, with the variables it
// changes made warp-uniform symbols (when every change keeps them uniform)
// or unknown.
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/Walker.h"

#include "core/expr/LaneEvaluator.h"
#include "core/expr/SettledValue.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace bankfix {
namespace walk {

namespace {

/// Iterations one loop may be unrolled to, and body walks one function may
/// spend on unrolling in all.
constexpr unsigned MaxLoopIterations = 1024;
constexpr unsigned MaxUnrolledBodies = 8192;

} // namespace

bool WriteCollector::VisitBinaryOperator(BinaryOperator *B) {
  if (B->isAssignmentOp())
    note(B->getLHS());
  return true;
}

bool WriteCollector::VisitUnaryOperator(UnaryOperator *U) {
  if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
    note(U->getSubExpr());
  return true;
}

bool WriteCollector::VisitCallExpr(CallExpr *C) {
  for (unsigned I = 0; I < C->getNumArgs(); ++I)
    if (callMayWriteArgument(C, I))
      note(C->getArg(I));
  return true;
}

void WriteCollector::note(const Expr *E) {
  if (const VarDecl *V = localVariable(E))
    Written.insert(V);
  else if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *S = dyn_cast<VarDecl>(Ref->getDecl());
        S && S->hasAttr<CUDASharedAttr>())
      SharedWritten.insert(S);
}

WriteCollector WriteCollector::of(std::initializer_list<const Stmt *> Stmts) {
  WriteCollector Writes;
  for (const Stmt *S : Stmts)
    if (S)
      Writes.TraverseStmt(const_cast<Stmt *>(S));
  return Writes;
}

void Walker::walkFor(const ForStmt *S) {
  // A loop in a loop walked for all its iterations at once: walked the
  // same way (the nest's iterations then stand for each other), or the
  // loop around is walked otherwise.
  if (Stepped && (Stepped->Refused || Stepped->Inner)) {
    Stepped->Refused = true;
    return;
  }
  walk(S->getInit());
  WriteCollector Writes =
      WriteCollector::of({S->getBody(), S->getInc(), S->getCond()});
  if (Stepped) {
    if (!tryStepped(S, Writes))
      Stepped->Refused = true;
    return;
  }
  std::string Uncounted;
  if (tryStepped(S, Writes) ||
      tryUnroll(loopParts(S, S->getCond(), S->getBody(), S->getInc()), Writes,
                Uncounted))
    return;
  Result.NotUnrolled.insert(S);
  walkLoopOnceUncounted(std::move(Uncounted), S->getBody(), S->getCond(),
                        S->getInc(), Writes);
}

void Walker::walkLoopOnceUncounted(std::string Uncounted, const Stmt *Body,
                                   const Expr *Cond, const Expr *Inc,
                                   const WriteCollector &Writes) {
  // A loop whose trip count is known, walked once: its accesses would count
  // one iteration for all. They are not judged instead, and say why.
  std::string Enclosing = OverBudget;
  if (OverBudget.empty())
    OverBudget = std::move(Uncounted);
  walkLoopOnce(Body, Cond, Inc, Writes);
  OverBudget = std::move(Enclosing);
}

void Walker::walkWhile(const WhileStmt *S) {
  WriteCollector Writes = WriteCollector::of({S});
  std::string Uncounted;
  if (!Stepped) {
    LoopParts L = loopParts(S, S->getCond(), S->getBody(), nullptr);
    // A while loop with a condition is walked once, as before; only an
    // endless one with its exit is counted.
    if (L.Exit && tryUnroll(L, Writes, Uncounted))
      return;
  }
  walkLoopOnceUncounted(std::move(Uncounted), S->getBody(), S->getCond(),
                        nullptr, Writes);
}

namespace {

/// The `break` statements that leave the loop whose body is \p S (not
/// those of a loop or switch inside it), added to \p Out.
void collectBreaks(const Stmt *S, std::vector<const Stmt *> &Out) {
  if (!S || isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(S))
    return;
  if (isa<BreakStmt>(S)) {
    Out.push_back(S);
    return;
  }
  for (const Stmt *Child : S->children())
    collectBreaks(Child, Out);
}

bool writtenOnlyAtTopLevel(const Stmt *Body, const VarDecl *V);

/// Whether the exit `if (c) break;` of the loop whose body is \p Body can
/// be judged before the body is walked, as its side effects run
/// statement by statement: \p c calls nothing, and each variable it reads
/// lives outside the body and is written only by the body's own
/// statements (not under an if or an inner loop, which the walk may fold
/// otherwise).
bool exitCountable(const Stmt *Body, const IfStmt *Exit) {
  struct Reads : DynamicRecursiveASTVisitor {
    std::vector<const VarDecl *> Vars;
    bool Calls = false;
    bool VisitDeclRefExpr(DeclRefExpr *E) override {
      if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
        Vars.push_back(V);
      return true;
    }
    bool VisitCallExpr(CallExpr *) override {
      Calls = true;
      return false;
    }
  } R;
  R.TraverseStmt(const_cast<Expr *>(Exit->getCond()));
  if (R.Calls)
    return false;
  WriteCollector InBody = WriteCollector::of({Body});
  for (const VarDecl *V : R.Vars)
    if (InBody.Declared.contains(V) || !writtenOnlyAtTopLevel(Body, V))
      return false;
  return true;
}

/// \p S is `break;` or `{ break; }`.
const Stmt *onlyBreak(const Stmt *S) {
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
    S = C->size() == 1 ? C->body_front() : nullptr;
  return isa_and_nonnull<BreakStmt>(S) ? S : nullptr;
}

} // namespace

Walker::LoopParts Walker::loopParts(const Stmt *Loop, const Expr *Cond,
                                    const Stmt *Body, const Expr *Inc) const {
  LoopParts L{Loop, Cond, Body, Inc};
  bool Endless = !Cond;
  bool Value = false;
  if (Cond && !Cond->isValueDependent() &&
      Cond->EvaluateAsBooleanCondition(Value, Ctx))
    Endless = Value;
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!Endless || !C)
    return L;
  std::vector<const Stmt *> Breaks;
  collectBreaks(C, Breaks);
  for (const Stmt *Child : C->body())
    if (const auto *If = dyn_cast<IfStmt>(Child))
      if (!If->getElse() && !If->getInit() && !If->getConditionVariable() &&
          Breaks.size() == 1 && onlyBreak(If->getThen()) == Breaks.front() &&
          exitCountable(C, If)) {
        L.Cond = nullptr;
        L.Exit = If;
      }
  return L;
}

std::optional<bool> Walker::leavesAtExit(const LoopParts &L) {
  for (const Stmt *Child : cast<CompoundStmt>(L.Body)->body()) {
    if (Child != L.Exit) {
      applySideEffects(Child);
      continue;
    }
    LaneExprPtr Cond = translate(L.Exit->getCond());
    std::optional<int64_t> Leaves;
    if (!dependsOnLane(*Cond))
      Leaves = evaluateLaneConcrete(*Cond, LaneEnv{});
    if (!Leaves)
      return std::nullopt;
    if (*Leaves)
      return true;
  }
  applySideEffects(L.Inc);
  return false;
}

void Walker::settleLoopValues(const WriteCollector &Writes) {
  for (const VarDecl *V : Writes.Written) {
    auto It = Values.find(V);
    if (It == Values.end() || !It->second)
      continue;
    if (LaneExprPtr Settled = settledValue(*It->second))
      It->second = std::move(Settled);
  }
}

std::string Walker::iterationLabel(const WriteCollector &Writes) {
  std::vector<std::pair<std::string, int64_t>> Vars;
  for (const VarDecl *V : Writes.Written) {
    // A variable declared in the body (an inner loop's counter) starts
    // afresh in each iteration: what it held last is not this iteration's.
    LaneExprPtr E = Writes.Declared.contains(V) ? nullptr : Values.lookup(V);
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

std::optional<int64_t> Walker::conditionOverBlock(const LaneExpr &Cond,
                                                  bool &Uniform) {
  BlockShape Shape;
  Shape.Dim = *Options.BlockDim;
  std::optional<int64_t> First;
  bool Any = false;
  for (unsigned Warp = 0; Warp < Shape.warps(); ++Warp)
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      std::optional<std::array<unsigned, 3>> Tid = Shape.threadIdx(Warp, Lane);
      if (!Tid)
        continue;
      std::optional<int64_t> V =
          evaluateLaneConcrete(Cond, LaneEnv{*Tid, Shape.Dim});
      if (!V)
        return std::nullopt;
      bool Stays = *V != 0;
      if (First && (*First != 0) != Stays)
        Uniform = false;
      if (!First)
        First = Stays;
      Any = Any || Stays;
    }
  return Any ? 1 : 0;
}

/// The loop's trip count, counted without walking the body's accesses: the
/// condition must be known at every iteration: the same for every lane, or
/// (when blockDim is known) known for every thread of the block, the loop
/// running until the last thread leaves it; for a loop without one, its
/// exit's condition, the same known value in every lane (leavesAtExit).
/// The values are as before on return.
std::optional<Walker::Trips> Walker::countTrips(const LoopParts &L,
                                                const WriteCollector &Writes) {
  LocalValues Start = Values;
  PointerTargets StartPointers = Pointers;
  std::optional<Trips> T = Trips{};
  for (;; ++T->Count) {
    if (L.Exit) {
      std::optional<bool> Leaves =
          T->Count < MaxLoopIterations ? leavesAtExit(L) : std::nullopt;
      if (!Leaves) {
        T.reset();
        break;
      }
      if (*Leaves) {
        ++T->Count; // The last iteration runs up to its exit.
        break;
      }
      settleLoopValues(Writes);
      continue;
    }
    LaneExprPtr Cond = translate(L.Cond);
    bool Lanes = dependsOnLane(*Cond);
    if ((mentions(*Cond, ExprKind::BlockDim) || Lanes) && !Options.BlockDim)
      Result.NeedsBlockDim = true;
    if (mentions(*Cond, ExprKind::BlockDim) || (Lanes && !Options.BlockDim) ||
        T->Count > MaxLoopIterations) {
      T.reset();
      break;
    }
    std::optional<int64_t> Stays;
    if (Lanes) {
      bool Uniform = true;
      Stays = conditionOverBlock(*Cond, Uniform);
      T->LaneDependent = T->LaneDependent || !Uniform;
    } else {
      EvalResult R = evaluateLane(*Cond, LaneEnv{});
      if (R.ok() && R.Value->isConcrete())
        Stays = R.Value->Const;
    }
    if (!Stays && !Lanes && (Stays = staysUnderBound(L.Cond)))
      T->Bounded = T->LaneDependent = true;
    if (!Stays) {
      T.reset();
      break;
    }
    if (*Stays == 0)
      break;
    // Only the loop's own variables move; the body must not change them
    // in ways the increment does not show, so apply the body's side effects
    // too.
    applySideEffects(L.Body);
    applySideEffects(L.Inc);
    settleLoopValues(Writes);
  }
  Values = std::move(Start);
  Pointers = std::move(StartPointers);
  if (T && UnrolledBodies + T->Count > MaxUnrolledBodies)
    T->OverBudget = true;
  return T;
}

std::optional<int64_t> Walker::constantUpperBound(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        V && V->isLocalVarDecl() && V->getType().isConstQualified() &&
        V->getInit())
      E = V->getInit()->IgnoreParenImpCasts();
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() != 2 ||
      (Callee->getName() != "min" && Callee->getName() != "umin" &&
       Callee->getName() != "llmin" && Callee->getName() != "ullmin"))
    return std::nullopt;
  std::optional<int64_t> Bound;
  for (const Expr *Arg : Call->arguments())
    if (std::optional<int64_t> V =
            evaluateLaneConcrete(*translate(Arg), LaneEnv{}))
      Bound = Bound ? std::min(*Bound, *V) : *V;
  return Bound;
}

std::optional<int64_t> Walker::staysUnderBound(const Expr *Cond) {
  const auto *B = dyn_cast_or_null<BinaryOperator>(
      Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!B || (B->getOpcode() != BO_LT && B->getOpcode() != BO_LE))
    return std::nullopt;
  std::optional<int64_t> Bound = constantUpperBound(B->getRHS());
  std::optional<int64_t> Value =
      evaluateLaneConcrete(*translate(B->getLHS()), LaneEnv{});
  if (!Bound || !Value)
    return std::nullopt;
  return B->getOpcode() == BO_LT ? *Value < *Bound : *Value <= *Bound;
}

bool Walker::tryUnroll(const LoopParts &L, const WriteCollector &Writes,
                       std::string &Uncounted) {
  // A `break` is followed: the lanes that take it run no later iteration
  // (their guard). Other jumps are not.
  if (Writes.OtherJumps || (!L.Cond && !L.Exit))
    return false;
  std::optional<Trips> T = countTrips(L, Writes);
  if (!T)
    return false;
  if (T->OverBudget) {
    Uncounted = "it lies in a loop of " + std::to_string(T->Count) +
                " iterations that bankfix does not unroll: nested loops "
                "multiply their trip counts, and it unrolls " +
                std::to_string(MaxUnrolledBodies) +
                " loop bodies per function at most";
    return false;
  }
  UnrolledBodies += T->Count;
  std::string Outer = Iteration;
  // nvcc compiles a loop that a walk without blockDim or the launches'
  // arguments cannot unroll once: a loop in its code, which nothing merges
  // across.
  // A loop nvcc never unrolls: no two of its iterations are in one
  // straight line.
  bool Kept = keptAsLoop(L.Loop, T->Count);
  bool Once =
      (Options.CompiledOnce && Options.CompiledOnce->contains(L.Loop)) ||
      Kept || T->Bounded;
  if (Once) {
    CompiledOnceLoops.push_back({L.Loop, 0});
    noteBarrier();
  }
  bool SavedBreak = std::exchange(BreakEndsIteration, Writes.Jumps);
  unsigned BreakGuards = 0;
  for (unsigned I = 0; I < T->Count; ++I) {
    if (Once)
      CompiledOnceLoops.back().second = I;
    walkExpr(L.Cond);
    std::string Label = iterationLabel(Writes);
    if (Label.empty()) // The loop's variables differ per lane.
      Label = "#" + std::to_string(I + 1);
    Iteration = Outer.empty() ? Label : Outer + ", " + Label;
    // A run-time bound: the condition, as written, holds or not in every
    // iteration the constant bound allows.
    if (T->LaneDependent)
      pushGuard(T->Bounded ? Translator.unknown(L.Cond,
                                                "has a bound known at run time")
                           : translate(L.Cond));
    Flow Body = walk(L.Body);
    if (!Body.Terminates)
      walkExpr(L.Inc);
    if (T->LaneDependent)
      popGuard();
    if (Body.Terminates) // Every lane that got here broke out.
      break;
    // The lanes that broke out run no later iteration.
    if (Body.ContinueGuard) {
      pushGuard(Body.ContinueGuard);
      ++BreakGuards;
    }
    settleLoopValues(Writes);
    if (Kept)
      noteBarrier();
  }
  for (; BreakGuards; --BreakGuards)
    popGuard();
  BreakEndsIteration = SavedBreak;
  Iteration = Outer;
  if (Once) {
    CompiledOnceLoops.pop_back();
    noteBarrier();
  }
  walkExpr(L.Cond);
  return true;
}

bool Walker::keptAsLoop(const Stmt *S, uint64_t Count) const {
  if (Count <= 1)
    return false;
  auto It = UnrollHints.find(S);
  if (It == UnrollHints.end())
    return false;
  const LoopHintAttr &H = *It->second;
  if (H.getState() == LoopHintAttr::Disable)
    return true;
  if (H.getOption() == LoopHintAttr::UnrollCount)
    if (const Expr *V = H.getValue())
      if (std::optional<llvm::APSInt> N = V->getIntegerConstantExpr(Ctx))
        return *N == 1;
  return false;
}

/// A warp-uniform symbol for the value \p V holds in a loop: for a pointer,
/// a multiple of its pointee's alignment.
LaneExprPtr Walker::uniformValueOf(const VarDecl *V) {
  auto It = Pointers.find(V);
  if (It == Pointers.end())
    return LaneExpr::uniform(V->getNameAsString(), Values[V]->Type);
  QualType T = It->second.Type.getCanonicalType();
  int64_t Align = T->isIncompleteType() || T->isVoidType()
                      ? 1
                      : Ctx.getTypeAlignInChars(T).getQuantity();
  IntType Long = IntType::longTy();
  return LaneExpr::binary(BinaryOp::Mul,
                          LaneExpr::uniform(V->getNameAsString(), Long),
                          LaneExpr::constant(Align, Long), Long);
}

namespace {

bool isPowerOfTwo(int64_t V) { return V > 0 && (V & (V - 1)) == 0; }

/// The largest power of two a symbol is tried at.
constexpr int64_t LargestPowerTried = int64_t(1) << 30;

/// The power of two one iteration multiplies (positive) or divides
/// (negative) a variable by, whatever the variable held before it, when it
/// ends holding \p Out: 1 for `s <<= 1`, -2 for `q >>= 2`; nullopt for
/// anything else.
std::optional<int> geometricShift(const std::string &Name,
                                  const LaneExprPtr &Out) {
  std::optional<int> Shift;
  for (int64_t T : {int64_t(1) << 20, int64_t(2), int64_t(8), int64_t(64)}) {
    UniformBindings B = {{Name, T}};
    LaneEnv Env;
    Env.Uniforms = &B;
    std::optional<int64_t> Next = evaluateLaneConcrete(*Out, Env);
    if (!Next)
      return std::nullopt;
    if (!Shift) {
      // Read from the largest value; the others confirm it.
      int64_t Big = std::max(*Next, T), Small = std::min(*Next, T);
      if (Small <= 0 || Big == Small || Big % Small ||
          !isPowerOfTwo(Big / Small))
        return std::nullopt;
      int K = llvm::Log2_64(uint64_t(Big / Small));
      Shift = *Next > T ? K : -K;
    }
    if (*Shift > 0 ? *Next != (T << *Shift) : *Next != (T >> -*Shift))
      return std::nullopt;
  }
  return Shift;
}

/// \p E without the integer conversions around it that keep at least
/// \p Bits bits (every conversion for 0).
const LaneExpr *withoutWideningCasts(const LaneExpr *E, unsigned Bits = 0) {
  while (E->Kind == ExprKind::Cast && E->Type.Bits >= Bits &&
         E->Ops[0]->Type.Bits >= Bits)
    E = E->Ops[0].get();
  return E;
}

/// Whether \p Symbol appears in \p E only as a left shift's amount, alone
/// or plus or minus a constant of at most 64 (`1 << log2n`, `n << (k -
/// 2)`): its values from -64 to 127 then give every amount a shift allows.
bool onlyShiftAmount(const LaneExpr &E, const std::string &Symbol) {
  auto IsSymbol = [&](const LaneExpr *X) {
    X = withoutWideningCasts(X);
    return X->Kind == ExprKind::Uniform && X->Name == Symbol;
  };
  auto IsAmount = [&](const LaneExpr *X) {
    X = withoutWideningCasts(X);
    if (IsSymbol(X))
      return true;
    if (X->Kind != ExprKind::Binary ||
        (X->BOp != BinaryOp::Add && X->BOp != BinaryOp::Sub) ||
        !IsSymbol(X->Ops[0].get()))
      return false;
    const LaneExpr *C = withoutWideningCasts(X->Ops[1].get());
    return C->Kind == ExprKind::Constant && C->Value >= -64 && C->Value <= 64;
  };
  if (E.Kind == ExprKind::Binary && E.BOp == BinaryOp::Shl &&
      IsAmount(E.Ops[1].get()))
    return onlyShiftAmount(*E.Ops[0], Symbol);
  if (E.Kind == ExprKind::Uniform && E.Name == Symbol)
    return false;
  for (const LaneExprPtr &Op : E.Ops)
    if (!onlyShiftAmount(*Op, Symbol))
      return false;
  return true;
}

} // namespace

std::optional<Walker::Geometric>
Walker::geometricFrom(const std::string &Name, const LaneExprPtr &In,
                      const LaneExprPtr &Out, const LaneExpr *Cond) const {
  if (!In || !Out)
    return std::nullopt;
  std::optional<int> Shift = geometricShift(Name, Out);
  if (!Shift)
    return std::nullopt;
  bool Grows = *Shift > 0;
  // The value the start depends on: none, or one symbol, tried at each
  // value it can hold.
  std::map<std::string, IntType> Named;
  collectUniforms(*In, Named);
  if (Named.size() > 1)
    return std::nullopt;
  std::string Symbol;
  std::vector<int64_t> Tried = {0};
  bool ShiftAmount = false;
  if (!Named.empty()) {
    Symbol = Named.begin()->first;
    Tried.clear();
    if (auto It = OncePowersOfTwo.find(Symbol); It != OncePowersOfTwo.end()) {
      for (int64_t P = It->second; P <= LargestPowerTried; P *= 2)
        Tried.push_back(P);
    } else if (onlyShiftAmount(*In, Symbol)) {
      ShiftAmount = true;
      for (int64_t A = -64; A < 128; ++A)
        Tried.push_back(A);
    } else {
      return std::nullopt;
    }
  }
  std::optional<int64_t> Least;
  for (int64_t Value : Tried) {
    UniformBindings B;
    if (!Symbol.empty())
      B.push_back({Symbol, Value});
    LaneEnv Env;
    Env.Uniforms = &B;
    std::optional<int64_t> Start = evaluateLaneConcrete(*In, Env);
    // An amount no shift allows is one no program runs with.
    if (!Start && ShiftAmount)
      continue;
    if (!Start)
      return std::nullopt;
    if (!isPowerOfTwo(*Start)) {
      // A shrinking loop that starts where its condition is false (`for
      // (; s > 0; s >>= 1)` after `s = size / 4` with size = 2) does not
      // run. A growing one would leave the value it started at.
      if (Grows || !Cond)
        return std::nullopt;
      B.push_back({Name, *Start});
      std::optional<int64_t> Runs = evaluateLaneConcrete(*Cond, Env);
      if (!Runs || *Runs != 0)
        return std::nullopt;
      continue;
    }
    Least = Least ? std::min(*Least, *Start) : *Start;
  }
  if (!Least)
    return std::nullopt;
  // No iteration runs with 0 when the condition is false there, whatever
  // else it reads (a value the same in every lane, not known).
  bool NeverZero = false;
  if (Cond && !dependsOnLane(*Cond) && !mentions(*Cond, ExprKind::BlockDim)) {
    UniformBindings Zero = {{Name, 0}};
    LaneEnv Env;
    Env.Uniforms = &Zero;
    std::optional<int64_t> Runs = evaluateLaneConcrete(*Cond, Env);
    NeverZero = Runs && *Runs == 0;
  }
  return Geometric{Grows ? *Least : 1, Grows, NeverZero};
}

namespace {

/// Whether every write of \p V in \p Body is a statement of the body
/// itself, run by every lane in every iteration (none under an if, a
/// switch or an inner loop).
bool writtenOnlyAtTopLevel(const Stmt *Body, const VarDecl *V) {
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!C)
    return isa_and_nonnull<Expr>(Body) ||
           !WriteCollector::of({Body}).Written.count(V);
  for (const Stmt *S : C->body())
    if (!isa<Expr>(S) && WriteCollector::of({S}).Written.count(V))
      return false;
  return true;
}

/// What one iteration adds to a variable that held \p Symbol (named
/// \p Name) when it ends holding \p Out (`i + blockDim.x`: blockDim.x);
/// null when \p Out is not the symbol plus or minus a term without it.
LaneExprPtr stepOf(const LaneExprPtr &Out, const LaneExpr &Symbol,
                   const std::string &Name) {
  const LaneExpr *E = withoutWideningCasts(Out.get(), Symbol.Type.Bits);
  if (E->Kind != ExprKind::Binary ||
      (E->BOp != BinaryOp::Add && E->BOp != BinaryOp::Sub))
    return nullptr;
  auto IsSymbol = [&](const LaneExprPtr &Op) {
    return withoutWideningCasts(Op.get(), Symbol.Type.Bits) == &Symbol;
  };
  auto Names = [&](const LaneExprPtr &Op) {
    return mentionsUniform(*Op,
                           [&](const std::string &N) { return N == Name; });
  };
  if (IsSymbol(E->Ops[0]) && !Names(E->Ops[1]))
    return E->BOp == BinaryOp::Add
               ? E->Ops[1]
               : LaneExpr::unary(UnaryOp::Minus, E->Ops[1], E->Ops[1]->Type);
  if (E->BOp == BinaryOp::Add && IsSymbol(E->Ops[1]) && !Names(E->Ops[0]))
    return E->Ops[0];
  return nullptr;
}

} // namespace

void Walker::walkLoopOnce(const Stmt *Body, const Expr *Cond, const Expr *Inc,
                          const WriteCollector &Writes, bool TestsFirst) {
  if (Stepped) {
    Stepped->Refused = true;
    return;
  }
  // Variables the loop changes: a warp-uniform symbol when their value on
  // entry is uniform and every change keeps it so, unknown otherwise.
  bool SavedBreak = std::exchange(BreakEndsIteration, false);
  LocalValues Entry = Values;
  ++Region;
  for (const VarDecl *V : Writes.Written)
    if (Values.count(V))
      Values[V] = uniformValueOf(V);
  // A scalar the leader writes in the loop holds, on entry to an
  // iteration, the first value or one a later write left: a symbol of its
  // own, not the value before the loop.
  const SourceManager &SM = Ctx.getSourceManager();
  for (const VarDecl *V : Writes.SharedWritten)
    if (LeaderScalars.count(V) && Values.count(V))
      Values[V] = freshSymbol(V->getNameAsString() + " in the loop at line " +
                                  std::to_string(SM.getPresumedLineNumber(
                                      SM.getExpansionLoc(Body->getBeginLoc()))),
                              Values[V]->Type);
  LocalValues Trial = Values;
  applySideEffects(Body);
  applySideEffects(Inc);
  LocalValues AfterOne = std::move(Values);
  Values = std::move(Trial);
  // A variable that starts at a lane's own value and steps by the same
  // amount in every lane (`i = threadIdx.x; ...; i += blockDim.x`) holds
  // its entry value plus the step times the iteration, a symbol.
  std::map<const VarDecl *, std::string> IterationSymbols;
  for (const VarDecl *V : Writes.Written) {
    if (!Values.count(V))
      continue;
    LaneExprPtr In = Entry.lookup(V), Out = AfterOne.lookup(V);
    bool Known = In && Out && !mentions(*In, ExprKind::Unknown) &&
                 !dependsOnLane(*Out) && !mentions(*Out, ExprKind::Unknown);
    if (Known && !dependsOnLane(*In))
      continue;
    if (Known && !Pointers.count(V))
      if (LaneExprPtr Step = stepOf(Out, *Values[V], V->getNameAsString())) {
        std::string Symbol = "iter(" + V->getNameAsString() + ")";
        IntType T = Values[V]->Type;
        Values[V] = LaneExpr::binary(
            BinaryOp::Add, In,
            LaneExpr::binary(
                BinaryOp::Mul,
                LaneExpr::cast(LaneExpr::uniform(Symbol, IntType::unsignedTy()),
                               T),
                LaneExpr::cast(Step, T), T),
            T);
        IterationSymbols[V] = Symbol;
        continue;
      }
    Values[V] = LaneExpr::unknown(V->getNameAsString(),
                                  "changes in a loop bankfix cannot unroll");
  }
  size_t SymbolsBefore = OnceLoopSymbols.size();
  std::map<std::string, int64_t> PowersBefore = OncePowersOfTwo;
  std::set<std::string> NeverZeroBefore = OncePowersNeverZero;
  // A do-while runs its first iteration whatever its condition says: it
  // tells nothing of the values the body sees.
  LaneExprPtr CondOnEntry = Cond && TestsFirst ? translate(Cond) : nullptr;
  WriteCollector CondWrites = WriteCollector::of({Cond});
  // The variables that double or halve from a power of two, with the
  // least; those that double.
  std::map<std::string, int64_t> Powers;
  std::set<std::string> NeverZero;
  std::map<const VarDecl *, int64_t> Doubling;
  for (const VarDecl *V : Writes.Written)
    if (auto It = IterationSymbols.find(V); It != IterationSymbols.end())
      OnceLoopSymbols.push_back(It->second);
    else if (Values.count(V) && Values[V]->Kind != ExprKind::Unknown) {
      OnceLoopSymbols.push_back(V->getNameAsString());
      // One iteration's change is read from the body and the increment
      // as if each write ran: not so for a write under an if, or in the
      // condition (`q-- > 0`).
      if (!writtenOnlyAtTopLevel(Body, V) || CondWrites.Written.count(V))
        continue;
      if (std::optional<Geometric> G =
              geometricFrom(V->getNameAsString(), Entry.lookup(V),
                            AfterOne.lookup(V), CondOnEntry.get())) {
        Powers[V->getNameAsString()] = G->From;
        if (G->NeverZero)
          NeverZero.insert(V->getNameAsString());
        if (G->Grows)
          Doubling[V] = G->From;
      }
    }
  // A variable the loop writes is a new symbol in it, whatever one of its
  // name held before (a power of two a loop before it left).
  for (const VarDecl *V : Writes.Written) {
    OncePowersOfTwo.erase(V->getNameAsString());
    OncePowersNeverZero.erase(V->getNameAsString());
  }
  for (const auto &[Name, From] : Powers)
    OncePowersOfTwo[Name] = From;
  OncePowersNeverZero.insert(NeverZero.begin(), NeverZero.end());
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
  OnceLoopSymbols.resize(SymbolsBefore);
  OncePowersOfTwo = std::move(PowersBefore);
  OncePowersNeverZero = std::move(NeverZeroBefore);
  ++Region;
  BreakEndsIteration = SavedBreak;
  // A variable the loop doubles from a power of two holds one after it,
  // the same in every lane when every lane leaves the loop together (its
  // condition is uniform and nothing leaves it early): a warp-uniform
  // value not known, of the powers of two from the least
  // (`offset >>= 1` in a scan's down-sweep after its up-sweep doubled it).
  // It is a symbol of its own (named for the loop), so that no other
  // symbol of the variable's name, a parameter or a callee's local, is
  // taken for it.
  bool LeaveTogether = !Guarded && !Writes.Jumps;
  for (const VarDecl *V : Writes.Written) {
    if (!Values.count(V))
      continue;
    auto D = Doubling.find(V);
    if (D != Doubling.end() && LeaveTogether && !Pointers.count(V) &&
        writtenOnlyAtTopLevel(Body, V)) {
      LaneExprPtr Symbol =
          freshSymbol(V->getNameAsString() + " after the loop at line " +
                          std::to_string(SM.getPresumedLineNumber(
                              SM.getExpansionLoc(Body->getBeginLoc()))),
                      Values[V]->Type);
      const std::string &Name = Symbol->Name;
      Values[V] = Symbol;
      OncePowersOfTwo[Name] = D->second;
      OncePowersOfTwo.erase(V->getNameAsString());
      OncePowersNeverZero.erase(V->getNameAsString());
      continue;
    }
    OncePowersOfTwo.erase(V->getNameAsString());
    OncePowersNeverZero.erase(V->getNameAsString());
    Values[V] = LaneExpr::unknown(V->getNameAsString(),
                                  "holds the value a loop left in it");
  }
}

} // namespace walk
} // namespace bankfix
