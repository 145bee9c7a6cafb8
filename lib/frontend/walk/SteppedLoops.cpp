// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SteppedLoops.cpp - Loops walked once for all their iterations ------===//
//
// A for loop whose variables each step by a constant (`j += 8`, `p++`),
// whose condition compares them with constants, and whose body holds no
// loop, is walked once instead of once per iteration: each variable it
// changes is a symbol during that walk, and its accesses carry an
// IterationRange that says what the symbols hold in iteration k (what the
// unrolled walk, LoopWalking.cpp, would have held) and how the unrolled
// walk would have labelled it. The trip count comes from the condition in
// closed form, checked against the evaluator at its ends. Variables the
// loop changes in ways that are no number after the first iteration (`sum
// += t[i]`) may be changed too, as long as no access reads them; after
// the loop they hold what the unrolled walk would have left. Anything else
// is left to the unrolled walk.
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/Walker.h"

#include "core/access/PeriodicForm.h"
#include "core/expr/LaneEvaluator.h"
#include "core/expr/SettledValue.h"

#include <cstdlib>
#include <set>

using namespace clang;

namespace bankfix {
namespace walk {

namespace {

/// Longest loop walked this way, and the simulated iterations that settle
/// what the unknown variables hold after it.
constexpr uint64_t MaxSteppedIterations = uint64_t(1) << 40;
constexpr uint64_t SettleIterations = 8;
/// Loops nested and walked this way at most, and the iterations of their
/// nest.
constexpr unsigned MaxNestDepth = 8;
constexpr uint64_t MaxNestIterations = uint64_t(1) << 62;

using periodic::Int;
using periodic::typeMax;
using periodic::typeMin;

bool inType(Int V, IntType T) { return V >= typeMin(T) && V <= typeMax(T); }

bool mentionsSymbol(const LaneExpr &E, const std::set<std::string> &Symbols) {
  return mentionsUniform(
      E, [&](const std::string &Name) { return Symbols.count(Name) != 0; });
}

/// Whether evaluating \p E always stops at an unknown term (an Unknown
/// leaf, or a symbol of \p Unknown) before it evaluates anything that names
/// a symbol of \p Stepping: then it is no number, whatever the iteration.
bool stopsBeforeStepping(const LaneExpr &E,
                         const std::set<std::string> &Stepping,
                         const std::set<std::string> &Unknown) {
  switch (E.Kind) {
  case ExprKind::Unknown:
    return true;
  case ExprKind::Uniform:
    return Unknown.count(E.Name) != 0;
  case ExprKind::Cast:
  case ExprKind::Unary:
  case ExprKind::Conditional:
    return stopsBeforeStepping(*E.Ops[0], Stepping, Unknown);
  case ExprKind::Binary:
    if (stopsBeforeStepping(*E.Ops[0], Stepping, Unknown))
      return true;
    if (E.BOp == BinaryOp::LAnd || E.BOp == BinaryOp::LOr ||
        mentionsSymbol(*E.Ops[0], Stepping))
      return false;
    return stopsBeforeStepping(*E.Ops[1], Stepping, Unknown);
  default:
    return false;
  }
}

/// A value linear in the iteration: Base + Slope * k.
struct Line {
  Int Base = 0, Slope = 0;
};

/// \p V (constant plus symbol terms) as a line, when its symbols all step.
std::optional<Line> lineOf(const SymbolicValue &V, const IterationRange &R) {
  Line L{V.Const, 0};
  for (const auto &[Sym, C] : V.Terms) {
    const LoopVariable *Var = R.variable(Sym);
    if (!Var)
      return std::nullopt;
    L.Base += Int(C) * Var->Start;
    L.Slope += Int(C) * Var->Step;
  }
  return L;
}

Int ceilDiv(Int A, Int B) { // B > 0
  return A >= 0 ? (A + B - 1) / B : -((-A) / B);
}

/// The first k >= 0 at which `Diff(k) Op 0` fails, Diff = Base + Slope k;
/// nullopt when it never does (or the comparison is not of this kind).
std::optional<Int> firstFailure(BinaryOp Op, Line D) {
  switch (Op) {
  case BinaryOp::GT: // Diff > 0  <=>  -Diff < 0
    return firstFailure(BinaryOp::LT, {-D.Base, -D.Slope});
  case BinaryOp::GE:
    return firstFailure(BinaryOp::LE, {-D.Base, -D.Slope});
  case BinaryOp::LT: // fails when Diff >= 0
    if (D.Base >= 0)
      return 0;
    if (D.Slope <= 0)
      return std::nullopt;
    return ceilDiv(-D.Base, D.Slope);
  case BinaryOp::LE: // fails when Diff > 0
    if (D.Base > 0)
      return 0;
    if (D.Slope <= 0)
      return std::nullopt;
    return -D.Base / D.Slope + 1;
  case BinaryOp::NE: // fails when Diff == 0
    if (D.Base == 0)
      return 0;
    if (D.Slope == 0 || (-D.Base) % D.Slope != 0 || (-D.Base) / D.Slope < 0)
      return std::nullopt;
    return -D.Base / D.Slope;
  default:
    return std::nullopt;
  }
}

const LaneExpr &withoutCasts(const LaneExpr &E) {
  const LaneExpr *Inner = &E;
  while (Inner->Kind == ExprKind::Cast && !Inner->Type.IsBool)
    Inner = Inner->Ops[0].get();
  return *Inner;
}

/// The trip count of a loop whose condition is \p Cond (in the symbols of
/// \p R), from its entry: nullopt when it is not a comparison of lines.
std::optional<uint64_t> tripCount(const LaneExpr &Cond,
                                  const IterationRange &R) {
  const LaneExpr &C = withoutCasts(Cond);
  if (C.Kind != ExprKind::Binary || dependsOnLane(C) ||
      mentions(C, ExprKind::BlockDim) || mentions(C, ExprKind::Unknown))
    return std::nullopt;
  EvalResult L = evaluateLane(*C.Ops[0], LaneEnv{});
  EvalResult Rt = evaluateLane(*C.Ops[1], LaneEnv{});
  if (!L.ok() || !Rt.ok())
    return std::nullopt;
  std::optional<Line> A = lineOf(*L.Value, R), B = lineOf(*Rt.Value, R);
  if (!A || !B)
    return std::nullopt;
  std::optional<Int> N =
      firstFailure(C.BOp, {A->Base - B->Base, A->Slope - B->Slope});
  if (!N || *N < 0 || *N > Int(MaxSteppedIterations))
    return std::nullopt;
  // No operand leaves the comparison's type on the way (they move one way).
  IntType T = C.Ops[0]->Type;
  for (Int K : {Int(0), *N})
    if (!inType(A->Base + A->Slope * K, T) ||
        !inType(B->Base + B->Slope * K, T))
      return std::nullopt;
  return uint64_t(*N);
}

/// The condition's value in iteration \p K, as the evaluator gives it.
std::optional<int64_t> conditionAt(const LaneExprPtr &Cond,
                                   const IterationRange &R, uint64_t K) {
  std::map<std::string, LaneExprPtr> Values;
  for (const LoopVariable &V : R.Variables)
    if (LaneExprPtr E = R.valueAt(V, K))
      Values[V.Symbol] = E;
  EvalResult E = evaluateLane(*substituteSymbols(Cond, Values), LaneEnv{});
  if (!E.ok() || !E.Value->isConcrete())
    return std::nullopt;
  return E.Value->Const;
}

/// Whether \p V is the counter of a for loop in \p S (declared in its
/// init).
bool countsLoopIn(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *F = dyn_cast<ForStmt>(S))
    if (const auto *D = dyn_cast_or_null<DeclStmt>(F->getInit()))
      for (const Decl *Each : D->decls())
        if (Each == V)
          return true;
  for (const Stmt *Child : S->children())
    if (countsLoopIn(Child, V))
      return true;
  return false;
}

} // namespace

/// BANKFIX_UNROLL_EVERY_LOOP=1 turns this off (every loop is unrolled as
/// before, up to 1,024 iterations): the tests compare the two walks.
static bool steppedLoopsOff() {
  static const bool Off = [] {
    const char *V = std::getenv("BANKFIX_UNROLL_EVERY_LOOP");
    return V && *V && std::string(V) != "0";
  }();
  return Off;
}

bool Walker::tryStepped(const ForStmt *S, const WriteCollector &Writes) {
  if (steppedLoopsOff() || (Stepped && Stepped->Depth + 1 >= MaxNestDepth) ||
      Writes.Jumps || !S->getCond() || !S->getInc() ||
      !WriteCollector::of({S->getCond()}).Written.empty())
    return false;
  // A loop nvcc compiles once is unrolled, each iteration's accesses
  // marked with it (LoopWalking.cpp).
  if (Options.CompiledOnce && Options.CompiledOnce->contains(S))
    return false;
  // A shared scalar the leader writes takes another value in each
  // iteration, which the walk of iterations together does not follow.
  for (const VarDecl *V : Writes.SharedWritten)
    if (LeaderScalars.count(V))
      return false;
  // The variables the loop changes that the walk follows; one declared in
  // the loop would be labelled with its last iteration's value.
  std::vector<const VarDecl *> Vars;
  for (const VarDecl *V : Writes.Written) {
    bool Followed = V->getType()->isIntegralOrEnumerationType() ||
                    V->getType()->isPointerType() || Values.count(V);
    if (Writes.Declared.count(V) && Followed && !countsLoopIn(S->getBody(), V))
      return false;
    if (Values.count(V) && !Writes.Declared.count(V))
      Vars.push_back(V);
  }
  std::sort(Vars.begin(), Vars.end(), [](const VarDecl *A, const VarDecl *B) {
    return A->getBeginLoc().getRawEncoding() <
           B->getBeginLoc().getRawEncoding();
  });

  SteppedWalk Walk;
  SteppedWalk *Around = Stepped;
  Walk.Depth = Around ? Around->Depth + 1 : 0;
  Walk.Range = std::make_shared<IterationRange>();
  LocalValues Entry = Values;
  PointerTargets EntryPointers = Pointers;
  CallResults EntryCalls = CallValues;
  size_t Remarks = Result.Remarks.size();
  unsigned EntryRegion = Region, EntrySequence = Sequence;
  Walk.EntryRegion = Region;
  for (size_t I = 0; I < Vars.size(); ++I) {
    LoopVariable L;
    L.Name = Vars[I]->getNameAsString();
    L.Symbol = "@" + L.Name + "#" +
               (Walk.Depth ? std::to_string(Walk.Depth) + "." : "") +
               std::to_string(I);
    L.Entry = Entry.lookup(Vars[I]);
    Values[Vars[I]] = LaneExpr::uniform(L.Symbol, L.Entry->Type);
    Walk.Range->Variables.push_back(std::move(L));
  }
  Stepped = &Walk;
  // The condition runs before every iteration: it must make no access.
  walkExpr(S->getCond());
  Walk.Refused = !Walk.Accesses.empty();
  walk(S->getBody());
  walkExpr(S->getInc());
  Stepped = Around;
  for (const auto &[V, P] : EntryPointers) {
    auto It = Pointers.find(V);
    if (It == Pointers.end() || It->second.Root != P.Root ||
        It->second.Type != P.Type || It->second.Volatile != P.Volatile)
      Walk.Refused = true;
  }
  if (!Walk.Refused && finishStepped(S, Walk, Writes, Vars)) {
    if (Around)
      Around->Inner = S;
    return true;
  }
  Values = std::move(Entry);
  Pointers = std::move(EntryPointers);
  CallValues = std::move(EntryCalls);
  Result.Remarks.resize(Remarks);
  Region = EntryRegion;
  Sequence = EntrySequence;
  return false;
}

namespace {

/// Splits the loop's variables of \p R into those that step by a constant
/// from a number on entry (LoopVariable::Steps set) and those that are no
/// number once changed (\p Unknown); \p Out: each variable's value after
/// one iteration. False when a variable has no value.
bool classifyVariables(IterationRange &R, const LocalValues &Values,
                       const std::vector<const VarDecl *> &Vars,
                       std::vector<LaneExprPtr> &Out,
                       std::set<std::string> &Unknown) {
  std::set<std::string> Stepping;
  Out.assign(Vars.size(), nullptr);
  for (size_t I = 0; I < Vars.size(); ++I) {
    LoopVariable &L = R.Variables[I];
    Out[I] = Values.lookup(Vars[I]);
    if (!Out[I])
      return false;
    EvalResult After = evaluateLane(*Out[I], LaneEnv{});
    EvalResult Before = evaluateLane(*L.Entry, LaneEnv{});
    bool Plain =
        !dependsOnLane(*Out[I]) && !mentions(*Out[I], ExprKind::BlockDim);
    if (Plain && After.ok() && After.Value->Terms.size() == 1 &&
        After.Value->Terms.count(L.Symbol) &&
        After.Value->Terms.at(L.Symbol) == 1 && Before.ok() &&
        Before.Value->isConcrete() && !dependsOnLane(*L.Entry) &&
        !mentions(*L.Entry, ExprKind::BlockDim)) {
      L.Steps = true;
      L.Start = Before.Value->Const;
      L.Step = After.Value->Const;
      L.Type = Out[I]->Type;
      Stepping.insert(L.Symbol);
    } else {
      Unknown.insert(L.Symbol);
    }
  }
  for (size_t I = 0; I < Vars.size(); ++I)
    if (Unknown.count(R.Variables[I].Symbol) &&
        !stopsBeforeStepping(*Out[I], Stepping, Unknown))
      return false;
  return true;
}

/// Whether \p Cond holds up to the last of \p N iterations and fails
/// then, as the unrolled walk would evaluate it, with every stepping
/// variable in its type.
bool tripsCheck(const LaneExprPtr &Cond, const IterationRange &R, uint64_t N) {
  for (const LoopVariable &L : R.Variables)
    if (L.Steps && (!inType(Int(L.Start) + Int(L.Step) * Int(N), L.Type) ||
                    !inType(L.Start, L.Type)))
      return false;
  for (uint64_t K : {uint64_t(0), uint64_t(1), N - 1})
    if (conditionAt(Cond, R, K).value_or(0) == 0)
      return false;
  return conditionAt(Cond, R, N).value_or(1) == 0;
}

/// What the variables hold after each iteration (\p Now, after the last
/// one simulated): the unrolled walk's settled values, simulated until
/// they no longer change. False when a value does not settle.
bool settleUnknowns(const IterationRange &R,
                    const std::vector<LaneExprPtr> &Out, uint64_t N,
                    std::map<std::string, LaneExprPtr> &Now) {
  for (const LoopVariable &L : R.Variables)
    Now[L.Symbol] = L.Entry;
  uint64_t Simulated = std::min<uint64_t>(N, SettleIterations);
  bool Changed = true;
  for (uint64_t K = 0; K < Simulated; ++K) {
    std::map<std::string, LaneExprPtr> Next = Now;
    Changed = false;
    for (size_t I = 0; I < Out.size(); ++I) {
      const LoopVariable &L = R.Variables[I];
      if (L.Steps) {
        Next[L.Symbol] = R.valueAt(L, K + 1);
        continue;
      }
      LaneExprPtr V = settledValue(*substituteSymbols(Out[I], Now));
      if (!V || V->Kind != ExprKind::Unknown)
        return false;
      const LaneExpr &Was = *Now[L.Symbol];
      Changed = Changed || Was.Kind != ExprKind::Unknown ||
                Was.Name != V->Name || Was.Reason != V->Reason;
      Next[L.Symbol] = V;
    }
    Now = std::move(Next);
  }
  return Simulated == N || !Changed;
}

} // namespace

LaneExprPtr Walker::steppedCondition(const ForStmt *S, const IterationRange &R,
                                     const std::vector<const VarDecl *> &Vars) {
  LocalValues After = Values;
  for (size_t I = 0; I < Vars.size(); ++I)
    Values[Vars[I]] =
        LaneExpr::uniform(R.Variables[I].Symbol, R.Variables[I].Entry->Type);
  LaneExprPtr Cond = translate(S->getCond());
  Values = std::move(After);
  return Cond;
}

void Walker::leaveSteppedLoop(const IterationRange &R,
                              const std::vector<const VarDecl *> &Vars,
                              const std::map<std::string, LaneExprPtr> &Now) {
  std::set<std::string> All;
  std::map<std::string, LaneExprPtr> Last;
  for (const LoopVariable &L : R.Variables) {
    All.insert(L.Symbol);
    Last[L.Symbol] = L.Steps ? R.valueAt(L, R.Count - 1) : Now.at(L.Symbol);
  }
  for (auto &[V, E] : Values)
    if (E && mentionsSymbol(*E, All))
      E = substituteSymbols(E, Last);
  for (size_t I = 0; I < Vars.size(); ++I)
    Values[Vars[I]] = R.Variables[I].Steps ? R.valueAt(R.Variables[I], R.Count)
                                           : Now.at(R.Variables[I].Symbol);
  for (auto &[C, E] : CallValues)
    if (E && mentionsSymbol(*E, All))
      E = substituteSymbols(E, Last);
}

bool Walker::finishStepped(const ForStmt *S, SteppedWalk &Walk,
                           const WriteCollector &Writes,
                           const std::vector<const VarDecl *> &Vars) {
  IterationRange &R = *Walk.Range;
  // A variable that gets a value in the loop only would be labelled with
  // the value of the iteration before (one declared in the body starts
  // afresh in every iteration).
  for (const VarDecl *V : Writes.Written)
    if (Values.count(V) && !Writes.Declared.count(V) &&
        std::find(Vars.begin(), Vars.end(), V) == Vars.end())
      return false;
  std::vector<LaneExprPtr> Out;
  std::set<std::string> Unknown;
  if (!classifyVariables(R, Values, Vars, Out, Unknown))
    return false;
  // No access reads a variable that is no number.
  for (const WalkedAccess &A : Walk.Accesses) {
    for (const LaneExprPtr &Index : A.Indices)
      if (mentionsSymbol(*Index, Unknown))
        return false;
    if (A.Guard && mentionsSymbol(*A.Guard, Unknown))
      return false;
  }
  LaneExprPtr Cond = steppedCondition(S, R, Vars);
  std::optional<uint64_t> N = tripCount(*Cond, R);
  if (!N || *N < 2)
    return false;
  R.Count = *N;
  R.CompiledOnce = keptAsLoop(S, *N);
  R.Outer = Iteration;
  R.FirstRegion = Walk.EntryRegion;
  R.LastRegion = Region;
  std::map<std::string, LaneExprPtr> Now;
  if (!tripsCheck(Cond, R, *N) || !settleUnknowns(R, Out, *N, Now))
    return false;
  if (Walk.Inner && !nestStepped(Walk))
    return false;
  // After the loop: the stepping variables hold their last values, the
  // others what they settled to; values made in the body are those of its
  // last iteration.
  leaveSteppedLoop(R, Vars, Now);
  ++UnrolledBodies;
  for (WalkedAccess &A : Walk.Accesses) {
    if (!A.Range)
      A.Range = Walk.Range;
    A.Iteration.clear();
    deliver(std::move(A));
  }
  walkExpr(S->getCond());
  return true;
}

void Walker::deliver(WalkedAccess A) {
  if (Stepped)
    Stepped->Accesses.push_back(std::move(A));
  else
    Sink(A);
}

bool Walker::nestStepped(SteppedWalk &Walk) {
  const IterationRange &R = *Walk.Range;
  std::shared_ptr<const IterationRange> Inner;
  for (const WalkedAccess &A : Walk.Accesses) {
    if (!A.Range || (Inner && A.Range != Inner))
      return false;
    Inner = A.Range;
  }
  if (!Inner)
    return true;
  // One straight line through the nest: the inner loop's first region is
  // the outer body's, its last the outer body's last.
  if (R.CompiledOnce || Inner->CompiledOnce ||
      Inner->FirstRegion != R.FirstRegion || Inner->LastRegion != R.LastRegion)
    return false;
  __int128 Count = __int128(R.Count) * Inner->Count;
  if (Count > MaxNestIterations)
    return false;
  auto Nest = std::make_shared<IterationRange>(R);
  Nest->Count = uint64_t(Count);
  Nest->Levels = {R.Count};
  for (unsigned L = 0; L < Inner->levels(); ++L)
    Nest->Levels.push_back(Inner->levelCount(L));
  for (LoopVariable V : Inner->Variables) {
    V.Level += 1;
    Nest->Variables.push_back(std::move(V));
  }
  Nest->FirstRegion = Inner->FirstRegion;
  Nest->LastRegion = Inner->LastRegion;
  for (WalkedAccess &A : Walk.Accesses)
    A.Range = Nest;
  return true;
}

} // namespace walk
} // namespace bankfix
