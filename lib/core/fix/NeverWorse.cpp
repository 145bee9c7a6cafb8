// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NeverWorse.cpp - A layout no worse than the one it replaces --------===//

#include "core/fix/NeverWorse.h"

#include "core/model/BankModel.h"

#include <array>
#include <map>
#include <tuple>

namespace bankfix {

namespace {

/// Which lanes of a warp a guard taken as true may leave on.
enum class LaneRuns {
  All,      ///< no guard taken as true: the lanes evaluated
  Prefixes, ///< threadIdx.x below a threshold: lanes 0 to k - 1
  Suffixes, ///< threadIdx.x above a threshold: lanes k to 31
  Ranges,   ///< both: lanes a to b - 1
  Any,      ///< another form: any set
};

/// \p E without the conversions around it to types of 32 bits or more,
/// which keep every thread index.
const LaneExpr *withoutCasts(const LaneExpr *E) {
  while (E->Kind == ExprKind::Cast && E->Type.Bits >= 32 && !E->Type.IsBool)
    E = E->Ops[0].get();
  return E;
}

/// True when \p E grows with threadIdx.x and with nothing else of the
/// lane: threadIdx.x, plus or minus terms that do not read the lane, in a
/// signed type (an unsigned one wraps: `threadIdx.x - lo < n` holds for
/// lanes lo to lo + n - 1, not a first run).
bool growsWithThreadX(const LaneExpr *E) {
  E = withoutCasts(E);
  if (E->Kind == ExprKind::ThreadIdx)
    return E->Dim == 0;
  if (E->Kind != ExprKind::Binary || !E->Type.Signed)
    return false;
  if (E->BOp == BinaryOp::Add)
    return (growsWithThreadX(E->Ops[0].get()) && !E->Ops[1]->ReadsLane) ||
           (growsWithThreadX(E->Ops[1].get()) && !E->Ops[0]->ReadsLane);
  if (E->BOp == BinaryOp::Sub)
    return growsWithThreadX(E->Ops[0].get()) && !E->Ops[1]->ReadsLane;
  return false;
}

/// The lanes \p Guard leaves on: All when it reads no lane's value;
/// Prefixes for `tid < u` and `u > tid` (and <=, >=), Suffixes for the
/// mirror forms; Any otherwise.
LaneRuns runsOf(const LaneExpr &Guard) {
  // The same in every lane: the whole warp runs or none.
  if (!Guard.ReadsLane)
    return LaneRuns::All;
  const LaneExpr *G = withoutCasts(&Guard);
  if (G->Kind != ExprKind::Binary)
    return LaneRuns::Any;
  bool Below = G->BOp == BinaryOp::LT || G->BOp == BinaryOp::LE;
  bool Above = G->BOp == BinaryOp::GT || G->BOp == BinaryOp::GE;
  if (!Below && !Above)
    return LaneRuns::Any;
  const LaneExpr *L = G->Ops[0].get(), *R = G->Ops[1].get();
  if (growsWithThreadX(L) && !R->ReadsLane)
    return Below ? LaneRuns::Prefixes : LaneRuns::Suffixes;
  if (growsWithThreadX(R) && !L->ReadsLane)
    return Below ? LaneRuns::Suffixes : LaneRuns::Prefixes;
  return LaneRuns::Any;
}

LaneRuns combined(LaneRuns A, LaneRuns B) {
  if (A == LaneRuns::All || A == B)
    return B;
  if (B == LaneRuns::All)
    return A;
  if (A == LaneRuns::Any || B == LaneRuns::Any)
    return LaneRuns::Any;
  return LaneRuns::Ranges;
}

/// The lanes of one execution that may run: every guard taken as true
/// must be a threshold on threadIdx.x of a one-dimensional block.
LaneRuns runsOf(const AccessEvaluation &E) {
  if (E.LanesFromData)
    return LaneRuns::Any;
  LaneRuns Runs = LaneRuns::All;
  for (const LaneExpr *G : E.AssumedGuardExprs)
    Runs = combined(Runs, runsOf(*G));
  if (Runs != LaneRuns::All &&
      (E.Shape.Dim[1] != 1 || E.Shape.Dim[2] != 1 || E.Shape.Dim[0] == 0))
    return LaneRuns::Any;
  return Runs;
}

unsigned wavefronts(const WarpAddresses &All, unsigned From, unsigned To,
                    const SharedAccessDesc &D) {
  WarpAddresses Some;
  bool Any = false;
  for (unsigned Lane = From; Lane < To; ++Lane) {
    Some[Lane] = All[Lane];
    Any = Any || All[Lane];
  }
  return Any ? analyzeWarpAccess(Some, D.Width, D.Kind, D.Service).Wavefronts
             : 0;
}

/// Whether lanes \p From to \p To - 1 are a set \p Runs may leave on.
bool tried(LaneRuns Runs, unsigned From, unsigned To) {
  return Runs == LaneRuns::All        ? From == 0 && To == WarpSize
         : Runs == LaneRuns::Prefixes ? From == 0
         : Runs == LaneRuns::Suffixes ? To == WarpSize
                                      : true;
}

/// One warp: \p Candidate no worse than \p AsIs for each run of lanes.
bool warpNeverWorse(const WarpAddresses &AsIs, WarpAddresses Candidate,
                    const SharedAccessDesc &D, LaneRuns Runs) {
  // A lane the layout as it is sends out of the array does not run (the
  // program stays in bounds); the candidate's larger array may hold it.
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    if (AsIs[Lane] && !Candidate[Lane])
      return false;
    if (!AsIs[Lane])
      Candidate[Lane].reset();
  }
  for (unsigned From = 0; From < WarpSize; ++From)
    for (unsigned To = From + 1; To <= WarpSize; ++To) {
      if (tried(Runs, From, To) &&
          wavefronts(Candidate, From, To, D) > wavefronts(AsIs, From, To, D))
        return false;
    }
  return true;
}

} // namespace

bool neverWorse(const AccessSummary &AsIs, const AccessSummary &Candidate,
                std::string &Why) {
  if (AsIs.Instances.size() != Candidate.Instances.size()) {
    Why = "the layouts compile it to different accesses";
    return false;
  }
  for (size_t I = 0; I < AsIs.Instances.size(); ++I) {
    const InstanceEvaluation &A = AsIs.Instances[I],
                             &C = Candidate.Instances[I];
    if (A.Desc.Width != C.Desc.Width || A.Desc.Kind != C.Desc.Kind ||
        A.Desc.Service != C.Desc.Service || A.Count != C.Count ||
        A.Iteration != C.Iteration) {
      Why = "the layouts compile it to different accesses";
      return false;
    }
    // At a value where its lanes leave the array or its address is not
    // defined (`offset * (2 * tid + 1) - 1` at offset = 0) under either
    // layout, the program does not run it: nothing to compare.
    if (!A.Eval.judged() && !A.Eval.OverBudget &&
        (A.Eval.ProblemFromValues || !C.Eval.judged()))
      continue;
    if (!A.Eval.judged()) {
      Why = A.Eval.Problem;
      return false;
    }
    if (!C.Eval.judged()) {
      Why = C.Eval.Problem;
      return false;
    }
    LaneRuns Runs = runsOf(A.Eval);
    if (Runs == LaneRuns::Any) {
      Why = A.Eval.LanesFromData
                ? "which lanes run it depends on data read from memory"
                : "which lanes run it depends on a guard that is not a "
                  "threshold on threadIdx.x of a one-dimensional block (" +
                      A.Eval.WorstCase + ")";
      return false;
    }
    // The warps the layout as it is runs, in order; the candidate runs the
    // same ones.
    size_t K = 0;
    for (const WarpOutcome &W : A.Eval.Warps) {
      while (K < C.Eval.Warps.size() && C.Eval.Warps[K].Warp < W.Warp)
        ++K;
      if (K == C.Eval.Warps.size() || C.Eval.Warps[K].Warp != W.Warp ||
          !warpNeverWorse(W.Addresses, C.Eval.Warps[K].Addresses, A.Desc,
                          Runs)) {
        Why = "it takes more wavefronts in warp " + std::to_string(W.Warp) +
              " for some lanes";
        return false;
      }
    }
  }
  return true;
}

bool sameExecutions(const AccessSummary &AsIs, const AccessSummary &Candidate) {
  if (AsIs.Instances.size() != Candidate.Instances.size())
    return false;
  for (size_t I = 0; I < AsIs.Instances.size(); ++I)
    if (AsIs.Instances[I].Desc.Width != Candidate.Instances[I].Desc.Width)
      return false;
  return true;
}

namespace {

/// What makes executions run together: the same kind of access, block
/// shape, guards taken as true, iteration and count.
using RunsTogether = std::tuple<int, std::array<unsigned, 3>, std::string,
                                std::string, uint64_t>;

RunsTogether runsTogether(const InstanceEvaluation &I) {
  std::string Guards;
  for (const std::string &G : I.Eval.AssumedGuards)
    Guards += G + "\n";
  return {int(I.Desc.Kind), I.Eval.Shape.Dim, Guards, I.Iteration, I.Count};
}

/// One merged access as it is and its pieces under the candidate.
struct MergeUnit {
  std::vector<const InstanceEvaluation *> AsIs, Candidate;
};

/// The wavefronts of \p Executions' warp \p Warp for lanes \p From to
/// \p To - 1 (0 where one does not run that warp).
uint64_t wavefronts(const std::vector<const InstanceEvaluation *> &Executions,
                    unsigned Warp, unsigned From, unsigned To) {
  uint64_t Sum = 0;
  for (const InstanceEvaluation *I : Executions)
    for (const WarpOutcome &W : I->Eval.Warps)
      if (W.Warp == Warp)
        Sum += wavefronts(W.Addresses, From, To, I->Desc) * I->Count;
  return Sum;
}

/// The lanes of warp \p Warp that \p I runs (none where it does not run
/// the warp).
std::array<bool, WarpSize> lanesOf(const InstanceEvaluation &I, unsigned Warp) {
  std::array<bool, WarpSize> Lanes{};
  for (const WarpOutcome &W : I.Eval.Warps)
    if (W.Warp == Warp)
      for (unsigned L = 0; L < WarpSize; ++L)
        Lanes[L] = W.Addresses[L].has_value();
  return Lanes;
}

/// \p U no worse under the candidate, or false with \p Why.
bool unitNeverWorse(const MergeUnit &U, std::string &Why) {
  // One access as it is, split into pieces of its width in all.
  unsigned Wide = 0, Pieces = 0;
  for (const InstanceEvaluation *I : U.AsIs)
    Wide += I->Desc.Width;
  for (const InstanceEvaluation *I : U.Candidate)
    Pieces += I->Desc.Width;
  if (U.AsIs.size() != 1 || Wide != Pieces) {
    Why = "accesses nvcc merges under one layout only run together with "
          "others: not compared apart";
    return false;
  }
  const InstanceEvaluation &Merged = *U.AsIs.front();
  LaneRuns Runs = runsOf(Merged.Eval);
  for (const InstanceEvaluation *I : U.Candidate)
    Runs = combined(Runs, runsOf(I->Eval));
  if (Runs == LaneRuns::Any) {
    Why = "an access nvcc merges under one layout only runs on lanes that "
          "are not a run of threadIdx.x (" +
          Merged.Eval.WorstCase + ")";
    return false;
  }
  for (const WarpOutcome &W : Merged.Eval.Warps) {
    // Every piece runs the lanes the merged access runs.
    std::array<bool, WarpSize> Lanes = lanesOf(Merged, W.Warp);
    for (const InstanceEvaluation *I : U.Candidate)
      if (lanesOf(*I, W.Warp) != Lanes) {
        Why = "an access nvcc merges under one layout only runs other lanes "
              "of warp " +
              std::to_string(W.Warp) + " under the other";
        return false;
      }
    for (unsigned From = 0; From < WarpSize; ++From)
      for (unsigned To = From + 1; To <= WarpSize; ++To) {
        if (!tried(Runs, From, To))
          continue;
        uint64_t Was = wavefronts(U.AsIs, W.Warp, From, To),
                 Now = wavefronts(U.Candidate, W.Warp, From, To);
        if (Now > Was) {
          Why = "the accesses nvcc merges under one layout only take " +
                std::to_string(Now) + " wavefronts in warp " +
                std::to_string(W.Warp) + " instead of " + std::to_string(Was) +
                (From == 0 && To == WarpSize
                     ? std::string()
                     : " for lanes " + std::to_string(From) + " to " +
                           std::to_string(To - 1));
          return false;
        }
      }
  }
  return true;
}

} // namespace

bool neverWorseTogether(const std::vector<const AccessSummary *> &AsIs,
                        const std::vector<const AccessSummary *> &Candidate,
                        std::string &Why) {
  std::map<RunsTogether, MergeUnit> Units;
  for (size_t Side = 0; Side < 2; ++Side)
    for (const AccessSummary *S : Side == 0 ? AsIs : Candidate)
      for (const InstanceEvaluation &I : S->Instances) {
        if (!I.Eval.judged()) {
          Why = I.Eval.Problem;
          return false;
        }
        MergeUnit &U = Units[runsTogether(I)];
        (Side == 0 ? U.AsIs : U.Candidate).push_back(&I);
      }
  for (const auto &[Key, U] : Units)
    if (!unitNeverWorse(U, Why))
      return false;
  return true;
}

} // namespace bankfix
