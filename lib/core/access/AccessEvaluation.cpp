// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessEvaluation.cpp - One shared access over every warp of a block-===//

#include "core/access/AccessEvaluation.h"

#include "core/access/LaneAddress.h"
#include "core/access/UniformSearch.h"
#include "core/access/WorkBudget.h"
#include "core/codegen/LoadSpeculation.h"
#include "core/expr/LaneEvaluator.h"
#include "core/model/CheckedMath.h"

#include <algorithm>

namespace bankfix {

bool AccessEvaluation::sameInEveryWarp() const {
  for (const WarpOutcome &W : Warps)
    if (W.Result.Wavefronts != Warps.front().Result.Wavefronts ||
        W.Result.Ideal != Warps.front().Result.Ideal)
      return false;
  return true;
}

namespace {

struct LaneAddress {
  bool Active = false;
  SymbolicValue Address; ///< in bytes
};

/// Assumed: active because an undecided guard conjunct was taken as true.
enum class LaneState { Active, Assumed, Inactive, Failed };

/// How a guard is named in a message: as written when short, otherwise by
/// the terms it is made of ("a condition on 'kbc', 'ne11' and 2 more").
std::string guardName(const LaneExpr &Guard) {
  constexpr size_t Longest = 60, Named = 3;
  std::string Printed = printLaneExpr(Guard);
  std::vector<std::string> Names;
  collectLeafNames(Guard, Names);
  if (Printed.size() <= Longest || Names.empty())
    return "'" + Printed + "'";
  std::string Out = "a condition on ";
  size_t Shown = std::min(Names.size(), Named);
  for (size_t I = 0; I < Shown; ++I)
    Out += (I == 0                                    ? ""
            : I + 1 == Shown && Names.size() == Shown ? " and "
                                                      : ", ") +
           ("'" + Names[I] + "'");
  if (Names.size() > Shown)
    Out += " and " + std::to_string(Names.size() - Shown) + " more";
  return Out;
}

/// Records that \p Guard was taken as true.
void assume(const LaneExpr &Guard, AccessEvaluation &Eval) {
  if (std::find(Eval.AssumedGuardExprs.begin(), Eval.AssumedGuardExprs.end(),
                &Guard) != Eval.AssumedGuardExprs.end())
    return;
  Eval.AssumedGuardExprs.push_back(&Guard);
  std::string Text = guardName(Guard) + " holds";
  // Data read from memory may differ between lanes, like threadIdx.
  bool FromData = mentions(Guard, ExprKind::Unknown);
  Eval.LanesFromData = Eval.LanesFromData || FromData;
  if (dependsOnLane(Guard) || FromData)
    Text += " in every lane";
  for (const std::string &A : Eval.AssumedGuards)
    if (A == Text)
      return;
  Eval.AssumedGuards.push_back(std::move(Text));
}

/// The states of the guard's parts that read no thread index, decided once
/// for the whole block (one evaluation binds the same values in each lane).
using UniformStates = std::vector<std::pair<const LaneExpr *, int>>;

LaneState laneStateOf(const LaneExprPtr &Guard, const LaneEnv &Env,
                      const EvaluationOptions &Options, AccessEvaluation &Eval,
                      UniformStates &Decided);

/// Whether the guard lets the lane \p Env run the access.
LaneState laneState(const LaneExprPtr &Guard, const LaneEnv &Env,
                    const EvaluationOptions &Options, AccessEvaluation &Eval,
                    UniformStates &Decided) {
  if (!Guard || dependsOnLane(*Guard))
    return laneStateOf(Guard, Env, Options, Eval, Decided);
  for (const auto &[Part, State] : Decided)
    if (Part == Guard.get())
      return LaneState(State);
  LaneState State = laneStateOf(Guard, Env, Options, Eval, Decided);
  Decided.push_back({Guard.get(), int(State)});
  return State;
}

LaneState laneStateOf(const LaneExprPtr &Guard, const LaneEnv &Env,
                      const EvaluationOptions &Options, AccessEvaluation &Eval,
                      UniformStates &Decided) {
  // A conjunction whose undecided terms are taken as true is decided term
  // by term (the same outcome as evaluating it whole first, once).
  bool Split = Guard && Options.AssumeUndecidedGuards &&
               Guard->Kind == ExprKind::Binary && Guard->BOp == BinaryOp::LAnd;
  // Most guards are plain numbers for a given lane: the fast evaluation;
  // evaluateLane for the rest, and for what to say.
  std::optional<int64_t> Fast = !Guard  ? std::optional<int64_t>(1)
                                : Split ? std::nullopt
                                        : evaluateLaneConcrete(*Guard, Env);
  if (Fast)
    return *Fast == 0 ? LaneState::Inactive : LaneState::Active;
  if (Split) {
    LaneState Left = laneState(Guard->Ops[0], Env, Options, Eval, Decided);
    if (Left == LaneState::Inactive || Left == LaneState::Failed)
      return Left;
    LaneState Right = laneState(Guard->Ops[1], Env, Options, Eval, Decided);
    return Right == LaneState::Active ? Left : Right;
  }
  // Stopped by a term read from memory, whatever the lane: the guard's
  // text, not its error, is what is said.
  if (Options.AssumeUndecidedGuards && Guard->FailsAtUnknown) {
    assume(*Guard, Eval);
    return LaneState::Assumed;
  }
  // Taken as true when undecided, the guard's error is said only when it
  // comes from the values (a division by zero): evaluated again for it.
  LaneEnv Quiet = Env;
  Quiet.Unexplained = Options.AssumeUndecidedGuards;
  EvalResult G = evaluateLane(*Guard, Quiet);
  if (G.ok() && G.Value->isConcrete())
    return G.Value->Const == 0 ? LaneState::Inactive : LaneState::Active;
  if (!G.ok() && fromValues(G.Error.Kind) && Quiet.Unexplained)
    G = evaluateLane(*Guard, Env);
  if (!G.ok() && fromValues(G.Error.Kind)) {
    setProblem(Eval,
               "the condition guarding it cannot be evaluated: " +
                   G.Error.Message,
               G.Error.Term);
    Eval.ProblemFromValues = true;
    Eval.GuardUndefined = true;
    return LaneState::Failed;
  }
  if (Options.AssumeUndecidedGuards) {
    assume(*Guard, Eval);
    return LaneState::Assumed;
  }
  if (!G.ok()) {
    setProblem(Eval,
               "the condition guarding it cannot be evaluated: " +
                   G.Error.Message,
               G.Error.Term);
    return LaneState::Failed;
  }
  // A guard that is the same for the whole warp (a symbol) runs the access
  // for all lanes or none: per instruction, all lanes.
  if (dependsOnLane(*Guard)) {
    setProblem(Eval,
               "the condition guarding it depends on the lane and on a "
               "value that is not known",
               G.Value->Terms.begin()->first);
    return LaneState::Failed;
  }
  return LaneState::Active;
}

/// Runs the bank model on one warp's active lanes. The symbolic part of the
/// address must be the same for every lane: a warp-uniform shift. A shift
/// by whole words keeps the bank pattern; a shift that may not be
/// word-aligned is tried for each byte offset.
std::optional<WarpOutcome>
judgeWarp(unsigned Warp, const std::array<LaneAddress, WarpSize> &Lanes,
          const SharedAccessDesc &Access, bool AddressesOnly,
          AccessEvaluation &Eval) {
  const std::map<std::string, int64_t> *Terms = nullptr;
  for (const LaneAddress &L : Lanes) {
    if (!L.Active)
      continue;
    if (Terms && *Terms != L.Address.Terms) {
      std::string Sym = L.Address.Terms.empty()
                            ? Terms->begin()->first
                            : L.Address.Terms.begin()->first;
      setProblem(Eval,
                 "lanes shift its address by different multiples of '" + Sym +
                     "', whose value is not known",
                 Sym);
      return std::nullopt;
    }
    Terms = &L.Address.Terms;
  }
  bool WordAligned = true;
  for (const auto &[Sym, C] : *Terms)
    WordAligned = WordAligned && C % int64_t(BankWidthBytes) == 0;

  WarpOutcome Outcome;
  Outcome.Warp = Warp;
  unsigned Shifts = WordAligned ? 1 : BankWidthBytes;
  for (unsigned Shift = 0; Shift < Shifts; ++Shift) {
    WarpAddresses Addresses;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
      if (Lanes[Lane].Active)
        Addresses[Lane] = uint64_t(Lanes[Lane].Address.Const) + Shift;
    if (Shift == 0 && Access.EachLaneAtomic)
      for (unsigned A = 0; A < WarpSize; ++A)
        for (unsigned B = A + 1; B < WarpSize && Addresses[A]; ++B)
          if (Addresses[B] && *Addresses[A] / BankWidthBytes ==
                                  *Addresses[B] / BankWidthBytes) {
            setProblem(Eval,
                       "lanes " + std::to_string(A) + " and " +
                           std::to_string(B) + " of warp " +
                           std::to_string(Warp) +
                           " update one word: ATOMS serves such lanes one "
                           "by one unless nvcc combines them, which depends "
                           "on the operation",
                       "");
            return std::nullopt;
          }
    if (AddressesOnly) {
      Outcome.Addresses = Addresses;
      return Outcome;
    }
    WarpAccessResult R =
        analyzeWarpAccess(Addresses, Access.Width, Access.Kind, Access.Service);
    if (Shift == 0) {
      Outcome.Addresses = Addresses;
      Outcome.Result = std::move(R);
      // Every warp of every execution is kept: its phases and colliding
      // lanes, which nothing reads after this (an explanation recomputes
      // its warp's), would be most of an analysis's memory.
      Outcome.Result.Phases = {};
    } else if (R.Wavefronts != Outcome.Result.Wavefronts) {
      setProblem(Eval,
                 "its bank pattern depends on the byte alignment of '" +
                     Terms->begin()->first + "'",
                 Terms->begin()->first);
      return std::nullopt;
    }
  }
  return Outcome;
}

/// Adds one warp to the block totals and keeps the worst warp.
void addWarp(AccessEvaluation &Eval, WarpOutcome Outcome) {
  Eval.BlockWavefronts += Outcome.Result.Wavefronts;
  Eval.BlockIdeal += Outcome.Result.Ideal;
  const WarpAccessResult *Worst = Eval.Warps.empty() ? nullptr : &Eval.worst();
  if (!Worst || Outcome.Result.excess() > Worst->excess() ||
      (Outcome.Result.excess() == Worst->excess() &&
       Outcome.Result.Wavefronts > Worst->Wavefronts))
    Eval.WorstWarp = static_cast<unsigned>(Eval.Warps.size());
  Eval.Warps.push_back(std::move(Outcome));
}

/// \p Access as nvcc runs it when it speculates the load: no guard, and
/// its compile-time constant \p Indices.
SharedAccessDesc unconditional(const SharedAccessDesc &Access,
                               const std::vector<int64_t> &Indices) {
  SharedAccessDesc Hoisted = Access;
  Hoisted.Guard = nullptr;
  Hoisted.Speculable = false;
  for (size_t D = 0; D < Indices.size(); ++D)
    Hoisted.Indices[D] =
        LaneExpr::constant(Indices[D], Access.Indices[D]->Type);
  return Hoisted;
}

} // namespace

namespace {
thread_local uint64_t LanesEvaluated = 0;
} // namespace

uint64_t lanesEvaluated() { return LanesEvaluated; }

AccessEvaluation evaluateAccessWith(const SharedArrayLayout &Array,
                                    const SharedAccessDesc &Access,
                                    const BlockShape &Shape,
                                    const EvaluationOptions &Options) {
  if (pastWorkLimit(Shape.threads())) {
    AccessEvaluation Refused;
    Refused.Shape = Shape;
    Refused.Problem = overBudgetProblem();
    Refused.OverBudget = true;
    return Refused;
  }
  LanesEvaluated += Shape.threads();
  if (std::optional<std::vector<int64_t>> Indices =
          speculatedIndices(Array, Access)) {
    AccessEvaluation Eval = evaluateAccessWith(
        Array, unconditional(Access, *Indices), Shape, Options);
    Eval.Speculated = true;
    return Eval;
  }
  AccessEvaluation Eval;
  Eval.Shape = Shape;
  Eval.Warps.reserve(Shape.warps());
  std::optional<Addressing> Scheme = addressingOf(Array, Access, Eval);
  if (!Scheme)
    return Eval;
  withSymbolsOf(*Scheme, Access, Options.Uniforms);

  // A guard, or a part of one, that no lane reads its thread index in is
  // decided once.
  UniformStates Decided;
  bool Bound = Options.Uniforms && !Options.Uniforms->empty();
  for (unsigned Warp = 0; Warp < Shape.warps(); ++Warp) {
    std::array<LaneAddress, WarpSize> Lanes;
    bool AnyActive = false;
    // The warp's first thread, then each next one: no division per lane.
    std::optional<std::array<unsigned, 3>> First = Shape.threadIdx(Warp, 0);
    std::array<unsigned, 3> Tid = First.value_or(std::array<unsigned, 3>{});
    for (unsigned Lane = 0; First && Lane < WarpSize;
         ++Lane, Tid = Shape.nextThread(Tid)) {
      if (uint64_t(Warp) * WarpSize + Lane >= Shape.threads())
        break;
      LaneEnv Env{Tid, Shape.Dim, Options.Uniforms};
      LaneState State = laneState(Access.Guard, Env, Options, Eval, Decided);
      if (State == LaneState::Failed)
        return Eval;
      if (State == LaneState::Inactive)
        continue;
      // A lane that the values given to symbols send out of the array,
      // where the guard taken as true may switch it off: a program that
      // stays in bounds does switch it off for these values.
      bool OutOfBounds = false;
      bool SwitchOff = Bound && State == LaneState::Assumed;
      std::optional<SymbolicValue> Address =
          laneAddress(Array, Access, *Scheme, Env, Eval,
                      SwitchOff ? &OutOfBounds : nullptr);
      if (OutOfBounds) {
        Eval.LanesOutOfArray = true;
        continue;
      }
      if (!Address)
        return Eval;
      Lanes[Lane] = {true, std::move(*Address)};
      AnyActive = true;
    }
    if (!AnyActive)
      continue;
    std::optional<WarpOutcome> Outcome =
        judgeWarp(Warp, Lanes, Access, Options.AddressesOnly, Eval);
    if (!Outcome)
      return Eval;
    addWarp(Eval, std::move(*Outcome));
  }
  if (Eval.WorstCase.empty() && Eval.uncertainPairing())
    Eval.WorstCase = UncertainPairingCase;
  return Eval;
}

AccessEvaluation evaluateAccess(const SharedArrayLayout &Array,
                                const SharedAccessDesc &Access,
                                const BlockShape &Shape,
                                const UniformValueSets *Only) {
  AccessEvaluation Unbound =
      evaluateAccessWith(Array, Access, Shape, {nullptr, true});
  if (Unbound.judged() && Unbound.AssumedGuards.empty())
    return Unbound;
  if (!Unbound.judged() && (Unbound.ProblemFromValues || Unbound.OverBudget))
    return Unbound;
  return searchUniformValues(Array, Access, Shape, std::move(Unbound), Only);
}

bool AccessEvaluation::uncertainPairing() const {
  for (const WarpOutcome &W : Warps)
    if (W.Result.PairingUncertain)
      return true;
  return false;
}

} // namespace bankfix
