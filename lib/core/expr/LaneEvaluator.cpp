// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaneEvaluator.cpp - Evaluate a LaneExpr for one lane ---------------===//

#include "core/expr/LaneEvaluator.h"

#include "core/model/CheckedMath.h"

#include <atomic>

namespace bankfix {

namespace {

/// Brings \p V into the range of \p T, as a conversion to T does in C.
int64_t normalize(int64_t V, IntType T) {
  if (T.IsBool)
    return V != 0;
  if (T.Bits >= 64)
    return V;
  uint64_t Mask = (uint64_t(1) << T.Bits) - 1;
  uint64_t U = uint64_t(V) & Mask;
  if (T.Signed && (U >> (T.Bits - 1)) & 1)
    return int64_t(U | ~Mask);
  return int64_t(U);
}

/// True when \p V (computed exactly) is representable in the signed \p T.
bool fitsSigned(__int128 V, IntType T) {
  unsigned Bits = T.Bits >= 64 ? 64 : T.Bits;
  __int128 Max = (__int128(1) << (Bits - 1)) - 1;
  return V >= -Max - 1 && V <= Max;
}

EvalResult fail(EvalErrorKind K, std::string Term, std::string Message) {
  EvalResult R;
  R.Error = {K, std::move(Term), std::move(Message)};
  return R;
}

EvalResult value(SymbolicValue V) {
  EvalResult R;
  R.Value = std::move(V);
  return R;
}

EvalResult concrete(int64_t V) { return value(SymbolicValue{V, {}}); }

/// Why C arithmetic on concrete operands has no value.
enum class Failure {
  None,
  Overflow,
  DivisionByZero,
  ShiftRange,
  NegativeShift
};

struct Computed {
  int64_t Value = 0;
  Failure Failed = Failure::None;
};

/// Arithmetic on concrete operands with C semantics: \p E's type for the
/// result, \p OperandType for the operation. No strings: this runs for
/// every lane of every warp.
Computed compute(const LaneExpr &E, BinaryOp Op, int64_t L, int64_t R,
                 IntType OperandType) {
  IntType T = E.Type;
  bool Unsigned = !OperandType.Signed;
  uint64_t UL = uint64_t(L), UR = uint64_t(R);
  auto Checked = [&](__int128 Exact) -> Computed {
    if (T.Signed && !T.IsBool && !fitsSigned(Exact, T))
      return {0, Failure::Overflow};
    return {normalize(int64_t(Exact), T)};
  };
  switch (Op) {
  case BinaryOp::Add:
    return Unsigned ? Computed{normalize(int64_t(UL + UR), T)}
                    : Checked(__int128(L) + R);
  case BinaryOp::Sub:
    return Unsigned ? Computed{normalize(int64_t(UL - UR), T)}
                    : Checked(__int128(L) - R);
  case BinaryOp::Mul:
    return Unsigned ? Computed{normalize(int64_t(UL * UR), T)}
                    : Checked(__int128(L) * R);
  case BinaryOp::Div:
  case BinaryOp::Rem:
    if (R == 0)
      return {0, Failure::DivisionByZero};
    if (Unsigned)
      return {normalize(int64_t(Op == BinaryOp::Div ? UL / UR : UL % UR), T)};
    if (Op == BinaryOp::Div)
      return Checked(__int128(L) / R);
    return Checked(__int128(L) % R);
  case BinaryOp::Shl:
  case BinaryOp::Shr: {
    unsigned Bits = OperandType.Bits;
    if (R < 0 || uint64_t(R) >= Bits)
      return {0, Failure::ShiftRange};
    if (Op == BinaryOp::Shr)
      return {normalize(Unsigned ? int64_t(UL >> R) : (L >> R), T)};
    if (Unsigned)
      return {normalize(int64_t(UL << R), T)};
    if (L < 0)
      return {0, Failure::NegativeShift};
    // C++ (since C++14) defines a non-negative value shifted into the
    // sign bit, `1 << 31`, as the unsigned result converted: INT_MIN.
    __int128 V = __int128(L) << R;
    if (Bits < 64 && V < (__int128(1) << Bits))
      return {normalize(int64_t(V), T)};
    return Checked(V);
  }
  case BinaryOp::And:
    return {normalize(L & R, T)};
  case BinaryOp::Or:
    return {normalize(L | R, T)};
  case BinaryOp::Xor:
    return {normalize(L ^ R, T)};
  case BinaryOp::LT:
    return {Unsigned ? UL < UR : L < R};
  case BinaryOp::GT:
    return {Unsigned ? UL > UR : L > R};
  case BinaryOp::LE:
    return {Unsigned ? UL <= UR : L <= R};
  case BinaryOp::GE:
    return {Unsigned ? UL >= UR : L >= R};
  case BinaryOp::EQ:
    return {L == R};
  case BinaryOp::NE:
    return {L != R};
  case BinaryOp::LAnd:
    return {L && R};
  case BinaryOp::LOr:
    return {L || R};
  }
  return {0};
}

/// compute() as an evaluation result, with what to say when it fails.
EvalResult applyConcrete(const LaneExpr &E, BinaryOp Op, int64_t L, int64_t R,
                         IntType OperandType) {
  Computed C = compute(E, Op, L, R, OperandType);
  if (C.Failed == Failure::None)
    return concrete(C.Value);
  // Spelled only on failure: evaluation runs lane by lane over blocks.
  std::string Spelled = "'" + printLaneExpr(E) + "'";
  switch (C.Failed) {
  case Failure::None:
    return concrete(C.Value);
  case Failure::Overflow:
    return fail(EvalErrorKind::SignedOverflow, printLaneExpr(E),
                "signed overflow in " + Spelled);
  case Failure::DivisionByZero:
    return fail(EvalErrorKind::DivisionByZero, printLaneExpr(E),
                "division by zero in " + Spelled);
  case Failure::ShiftRange:
    return fail(EvalErrorKind::ShiftOutOfRange, printLaneExpr(E),
                "shift by " + std::to_string(R) + " out of range in " +
                    Spelled);
  case Failure::NegativeShift:
    return fail(EvalErrorKind::SignedOverflow, printLaneExpr(E),
                "left shift of a negative value in " + Spelled);
  }
  return concrete(C.Value);
}

/// \p V * \p K, or nullopt when a coefficient does not fit in 64 bits.
std::optional<SymbolicValue> scaled(const SymbolicValue &V, int64_t K) {
  SymbolicValue R;
  std::optional<int64_t> Const = checkedMul(V.Const, K);
  if (!Const)
    return std::nullopt;
  R.Const = *Const;
  if (K != 0)
    for (const auto &[Sym, C] : V.Terms) {
      std::optional<int64_t> Coefficient = checkedMul(C, K);
      if (!Coefficient)
        return std::nullopt;
      R.Terms[Sym] = *Coefficient;
    }
  return R;
}

/// \p A + \p B (\p Subtract: \p A - \p B), or nullopt on overflow.
std::optional<SymbolicValue> added(const SymbolicValue &A,
                                   const SymbolicValue &B, bool Subtract) {
  auto Op = Subtract ? checkedSub : checkedAdd;
  SymbolicValue R = A;
  std::optional<int64_t> Const = Op(A.Const, B.Const);
  if (!Const)
    return std::nullopt;
  R.Const = *Const;
  for (const auto &[Sym, C] : B.Terms) {
    std::optional<int64_t> Sum = Op(R.Terms[Sym], C);
    if (!Sum)
      return std::nullopt;
    if (*Sum == 0)
      R.Terms.erase(Sym);
    else
      R.Terms[Sym] = *Sum;
  }
  return R;
}

/// The result of a symbolic operation on \p E: \p V, or an overflow error.
EvalResult symbolic(const LaneExpr &E, std::optional<SymbolicValue> V) {
  if (!V)
    return fail(EvalErrorKind::SignedOverflow, printLaneExpr(E),
                "'" + printLaneExpr(E) +
                    "' has a coefficient too large to evaluate");
  return value(std::move(*V));
}

/// A warp-uniform value that is not affine in its symbols becomes a symbol
/// of its own, named by its spelling; a lane-dependent one cannot be judged.
EvalResult opaque(const LaneExpr &E, const SymbolicValue &Blocking,
                  const LaneEnv &Env) {
  if (dependsOnLane(E) && Env.Unexplained)
    return fail(EvalErrorKind::NotAffine, "", "");
  std::string Spelled = printLaneExpr(E);
  if (!dependsOnLane(E))
    return value(SymbolicValue{0, {{Spelled, 1}}});
  std::string Sym = Blocking.Terms.begin()->first;
  return fail(EvalErrorKind::NotAffine, Sym,
              "'" + Spelled + "' combines the lane index with '" + Sym +
                  "', whose value is not known");
}

EvalResult evaluateBinary(const LaneExpr &E, const LaneEnv &Env) {
  EvalResult L = evaluateLane(*E.Ops[0], Env);
  if (!L.ok())
    return L;
  // Short-circuit like C: the right side of && and || may not run.
  if ((E.BOp == BinaryOp::LAnd || E.BOp == BinaryOp::LOr) &&
      L.Value->isConcrete()) {
    bool LTrue = L.Value->Const != 0;
    if (E.BOp == BinaryOp::LAnd && !LTrue)
      return concrete(0);
    if (E.BOp == BinaryOp::LOr && LTrue)
      return concrete(1);
  }
  EvalResult R = evaluateLane(*E.Ops[1], Env);
  if (!R.ok())
    return R;
  const SymbolicValue &LV = *L.Value, &RV = *R.Value;
  if (LV.isConcrete() && RV.isConcrete())
    return applyConcrete(E, E.BOp, LV.Const, RV.Const, E.Ops[0]->Type);
  switch (E.BOp) {
  case BinaryOp::Add:
    return symbolic(E, added(LV, RV, /*Subtract=*/false));
  case BinaryOp::Sub:
    return symbolic(E, added(LV, RV, /*Subtract=*/true));
  case BinaryOp::Mul:
    if (RV.isConcrete())
      return symbolic(E, scaled(LV, RV.Const));
    if (LV.isConcrete())
      return symbolic(E, scaled(RV, LV.Const));
    break;
  case BinaryOp::Shl:
    if (RV.isConcrete() && RV.Const >= 0 && RV.Const < 62)
      return symbolic(E, scaled(LV, int64_t(1) << RV.Const));
    break;
  default:
    break;
  }
  return opaque(E, LV.isConcrete() ? RV : LV, Env);
}

} // namespace

EvalResult evaluateLane(const LaneExpr &E, const LaneEnv &Env) {
  switch (E.Kind) {
  case ExprKind::Constant:
    return concrete(E.Value);
  case ExprKind::ThreadIdx:
    return concrete(Env.ThreadIdx[E.Dim]);
  case ExprKind::BlockDim:
    return concrete(Env.BlockDim[E.Dim]);
  case ExprKind::Uniform:
    if (const int64_t *V = Env.bound(E.Name))
      return concrete(normalize(*V, E.Type));
    if (E.Launched)
      return concrete(normalize(E.Value, E.Type));
    return value(SymbolicValue{0, {{E.Name, 1}}});
  case ExprKind::Unknown:
    if (Env.Unexplained)
      return fail(EvalErrorKind::UnknownTerm, "", "");
    return fail(EvalErrorKind::UnknownTerm, E.Name,
                "'" + E.Name + "' " + E.Reason);
  case ExprKind::Cast: {
    EvalResult R = evaluateLane(*E.Ops[0], Env);
    if (!R.ok())
      return R;
    if (R.Value->isConcrete())
      return concrete(normalize(R.Value->Const, E.Type));
    if (E.Type.IsBool)
      return opaque(E, *R.Value, Env);
    return R; // assume a symbolic value is not truncated
  }
  case ExprKind::Unary: {
    EvalResult R = evaluateLane(*E.Ops[0], Env);
    if (!R.ok())
      return R;
    const SymbolicValue &V = *R.Value;
    if (E.UOp == UnaryOp::Minus) {
      if (!V.isConcrete())
        return symbolic(E, scaled(V, -1));
      if (E.Type.Signed && !fitsSigned(-__int128(V.Const), E.Type))
        return fail(EvalErrorKind::SignedOverflow, printLaneExpr(E),
                    "signed overflow in '" + printLaneExpr(E) + "'");
      // Unsigned negation wraps (-0x8000000000000000 included).
      return concrete(normalize(wrappingNeg(V.Const), E.Type));
    }
    if (!V.isConcrete())
      return opaque(E, V, Env);
    if (E.UOp == UnaryOp::BitNot)
      return concrete(normalize(~V.Const, E.Type));
    return concrete(V.Const == 0);
  }
  case ExprKind::Binary:
    return evaluateBinary(E, Env);
  case ExprKind::Conditional: {
    EvalResult C = evaluateLane(*E.Ops[0], Env);
    if (!C.ok())
      return C;
    if (!C.Value->isConcrete())
      return opaque(E, *C.Value, Env);
    return evaluateLane(*E.Ops[C.Value->Const != 0 ? 1 : 2], Env);
  }
  }
  return concrete(0);
}

namespace {

/// Sub-expressions at least this large are evaluated once per lane: a
/// variable a loop updates from its own value (`row += col / n`) shares its
/// earlier values, and walking them as a tree takes time exponential in
/// the iterations; a fix's candidates evaluate the same subscript inside
/// each rewrite; the executions of an unrolled loop share the lane's part
/// of their subscripts (`lane % 32 / 4`). Below eight nodes a lookup costs
/// about what the walk does (measured on NVIDIA's samples). A node keeps its
/// values by thread of one block shape (LaneExpr::LaneValues, a byte and a word
/// per thread) when it names no symbol or none is bound, and otherwise for the
/// one evaluation whose stamp it holds (LaneExpr::MemoStamp; stamps are never
/// reused).
constexpr uint64_t MemoizedSize = 8;
/// Blocks larger than this (probes of shapes no launch gives) are not
/// kept by thread.
constexpr uint64_t MaxThreadsKept = 1024;
std::atomic<uint64_t> NextStamp{1};
/// The memory the tables of values by thread may take together, in every
/// analysis at once; past it a node keeps the value of one evaluation only.
constexpr uint64_t MaxTableBytes = uint64_t(256) << 20;
std::atomic<uint64_t> TableBytes{0};

/// The slot of \p Env's thread in \p E's table of values by thread (made
/// for \p Env's block shape when it was made for another); null when the
/// block is too large to keep or the tables have taken their memory.
uint8_t *laneSlot(const LaneExpr &E, const LaneEnv &Env, size_t &Index) {
  uint64_t Threads =
      uint64_t(Env.BlockDim[0]) * Env.BlockDim[1] * Env.BlockDim[2];
  if (Threads == 0 || Threads > MaxThreadsKept)
    return nullptr;
  for (unsigned D = 0; D < 3; ++D)
    if (Env.ThreadIdx[D] >= Env.BlockDim[D])
      return nullptr;
  if (!E.LaneValues || E.LaneValues->BlockDim != Env.BlockDim) {
    uint64_t Bytes = Threads * (sizeof(uint8_t) + sizeof(int64_t));
    uint64_t Before = E.LaneValues ? E.LaneValues->Bytes : 0;
    if (Bytes > Before &&
        TableBytes.fetch_add(Bytes - Before) + Bytes - Before > MaxTableBytes) {
      TableBytes.fetch_sub(Bytes - Before);
      return nullptr;
    }
    if (!E.LaneValues)
      E.LaneValues = std::make_shared<LaneExpr::LaneValueTable>();
    LaneExpr::LaneValueTable &T = *E.LaneValues;
    if (Bytes < Before)
      TableBytes.fetch_sub(Before - Bytes);
    T.Bytes = Bytes;
    T.BlockDim = Env.BlockDim;
    T.State.assign(Threads, 0);
    T.Values.assign(Threads, 0);
  }
  Index = (uint64_t(Env.ThreadIdx[2]) * Env.BlockDim[1] + Env.ThreadIdx[1]) *
              Env.BlockDim[0] +
          Env.ThreadIdx[0];
  return &E.LaneValues->State[Index];
}

bool concreteValue(const LaneExpr &E, const LaneEnv &Env, uint64_t Stamp,
                   int64_t &Out);

/// \p E's value into \p Out (false: none); \p Shared: other expressions
/// hold \p E too (then its values by lane are worth keeping). The values
/// travel as a flag and an out-parameter rather than an optional: the
/// optional's flag byte, stored and then read back as part of a word,
/// stalled every return of this hot recursion.
bool concreteOperand(const LaneExpr &E, const LaneEnv &Env, uint64_t Stamp,
                     bool Shared, int64_t &Out) {
  // The same in every lane of the block (`(5 * 16) * 2`, `blockDim.x / 32`):
  // worked out once per block shape.
  if (!E.ReadsLane && !E.Symbolic && E.Size > 1) {
    if (E.BlockValueState == 0 || E.BlockValueDim != Env.BlockDim) {
      int64_t V = 0;
      E.BlockValueState = concreteValue(E, Env, Stamp, V) ? 2 : 1;
      E.BlockValue = V;
      E.BlockValueDim = Env.BlockDim;
    }
    Out = E.BlockValue;
    return E.BlockValueState == 2;
  }
  if (E.Size < MemoizedSize)
    return concreteValue(E, Env, Stamp, Out);
  size_t Index = 0;
  uint8_t *Slot = nullptr;
  if (Shared && (!E.Symbolic || !Env.Uniforms || Env.Uniforms->empty()))
    Slot = laneSlot(E, Env, Index);
  if (Slot) {
    if (*Slot) {
      Out = E.LaneValues->Values[Index];
      return *Slot == 2;
    }
    bool Ok = concreteValue(E, Env, Stamp, Out);
    *Slot = Ok ? 2 : 1;
    if (Ok)
      E.LaneValues->Values[Index] = Out;
    return Ok;
  }
  if (E.MemoStamp != Stamp) {
    int64_t V = 0;
    E.MemoValue = concreteValue(E, Env, Stamp, V) ? std::optional<int64_t>(V)
                                                  : std::nullopt;
    E.MemoStamp = Stamp;
  }
  Out = E.MemoValue.value_or(0);
  return E.MemoValue.has_value();
}

/// concreteOperand of \p E's operand \p I.
bool operandValue(const LaneExpr &E, size_t I, const LaneEnv &Env,
                  uint64_t Stamp, int64_t &Out) {
  return concreteOperand(*E.Ops[I], Env, Stamp, E.Ops[I].use_count() > 1, Out);
}

bool concreteValue(const LaneExpr &E, const LaneEnv &Env, uint64_t Stamp,
                   int64_t &Out) {
  if (E.NeverConcrete)
    return false;
  switch (E.Kind) {
  case ExprKind::Constant:
    Out = E.Value;
    return true;
  case ExprKind::ThreadIdx:
    Out = Env.ThreadIdx[E.Dim];
    return true;
  case ExprKind::BlockDim:
    Out = Env.BlockDim[E.Dim];
    return true;
  case ExprKind::Uniform:
    if (const int64_t *V = Env.bound(E.Name)) {
      Out = normalize(*V, E.Type);
      return true;
    }
    if (E.Launched) {
      Out = normalize(E.Value, E.Type);
      return true;
    }
    return false;
  case ExprKind::Unknown:
    return false;
  case ExprKind::Cast: {
    int64_t V;
    if (!operandValue(E, 0, Env, Stamp, V))
      return false;
    Out = normalize(V, E.Type);
    return true;
  }
  case ExprKind::Unary: {
    int64_t V;
    if (!operandValue(E, 0, Env, Stamp, V))
      return false;
    if (E.UOp == UnaryOp::Minus) {
      if (E.Type.Signed && !fitsSigned(-__int128(V), E.Type))
        return false;
      Out = normalize(wrappingNeg(V), E.Type);
    } else if (E.UOp == UnaryOp::BitNot) {
      Out = normalize(~V, E.Type);
    } else {
      Out = int64_t(V == 0);
    }
    return true;
  }
  case ExprKind::Binary: {
    int64_t L, R;
    if (!operandValue(E, 0, Env, Stamp, L))
      return false;
    if (E.BOp == BinaryOp::LAnd && L == 0) {
      Out = 0;
      return true;
    }
    if (E.BOp == BinaryOp::LOr && L != 0) {
      Out = 1;
      return true;
    }
    if (!operandValue(E, 1, Env, Stamp, R))
      return false;
    Computed V = compute(E, E.BOp, L, R, E.Ops[0]->Type);
    if (V.Failed != Failure::None)
      return false;
    Out = V.Value;
    return true;
  }
  case ExprKind::Conditional: {
    int64_t C;
    if (!operandValue(E, 0, Env, Stamp, C))
      return false;
    return operandValue(E, C != 0 ? 1 : 2, Env, Stamp, Out);
  }
  }
  Out = 0;
  return true;
}

} // namespace

LaneExpr::LaneValueTable::~LaneValueTable() { TableBytes.fetch_sub(Bytes); }

std::optional<int64_t> evaluateLaneConcrete(const LaneExpr &E,
                                            const LaneEnv &Env) {
  int64_t V = 0;
  bool Ok = E.Size < MemoizedSize
                ? concreteValue(E, Env, 0, V)
                : concreteOperand(E, Env, NextStamp.fetch_add(1), true, V);
  if (!Ok)
    return std::nullopt;
  return V;
}

} // namespace bankfix
