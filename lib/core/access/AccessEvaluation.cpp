//===- AccessEvaluation.cpp - One shared access over every warp of a block-===//

#include "core/access/AccessEvaluation.h"

#include "core/codegen/LoadSpeculation.h"
#include "core/expr/LaneEvaluator.h"
#include "core/model/CheckedMath.h"

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

/// Why the access cannot be judged, for the evaluation \p E.
void setProblem(AccessEvaluation &E, std::string Problem, std::string Term) {
  E.Problem = std::move(Problem);
  E.BlockingTerm = std::move(Term);
  E.Warps.clear();
}

std::string describeLane(const std::array<unsigned, 3> &Tid) {
  return "threadIdx (" + std::to_string(Tid[0]) + "," + std::to_string(Tid[1]) +
         "," + std::to_string(Tid[2]) + ")";
}

/// How an access's indices become a byte address: bytes per index step and
/// the extent (0: not known) of each index.
struct Addressing {
  std::vector<int64_t> Scale;
  std::vector<uint64_t> Extent;
};

/// The addressing of \p Access into \p Array; nullopt (and the problem set)
/// for an array whose size in bytes does not fit in 64 bits.
std::optional<Addressing> addressingOf(const SharedArrayLayout &Array,
                                       const SharedAccessDesc &Access,
                                       AccessEvaluation &Eval) {
  Addressing A;
  A.Scale.resize(Array.Dims.size());
  A.Extent = Array.Dims;
  std::optional<int64_t> Stride = checkedMul(Array.ElementSize, uint64_t(1));
  for (size_t D = Array.Dims.size(); D-- > 0;) {
    if (Stride)
      A.Scale[D] = *Stride;
    if (Stride && (D > 0 || Access.FlatBytes))
      Stride = checkedMul(uint64_t(*Stride), Array.Dims[D]);
    if (!Stride) {
      setProblem(Eval,
                 "the size of '" + Array.Name +
                     "' in bytes does not fit in 64 bits",
                 Array.Name);
      return std::nullopt;
    }
  }
  if (Access.FlatBytes) {
    // Bytes from the start; the array's size bounds them when it is known.
    bool Known = !Array.Dims.empty() && Array.Dims.front() != 0;
    A.Scale = {1};
    A.Extent = {Known ? uint64_t(*Stride) : 0};
  }
  return A;
}

enum class LaneState { Active, Inactive, Failed };

/// True when an evaluation error comes from the values reached (it cannot
/// happen in a program that runs), not from what is not known.
bool fromValues(EvalErrorKind K) {
  return K == EvalErrorKind::DivisionByZero ||
         K == EvalErrorKind::ShiftOutOfRange ||
         K == EvalErrorKind::SignedOverflow;
}

/// Records that \p Guard was taken as true.
void assume(const LaneExpr &Guard, AccessEvaluation &Eval) {
  std::string Text = "'" + printLaneExpr(Guard) + "' holds";
  // Data read from memory may differ between lanes, like threadIdx.
  if (dependsOnLane(Guard) || mentions(Guard, ExprKind::Unknown))
    Text += " in every lane";
  for (const std::string &A : Eval.AssumedGuards)
    if (A == Text)
      return;
  Eval.AssumedGuards.push_back(std::move(Text));
}

/// Whether the guard lets the lane \p Env run the access.
LaneState laneState(const LaneExprPtr &Guard, const LaneEnv &Env,
                    const EvaluationOptions &Options, AccessEvaluation &Eval) {
  // Most guards are plain numbers for a given lane: the fast evaluation;
  // evaluateLane for the rest, and for what to say.
  std::optional<int64_t> Fast =
      Guard ? evaluateLaneConcrete(*Guard, Env) : std::optional<int64_t>(1);
  if (Fast)
    return *Fast == 0 ? LaneState::Inactive : LaneState::Active;
  if (Options.AssumeUndecidedGuards && Guard->Kind == ExprKind::Binary &&
      Guard->BOp == BinaryOp::LAnd) {
    LaneState Left = laneState(Guard->Ops[0], Env, Options, Eval);
    if (Left != LaneState::Active)
      return Left;
    return laneState(Guard->Ops[1], Env, Options, Eval);
  }
  EvalResult G = evaluateLane(*Guard, Env);
  if (G.ok() && G.Value->isConcrete())
    return G.Value->Const == 0 ? LaneState::Inactive : LaneState::Active;
  if (!G.ok() && fromValues(G.Error.Kind)) {
    setProblem(Eval,
               "the condition guarding it cannot be evaluated: " +
                   G.Error.Message,
               G.Error.Term);
    Eval.ProblemFromValues = true;
    return LaneState::Failed;
  }
  if (Options.AssumeUndecidedGuards) {
    assume(*Guard, Eval);
    return LaneState::Active;
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

/// The row \p Offset (a byte offset into rows of \p RowBytes, as a place
/// through a pointer builds it: `... + r * RowBytes + ...`) was written
/// with: r, or null when no such term is found.
const LaneExpr *writtenRow(const LaneExpr &Offset, uint64_t RowBytes) {
  const LaneExpr *E = &Offset;
  while (E->Kind == ExprKind::Cast)
    E = E->Ops[0].get();
  if (E->Kind != ExprKind::Binary)
    return nullptr;
  if (E->BOp == BinaryOp::Mul)
    for (size_t K = 0; K < 2; ++K) {
      const LaneExpr *C = E->Ops[1 - K].get();
      while (C->Kind == ExprKind::Cast)
        C = C->Ops[0].get();
      if (C->Kind == ExprKind::Constant && C->Value == int64_t(RowBytes))
        return E->Ops[K].get();
    }
  if (E->BOp == BinaryOp::Add)
    for (const LaneExprPtr &Op : E->Ops)
      if (const LaneExpr *Row = writtenRow(*Op, RowBytes))
        return Row;
  return nullptr;
}

/// False (and the problem set) when \p Address still depends on a
/// warp-uniform symbol: a layout being weighed (\p What: "swizzled",
/// "padded") needs the number.
bool knownAddress(const SymbolicValue &Address, const char *What,
                  AccessEvaluation &Eval) {
  if (Address.Terms.empty())
    return true;
  const std::string &Sym = Address.Terms.begin()->first;
  setProblem(Eval,
             std::string("its ") + What + " address depends on '" + Sym +
                 "', whose value is not known",
             Sym);
  return false;
}

/// Whether \p Offset, a byte offset through a pointer built over rows of
/// \p RowBytes (`... + r * RowBytes + ...`), lies whole in the row r its
/// source names; otherwise the problem is set (\p Change: what would move
/// it, "a swizzle by that row").
bool inNamedRow(const SharedArrayLayout &Array, const SharedAccessDesc &Access,
                const LaneEnv &Env, uint64_t Offset, uint64_t RowBytes,
                const char *Change, AccessEvaluation &Eval) {
  uint64_t Rows = Array.Dims.size() < 2 ? 0 : Array.Dims[Array.Dims.size() - 2];
  const LaneExpr *Row = writtenRow(*Access.Indices[0], RowBytes);
  std::optional<int64_t> R =
      Row ? evaluateLaneConcrete(*Row, Env) : std::nullopt;
  if (Rows != 0 && R && *R >= 0 && uint64_t(*R) == Offset / RowBytes % Rows &&
      Offset % RowBytes + Access.Width <= RowBytes)
    return true;
  setProblem(Eval,
             "its address is not in the row it names for " +
                 describeLane(Env.ThreadIdx) + ": " + Change + " would move it",
             Array.Name);
  Eval.ProblemFromValues = true;
  return false;
}

/// \p Address moved where \p Array's swizzle stores it; false (and the
/// problem set) when it is not known, the swizzle would split the access,
/// or (through a pointer) it lies in another row than the one written:
/// the rewrite swizzles by the row in the source.
bool swizzle(const SharedArrayLayout &Array, const SharedAccessDesc &Access,
             const LaneEnv &Env, SymbolicValue &Address,
             AccessEvaluation &Eval) {
  const ColumnSwizzle &S = Array.Swizzle;
  if (!knownAddress(Address, "swizzled", Eval))
    return false;
  uint64_t Offset = uint64_t(Address.Const);
  if (Offset % S.Granule + Access.Width > S.Granule) {
    setProblem(Eval,
               "a swizzle of " + std::to_string(S.Granule) +
                   "-byte granules would split its " +
                   std::to_string(Access.Width) + "-byte access for " +
                   describeLane(Env.ThreadIdx),
               Array.Name);
    Eval.ProblemFromValues = true;
    return false;
  }
  uint64_t RowBytes = Array.Dims.back() * Array.ElementSize;
  if (Access.FlatBytes && !inNamedRow(Array, Access, Env, Offset, RowBytes,
                                      "a swizzle by that row", Eval))
    return false;
  Address.Const = int64_t(S.apply(Offset, RowBytes));
  return true;
}

/// \p Address, a byte offset through a pointer built over rows of
/// Array.WrittenRowBytes, moved to where \p Array's padded rows put it;
/// false (and the problem set) when it is not known, does not lie in the
/// row it names (the padding would move it elsewhere), or is no longer a
/// multiple of the access's width.
bool padRows(const SharedArrayLayout &Array, const SharedAccessDesc &Access,
             const LaneEnv &Env, SymbolicValue &Address,
             AccessEvaluation &Eval) {
  uint64_t Written = Array.WrittenRowBytes;
  if (!knownAddress(Address, "padded", Eval))
    return false;
  uint64_t Offset = uint64_t(Address.Const);
  if (!inNamedRow(Array, Access, Env, Offset, Written, "padding the rows",
                  Eval))
    return false;
  uint64_t Moved = Offset / Written * (Array.Dims.back() * Array.ElementSize) +
                   Offset % Written;
  if (Moved % Access.Width != 0) {
    setProblem(Eval,
               "padded rows would misalign its " +
                   std::to_string(Access.Width) + "-byte access for " +
                   describeLane(Env.ThreadIdx),
               Array.Name);
    Eval.ProblemFromValues = true;
    return false;
  }
  Address.Const = int64_t(Moved);
  return true;
}

/// The byte address of the access for one lane: a constant plus multiples
/// of warp-uniform symbols; nullopt (and the problem set) when an index
/// cannot be evaluated, is out of bounds, or the address overflows.
std::optional<SymbolicValue> laneAddress(const SharedArrayLayout &Array,
                                         const SharedAccessDesc &Access,
                                         const Addressing &Scheme,
                                         const LaneEnv &Env,
                                         AccessEvaluation &Eval) {
  const std::vector<int64_t> &Scale = Scheme.Scale;
  std::optional<int64_t> Const = checkedMul(Access.ByteOffset, uint64_t(1));
  SymbolicValue Address{Const.value_or(0), {}};
  for (size_t D = 0; D < Access.Indices.size(); ++D) {
    EvalResult R;
    if (std::optional<int64_t> C =
            evaluateLaneConcrete(*Access.Indices[D], Env))
      R.Value = SymbolicValue{*C, {}};
    else
      R = evaluateLane(*Access.Indices[D], Env);
    if (!R.ok()) {
      setProblem(Eval, "its index cannot be evaluated: " + R.Error.Message,
                 R.Error.Term);
      Eval.ProblemFromValues = fromValues(R.Error.Kind);
      return std::nullopt;
    }
    const SymbolicValue &V = *R.Value;
    if (V.isConcrete() &&
        (V.Const < 0 ||
         (Scheme.Extent[D] != 0 && uint64_t(V.Const) >= Scheme.Extent[D]))) {
      setProblem(Eval,
                 Access.FlatBytes
                     ? "byte offset " + std::to_string(V.Const) +
                           " is outside '" + Array.Name + "' (" +
                           std::to_string(Scheme.Extent[D]) + " bytes) for " +
                           describeLane(Env.ThreadIdx)
                     : "index " + std::to_string(V.Const) +
                           " is out of bounds for dimension " +
                           std::to_string(D + 1) + " of '" + Array.Name +
                           "' (extent " + std::to_string(Scheme.Extent[D]) +
                           ") for " + describeLane(Env.ThreadIdx),
                 printLaneExpr(*Access.Indices[D]));
      Eval.ProblemFromValues = true;
      return std::nullopt;
    }
    // Address += V * Scale[D], exactly or not at all.
    auto Term = [&](int64_t Old, int64_t Coefficient) {
      std::optional<int64_t> Product = checkedMul(Coefficient, Scale[D]);
      return Product ? checkedAdd(Old, *Product) : std::nullopt;
    };
    if (Const)
      Const = Term(*Const, V.Const);
    for (const auto &[Sym, C] : V.Terms) {
      std::optional<int64_t> Sum =
          Const ? Term(Address.Terms[Sym], C) : std::nullopt;
      if (!Sum)
        Const.reset();
      else
        Address.Terms[Sym] = *Sum;
    }
    if (!Const) {
      setProblem(Eval,
                 "its byte address does not fit in 64 bits for " +
                     describeLane(Env.ThreadIdx),
                 printLaneExpr(*Access.Indices[D]));
      Eval.ProblemFromValues = true;
      return std::nullopt;
    }
    Address.Const = *Const;
  }
  if (Access.FlatBytes && Array.WrittenRowBytes &&
      !padRows(Array, Access, Env, Address, Eval))
    return std::nullopt;
  if (Array.Swizzle.active() && !swizzle(Array, Access, Env, Address, Eval))
    return std::nullopt;
  if (Array.BaseOffset)
    Address.Const += int64_t(*Array.BaseOffset % BankWidthBytes);
  else
    Address.Terms["the start of " + Array.Name] += 1;
  return Address;
}

/// Runs the bank model on one warp's active lanes. The symbolic part of the
/// address must be the same for every lane: a warp-uniform shift. A shift
/// by whole words keeps the bank pattern; a shift that may not be
/// word-aligned is tried for each byte offset.
std::optional<WarpOutcome>
judgeWarp(unsigned Warp, const std::array<LaneAddress, WarpSize> &Lanes,
          const SharedAccessDesc &Access, AccessEvaluation &Eval) {
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
    WarpAccessResult R =
        analyzeWarpAccess(Addresses, Access.Width, Access.Kind);
    if (Shift == 0) {
      Outcome.Addresses = Addresses;
      Outcome.Result = R;
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

AccessEvaluation evaluateAccessWith(const SharedArrayLayout &Array,
                                    const SharedAccessDesc &Access,
                                    const BlockShape &Shape,
                                    const EvaluationOptions &Options) {
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

  for (unsigned Warp = 0; Warp < Shape.warps(); ++Warp) {
    std::array<LaneAddress, WarpSize> Lanes;
    bool AnyActive = false;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      std::optional<std::array<unsigned, 3>> Tid = Shape.threadIdx(Warp, Lane);
      if (!Tid)
        continue;
      LaneEnv Env{*Tid, Shape.Dim, Options.Uniforms};
      LaneState State = laneState(Access.Guard, Env, Options, Eval);
      if (State == LaneState::Failed)
        return Eval;
      if (State == LaneState::Inactive)
        continue;
      std::optional<SymbolicValue> Address =
          laneAddress(Array, Access, *Scheme, Env, Eval);
      if (!Address)
        return Eval;
      Lanes[Lane] = {true, std::move(*Address)};
      AnyActive = true;
    }
    if (!AnyActive)
      continue;
    std::optional<WarpOutcome> Outcome = judgeWarp(Warp, Lanes, Access, Eval);
    if (!Outcome)
      return Eval;
    addWarp(Eval, std::move(*Outcome));
  }
  if (Eval.WorstCase.empty() && Eval.uncertainPairing())
    Eval.WorstCase = UncertainPairingCase;
  return Eval;
}

bool AccessEvaluation::uncertainPairing() const {
  for (const WarpOutcome &W : Warps)
    if (W.Result.PairingUncertain)
      return true;
  return false;
}

} // namespace bankfix
