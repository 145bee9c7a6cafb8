// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaneAddress.cpp - One lane's byte address of an access -------------===//

#include "core/access/LaneAddress.h"

#include "core/model/BankModel.h"
#include "core/model/CheckedMath.h"

#include <unordered_map>

namespace bankfix {

void setProblem(AccessEvaluation &E, std::string Problem, std::string Term) {
  E.Problem = std::move(Problem);
  E.BlockingTerm = std::move(Term);
  E.Warps.clear();
}

std::string describeLane(const std::array<unsigned, 3> &Tid) {
  return "threadIdx (" + std::to_string(Tid[0]) + "," + std::to_string(Tid[1]) +
         "," + std::to_string(Tid[2]) + ")";
}

bool fromValues(EvalErrorKind K) {
  return K == EvalErrorKind::DivisionByZero ||
         K == EvalErrorKind::ShiftOutOfRange ||
         K == EvalErrorKind::SignedOverflow;
}

std::optional<Addressing> addressingOf(const SharedArrayLayout &Array,
                                       const SharedAccessDesc &Access,
                                       AccessEvaluation &Eval) {
  // The hardware makes 1-, 2-, 4-, 8- and 16-byte accesses; a wider or odd
  // one (a 3- or 12-byte struct copied whole) is several, not judged here.
  if (!isSupportedAccessWidth(Access.Width)) {
    setProblem(Eval,
               "an access of " + std::to_string(Access.Width) +
                   " bytes is not one hardware access",
               "");
    return std::nullopt;
  }
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

void withSymbolsOf(Addressing &Scheme, const SharedAccessDesc &Access,
                   const UniformBindings *Uniforms) {
  Scheme.Symbolic.assign(Access.Indices.size(), false);
  std::unordered_map<const LaneExpr *, bool> Memo;
  for (size_t D = 0; D < Access.Indices.size(); ++D)
    Scheme.Symbolic[D] =
        readsUnboundUniform(*Access.Indices[D], Uniforms, Memo);
}

namespace {

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
  const LaneExpr *Row = writtenRow(*Access.Indices[0], RowBytes);
  std::optional<int64_t> R =
      Row ? evaluateLaneConcrete(*Row, Env) : std::nullopt;
  if (R && liesInRow(Array, Offset, Access.Width, RowBytes, *R))
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
  if (!knownAddress(Address, "swizzled", Eval))
    return false;
  uint64_t Offset = uint64_t(Address.Const);
  std::optional<uint64_t> Moved = swizzledOffset(Array, Offset, Access.Width);
  if (!Moved) {
    setProblem(Eval,
               "a swizzle of " + std::to_string(Array.Swizzle.Granule) +
                   "-byte granules would split its " +
                   std::to_string(Access.Width) + "-byte access for " +
                   describeLane(Env.ThreadIdx),
               Array.Name);
    Eval.ProblemFromValues = true;
    return false;
  }
  if (Access.FlatBytes &&
      !inNamedRow(Array, Access, Env, Offset, rowBytes(Array),
                  "a swizzle by that row", Eval))
    return false;
  Address.Const = int64_t(*Moved);
  return true;
}

/// \p Address, a byte offset through a pointer built over rows of
/// Array.WrittenRowBytes, moved to where \p Array's padded rows put it;
/// false (and the problem set) when it is not known, does not lie in the
/// row it names (the padding would move it elsewhere) unless its rows are
/// strided by the array's (SharedAccessDesc::StridedByRows), or is no
/// longer a multiple of the access's width, or its tile's 32-byte aligned
/// start would not be.
bool padRows(const SharedArrayLayout &Array, const SharedAccessDesc &Access,
             const LaneEnv &Env, SymbolicValue &Address,
             AccessEvaluation &Eval) {
  if (!knownAddress(Address, "padded", Eval))
    return false;
  uint64_t Offset = uint64_t(Address.Const);
  if (!Access.StridedByRows &&
      !inNamedRow(Array, Access, Env, Offset, Array.WrittenRowBytes,
                  "padding the rows", Eval))
    return false;
  if (Access.TileStart) {
    std::optional<int64_t> Start = evaluateLaneConcrete(*Access.TileStart, Env);
    if (Start && *Start >= 0 && *Start % 32 == 0 &&
        !paddedRowOffset(Array, uint64_t(*Start), 32)) {
      setProblem(Eval,
                 "padded rows would misalign the 32-byte start of its tile "
                 "for " +
                     describeLane(Env.ThreadIdx),
                 Array.Name);
      Eval.ProblemFromValues = true;
      return false;
    }
  }
  std::optional<uint64_t> Moved = paddedRowOffset(Array, Offset, Access.Width);
  if (!Moved) {
    setProblem(Eval,
               "padded rows would misalign its " +
                   std::to_string(Access.Width) + "-byte access for " +
                   describeLane(Env.ThreadIdx),
               Array.Name);
    Eval.ProblemFromValues = true;
    return false;
  }
  Address.Const = int64_t(*Moved);
  return true;
}

} // namespace

std::optional<SymbolicValue>
laneAddress(const SharedArrayLayout &Array, const SharedAccessDesc &Access,
            const Addressing &Scheme, const LaneEnv &Env,
            AccessEvaluation &Eval, bool *OutOfBounds) {
  const std::vector<int64_t> &Scale = Scheme.Scale;
  std::optional<int64_t> Const = checkedMul(Access.ByteOffset, uint64_t(1));
  if (Const)
    Const = checkedAdd(*Const, -int64_t(Access.WidenedDownBy));
  SymbolicValue Address{Const.value_or(0), {}};
  for (size_t D = 0; D < Access.Indices.size(); ++D) {
    EvalResult R;
    std::optional<int64_t> C;
    if (D >= Scheme.Symbolic.size() || !Scheme.Symbolic[D])
      C = evaluateLaneConcrete(*Access.Indices[D], Env);
    if (C)
      R.Value = SymbolicValue{*C, {}};
    else
      R = evaluateLane(*Access.Indices[D], Env);
    // Undefined for the values given to symbols (a signed overflow), where
    // the guard taken as true may switch the lane off: a correct program
    // does, as for a lane out of the array.
    if (!R.ok() && OutOfBounds && fromValues(R.Error.Kind)) {
      *OutOfBounds = true;
      return std::nullopt;
    }
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
      if (OutOfBounds) {
        *OutOfBounds = true;
        return std::nullopt;
      }
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

} // namespace bankfix
