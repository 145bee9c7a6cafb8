// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IterationPeriod.cpp - After how many iterations an access repeats --===//

#include "core/access/IterationPeriod.h"

#include "core/access/PeriodicForm.h"

#include <unordered_map>

namespace bankfix {

namespace {

using namespace periodic;

class Analysis {
public:
  Analysis(const IterationRange &Range, unsigned Level, const BlockShape &Shape)
      : Range(Range), Level(Level), Shape(Shape) {}

  std::optional<Form> of(const LaneExpr &E) {
    auto It = Memo.find(&E);
    if (It != Memo.end())
      return It->second;
    std::optional<Form> F = uncached(E);
    Memo.emplace(&E, F);
    return F;
  }

private:
  std::optional<Form> uncached(const LaneExpr &E) {
    switch (E.Kind) {
    case ExprKind::Constant:
      return bounded(1, 0, E.Value, E.Value);
    case ExprKind::ThreadIdx:
      return bounded(1, 0, 0, Int(Shape.Dim[E.Dim]) - 1);
    case ExprKind::BlockDim:
      return bounded(1, 0, Shape.Dim[E.Dim], Shape.Dim[E.Dim]);
    case ExprKind::Uniform:
      if (E.Launched)
        return bounded(1, 0, E.Value, E.Value);
      return symbol(E);
    case ExprKind::Unknown:
      return Form{};
    case ExprKind::Cast:
      return cast(E);
    case ExprKind::Unary:
      return unary(E);
    case ExprKind::Binary:
      return binary(E);
    case ExprKind::Conditional:
      return conditional(E);
    }
    return std::nullopt;
  }

  std::optional<Form> symbol(const LaneExpr &E) {
    const LoopVariable *V = Range.variable(E.Name);
    if (!V)
      return Form{}; // blockIdx, a parameter: the same in every iteration
    if (V->Level != Level) { // Another loop of the nest: held.
      auto [Lo, Hi] = Range.valueBounds(*V);
      return bounded(1, 0, Lo, Hi);
    }
    Int First = Int(V->Start) + V->Step;
    Int Last = Int(V->Start) + Int(V->Step) * Int(Range.levelCount(Level) - 1);
    return bounded(1, V->Step, First, Last);
  }

  std::optional<Form> cast(const LaneExpr &E) {
    std::optional<Form> F = of(*E.Ops[0]);
    if (!F)
      return std::nullopt;
    if (E.Type.IsBool) {
      if (F->Drift != 0)
        return std::nullopt;
      return bounded(F->Period, 0, 0, 1);
    }
    if (F->Drift == 0)
      return repeating(*F, E.Type);
    if (!F->fits(E.Type))
      return std::nullopt;
    return F;
  }

  std::optional<Form> unary(const LaneExpr &E) {
    std::optional<Form> F = of(*E.Ops[0]);
    if (!F)
      return std::nullopt;
    if (F->Drift == 0) {
      if (E.UOp == UnaryOp::LogicalNot)
        return bounded(F->Period, 0, 0, 1);
      if (!F->Bounded)
        return Form{F->Period, 0, false, 0, 0};
      Form R = E.UOp == UnaryOp::Minus
                   ? bounded(F->Period, 0, -F->Hi, -F->Lo)
                   : bounded(F->Period, 0, -F->Hi - 1, -F->Lo - 1);
      return repeating(R, E.Type);
    }
    if (E.UOp == UnaryOp::LogicalNot || !F->Bounded)
      return std::nullopt;
    Form R = E.UOp == UnaryOp::Minus
                 ? bounded(F->Period, -F->Drift, -F->Hi, -F->Lo)
                 : bounded(F->Period, -F->Drift, -F->Hi - 1, -F->Lo - 1);
    if (!R.fits(E.Type))
      return std::nullopt;
    return R;
  }

  std::optional<Form> conditional(const LaneExpr &E) {
    std::optional<Form> C = of(*E.Ops[0]), T = of(*E.Ops[1]), F = of(*E.Ops[2]);
    if (!C || !T || !F || C->Drift != 0)
      return std::nullopt;
    std::optional<uint64_t> P = lcm(C->Period, T->Period);
    if (P)
      P = lcm(*P, F->Period);
    if (!P)
      return std::nullopt;
    std::optional<Int> DT = driftOver(*T, *P), DF = driftOver(*F, *P);
    if (!DT || !DF || *DT != *DF)
      return std::nullopt;
    if (!T->Bounded || !F->Bounded) {
      if (*DT != 0)
        return std::nullopt;
      return Form{*P, 0, false, 0, 0};
    }
    Form R = bounded(*P, *DT, T->Lo < F->Lo ? T->Lo : F->Lo,
                     T->Hi > F->Hi ? T->Hi : F->Hi);
    return R.Drift == 0 ? repeating(R, E.Type) : R;
  }

  std::optional<Form> binary(const LaneExpr &E) {
    std::optional<Form> L = of(*E.Ops[0]), R = of(*E.Ops[1]);
    if (!L || !R)
      return std::nullopt;
    std::optional<uint64_t> P = lcm(L->Period, R->Period);
    if (!P)
      return std::nullopt;
    std::optional<Int> DL = driftOver(*L, *P), DR = driftOver(*R, *P);
    if (!DL || !DR)
      return std::nullopt;
    Form A = *L, B = *R;
    A.Period = B.Period = *P;
    A.Drift = *DL;
    B.Drift = *DR;
    if (A.Drift == 0 && B.Drift == 0)
      return repeatingBinary(E, A, B);
    std::optional<Form> F = driftingBinary(E, A, B);
    if (!F || !F->fits(E.Type))
      return std::nullopt;
    return F;
  }

  /// Both operands repeat: so does the result; its bounds, where they are
  /// simple to give, else the type's.
  std::optional<Form> repeatingBinary(const LaneExpr &E, const Form &A,
                                      const Form &B) {
    Form R{A.Period, 0, false, 0, 0};
    if (givesTruthValue(E.BOp))
      return A.Bounded && B.Bounded ? bounded(A.Period, 0, 0, 1) : R;
    if (!A.Bounded || !B.Bounded)
      return R;
    std::optional<Form> F = driftingBinary(E, A, B);
    if (!F) // Bounds not followed for this operator: any value of its type.
      return bounded(A.Period, 0, typeMin(E.Type), typeMax(E.Type));
    return repeating(*F, E.Type);
  }

  /// The result when an operand drifts (or, for bounds, when neither does).
  std::optional<Form> driftingBinary(const LaneExpr &E, const Form &A,
                                     const Form &B) {
    uint64_t P = A.Period;
    switch (E.BOp) {
    case BinaryOp::Add:
      return both(A, B) ? std::optional(bounded(P, A.Drift + B.Drift,
                                                A.Lo + B.Lo, A.Hi + B.Hi))
                        : std::nullopt;
    case BinaryOp::Sub:
      return both(A, B) ? std::optional(bounded(P, A.Drift - B.Drift,
                                                A.Lo - B.Hi, A.Hi - B.Lo))
                        : std::nullopt;
    case BinaryOp::Mul:
      if (std::optional<Int> C = B.point())
        return scaled(A, *C);
      if (std::optional<Int> C = A.point())
        return scaled(B, *C);
      return std::nullopt;
    case BinaryOp::Div:
    case BinaryOp::Rem:
      return divided(E, A, B);
    case BinaryOp::Shl:
      return shiftedLeft(E, A, B);
    case BinaryOp::Shr:
      return shiftedRight(E, A, B);
    case BinaryOp::And:
    case BinaryOp::Or:
    case BinaryOp::Xor:
      if (B.point())
        return masked(E.BOp, A, *B.point());
      if (A.point())
        return masked(E.BOp, B, *A.point());
      return std::nullopt;
    default:
      return std::nullopt;
    }
  }

  static bool both(const Form &A, const Form &B) {
    return A.Bounded && B.Bounded;
  }

  static std::optional<Form> scaled(const Form &A, Int C) {
    if (!A.Bounded || absolute(C) >= Huge)
      return std::nullopt;
    return bounded(A.Period, A.Drift * C, A.Lo * C, A.Hi * C);
  }

  std::optional<Form> divided(const LaneExpr &E, const Form &A, const Form &B) {
    std::optional<Int> C = B.point();
    // C's division truncates: a value that keeps its sign moves evenly.
    if (!C || *C <= 0 || !A.oneSigned())
      return std::nullopt;
    std::optional<std::pair<uint64_t, Int>> M = periodModulo(A, *C);
    if (!M)
      return std::nullopt;
    if (E.BOp == BinaryOp::Div)
      return bounded(M->first, M->second / *C, A.Lo / *C, A.Hi / *C);
    if (A.Lo >= 0)
      return bounded(M->first, 0, 0, A.Hi < *C ? A.Hi : *C - 1);
    return bounded(M->first, 0, A.Lo > -*C ? A.Lo : 1 - *C, 0);
  }

  std::optional<Form> shiftedLeft(const LaneExpr &E, const Form &A,
                                  const Form &B) {
    std::optional<Int> C = B.point();
    if (!C || *C < 0 || *C >= Int(E.Ops[0]->Type.Bits) || *C > 62 ||
        !A.Bounded || (E.Ops[0]->Type.Signed && A.Lo < 0))
      return std::nullopt;
    return scaled(A, Int(1) << int(*C));
  }

  std::optional<Form> shiftedRight(const LaneExpr &E, const Form &A,
                                   const Form &B) {
    std::optional<Int> C = B.point();
    if (!C || *C < 0 || *C >= Int(E.Ops[0]->Type.Bits) || *C > 62 || !A.Bounded)
      return std::nullopt;
    Int M = Int(1) << int(*C);
    std::optional<std::pair<uint64_t, Int>> P = periodModulo(A, M);
    if (!P)
      return std::nullopt;
    return bounded(P->first, P->second / M, floorDiv(A.Lo, M),
                   floorDiv(A.Hi, M));
  }

  /// `x & m`, `x | m`, `x ^ m` with m >= 0: the bits of x below m's top
  /// bit repeat when x moves by a multiple of the power of two above m.
  static std::optional<Form> masked(BinaryOp Op, const Form &A, Int M) {
    if (M < 0 || !A.Bounded || M >= Huge)
      return std::nullopt;
    Int Cycle = Int(1) << bitLength(M);
    std::optional<std::pair<uint64_t, Int>> P = periodModulo(A, Cycle);
    if (!P)
      return std::nullopt;
    if (Op == BinaryOp::And)
      return bounded(P->first, 0, 0, M);
    if (Op == BinaryOp::Or)
      return bounded(P->first, P->second, A.Lo, A.Hi + M);
    return bounded(P->first, P->second, A.Lo - M, A.Hi + M);
  }

  const IterationRange &Range;
  unsigned Level;
  const BlockShape &Shape;
  std::unordered_map<const LaneExpr *, std::optional<Form>> Memo;
};

/// Bytes per step of each index, and its extent (0: not known).
void addressing(const SharedArrayLayout &Array, const SharedAccessDesc &Access,
                std::vector<Int> &Scale, std::vector<Int> &Extent) {
  Int Stride = Array.ElementSize;
  Scale.assign(Array.Dims.size(), 0);
  for (size_t D = Array.Dims.size(); D-- > 0;) {
    Scale[D] = Stride;
    Stride *= Array.Dims[D];
    if (Stride > Huge)
      Stride = Huge;
  }
  Extent.assign(Array.Dims.begin(), Array.Dims.end());
  if (Access.FlatBytes) {
    bool Known = !Array.Dims.empty() && Array.Dims.front() != 0;
    Scale = {1};
    Extent = {Known ? Stride : 0};
  }
}

} // namespace

std::optional<IterationPattern> iterationPattern(const SharedArrayLayout &Array,
                                                 const SharedAccessDesc &Access,
                                                 const IterationRange &Range,
                                                 const BlockShape &Shape) {
  if (Range.levels() != 1)
    return std::nullopt;
  return levelPattern(Array, Access, Range, 0, Shape);
}

std::optional<IterationPattern> levelPattern(const SharedArrayLayout &Array,
                                             const SharedAccessDesc &Access,
                                             const IterationRange &Range,
                                             unsigned Level,
                                             const BlockShape &Shape) {
  // A swizzle, or rows padded under a pointer's byte offsets, is not linear
  // in the indices: only indices that come back to their values repeat the
  // address.
  bool Linear =
      !Array.Swizzle.active() && !(Access.FlatBytes && Array.WrittenRowBytes);
  if (Range.levelCount(Level) < 2)
    return std::nullopt;
  Analysis A(Range, Level, Shape);
  std::vector<Int> Scale, Extent;
  addressing(Array, Access, Scale, Extent);
  if (Scale.size() != Access.Indices.size())
    return std::nullopt;
  std::vector<Form> Indices;
  uint64_t Period = 1;
  for (const LaneExprPtr &Index : Access.Indices) {
    std::optional<Form> F = A.of(*Index);
    std::optional<uint64_t> P = F ? lcm(Period, F->Period) : std::nullopt;
    if (!P)
      return std::nullopt;
    Period = *P;
    Indices.push_back(*F);
  }
  if (Access.Guard) {
    std::optional<Form> G = A.of(*Access.Guard);
    std::optional<uint64_t> P =
        G && G->Drift == 0 ? lcm(Period, G->Period) : std::nullopt;
    if (!P)
      return std::nullopt;
    Period = *P;
  }
  IterationPattern Pattern;
  Form Address{Period, 0, true, 0, 0};
  for (size_t D = 0; D < Indices.size(); ++D) {
    const Form &F = Indices[D];
    std::optional<Int> Drift = driftOver(F, Period);
    if (!Drift)
      return std::nullopt;
    if (*Drift == 0)
      continue;
    if (!Linear)
      return std::nullopt;
    // A moving index: its bounds, and its address, must stay in range.
    if (!F.Bounded)
      return std::nullopt;
    if (Extent[D] != 0 && (F.Lo < 0 || F.Hi >= Extent[D]))
      Pattern.MayLeaveBounds = true;
    if (absolute(F.Lo) * Scale[D] > (Int(1) << 62) ||
        absolute(F.Hi) * Scale[D] > (Int(1) << 62))
      return std::nullopt;
    Address.Drift += *Drift * Scale[D];
  }
  std::optional<std::pair<uint64_t, Int>> Banks =
      periodModulo(Address, BankCycleBytes);
  if (!Banks)
    return std::nullopt;
  Pattern.Period = Banks->first;
  Pattern.Drift = Banks->second;
  return Pattern;
}

} // namespace bankfix
