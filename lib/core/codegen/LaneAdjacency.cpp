// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaneAdjacency.cpp - Executions' lanes side by side ----------------===//

#include "core/codegen/LaneAdjacency.h"

#include "core/access/LaneAddress.h"
#include "core/expr/LaneEvaluator.h"
#include "core/model/CheckedMath.h"

#include <algorithm>

namespace bankfix {

namespace {

/// Whether every symbol of \p B is 0 or 1.
bool firstValues(const UniformBindings &B) {
  for (const auto &[Name, Value] : B)
    if (Value != 0 && Value != 1)
      return false;
  return true;
}

/// Whether the lanes of \p EY each start where the same lane of \p EX ends
/// (\p W bytes on), with the same lanes active, and (\p Aligned) EX is
/// aligned to 2W in shared memory (its array's addresses moved by
/// \p Shift).
bool followsInEveryLane(const AccessEvaluation &EX, const AccessEvaluation &EY,
                        unsigned W, bool Aligned = true, uint64_t Shift = 0) {
  if (EX.Warps.size() != EY.Warps.size())
    return false;
  for (size_t I = 0; I < EX.Warps.size(); ++I) {
    if (EX.Warps[I].Warp != EY.Warps[I].Warp)
      return false;
    const WarpAddresses &AX = EX.Warps[I].Addresses;
    const WarpAddresses &AY = EY.Warps[I].Addresses;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      if (AX[Lane].has_value() != AY[Lane].has_value())
        return false;
      if (AX[Lane] && (*AY[Lane] != *AX[Lane] + W ||
                       (Aligned && (*AX[Lane] + Shift) % (2 * W) != 0)))
        return false;
    }
  }
  return true;
}

} // namespace

/// An `extern __shared__` array: every one starts at the same address.
bool isExtern(const SharedArrayLayout &L) {
  return !L.Dims.empty() && L.Dims[0] == 0;
}

bool sameGuard(const LaneExprPtr &A, const LaneExprPtr &B) {
  if (!A || !B)
    return !A && !B;
  return A == B || printLaneExpr(*A) == printLaneExpr(*B);
}

/// The warp-uniform symbols that \p X's and \p Y's indices and guards name.
std::map<std::string, IntType> symbolsOf(const AccessInstance &X,
                                         const AccessInstance &Y) {
  std::map<std::string, IntType> Symbols;
  for (const AccessInstance *I : {&X, &Y}) {
    for (const LaneExprPtr &E : I->Desc.Indices)
      collectUniforms(*E, Symbols);
    if (I->Desc.Guard)
      collectUniforms(*I->Desc.Guard, Symbols);
  }
  return Symbols;
}

/// The values the symbols are checked at: a merge must hold for every
/// value, so alignment is tried with odd and even ones. Each symbol takes
/// each value with the others at 0, then all take it together.
std::vector<UniformBindings>
bindingsFor(const std::map<std::string, IntType> &Symbols) {
  if (Symbols.empty())
    return {{}};
  static const int64_t Values[] = {0, 1, 2, 3, 5, 6, 13};
  std::vector<UniformBindings> Out;
  for (const auto &[Name, Type] : Symbols)
    for (int64_t V : Values) {
      UniformBindings B;
      for (const auto &[Other, T] : Symbols)
        B.push_back({Other, Other == Name ? V : 0});
      Out.push_back(std::move(B));
    }
  for (int64_t V : Values) {
    UniformBindings B;
    for (const auto &[Name, Type] : Symbols)
      B.push_back({Name, V});
    Out.push_back(std::move(B));
  }
  return Out;
}

/// What turns an evaluated address of \p L (its start modulo 4 included)
/// into its offset from the array's start.
uint64_t alignmentShift(const SharedArrayLayout &L) {
  return uint64_t(0) - L.BaseOffset.value_or(0) % BankWidthBytes;
}

/// The alignment nvcc can rely on for \p L's start (at most 16 bytes):
/// ptxas places the array, and merges a thread's accesses of it only at
/// offsets aligned to the merged width from a start aligned to it too
/// (measured: floats after `float q[5]`, at byte 20, merge nothing).
uint64_t startAlignment(const SharedArrayLayout &L) {
  uint64_t Start = L.StartModulo16.value_or(0) % 16;
  return Start == 0 ? 16 : Start & (~Start + 1);
}

namespace {

/// An index as a constant plus multiples of terms (by their spelling).
struct LinearIndex {
  int64_t Constant = 0;
  std::map<std::string, int64_t> Terms;
  bool Overflow = false;

  void add(const LaneExpr &E, int64_t Scale) {
    // What holds only constants nvcc folds (`(k + 1u) % 34u` in an
    // unrolled iteration).
    if (E.Kind != ExprKind::Constant && !dependsOnLane(E) &&
        !mentions(E, ExprKind::BlockDim) && !mentions(E, ExprKind::Uniform) &&
        !mentions(E, ExprKind::Unknown))
      if (std::optional<int64_t> V = evaluateLaneConcrete(E, LaneEnv{})) {
        if (std::optional<int64_t> C = checkedMul(*V, Scale))
          Constant += *C;
        else
          Overflow = true;
        return;
      }
    std::optional<int64_t> Scaled;
    const LaneExpr *Factor = nullptr;
    switch (E.Kind) {
    case ExprKind::Constant:
      if (std::optional<int64_t> V = checkedMul(E.Value, Scale))
        Constant += *V;
      else
        Overflow = true;
      return;
    case ExprKind::Cast:
      add(*E.Ops[0], Scale);
      return;
    case ExprKind::Unary:
      if (E.UOp == UnaryOp::Minus) {
        add(*E.Ops[0], -Scale);
        return;
      }
      break;
    case ExprKind::Binary:
      if (E.BOp == BinaryOp::Add || E.BOp == BinaryOp::Sub) {
        add(*E.Ops[0], Scale);
        add(*E.Ops[1], E.BOp == BinaryOp::Add ? Scale : -Scale);
        return;
      }
      if (E.BOp == BinaryOp::Mul && E.Ops[1]->Kind == ExprKind::Constant) {
        Factor = E.Ops[0].get();
        Scaled = checkedMul(Scale, E.Ops[1]->Value);
      } else if (E.BOp == BinaryOp::Mul &&
                 E.Ops[0]->Kind == ExprKind::Constant) {
        Factor = E.Ops[1].get();
        Scaled = checkedMul(Scale, E.Ops[0]->Value);
      } else if (E.BOp == BinaryOp::Shl &&
                 E.Ops[1]->Kind == ExprKind::Constant && E.Ops[1]->Value >= 0 &&
                 E.Ops[1]->Value < 32) {
        Factor = E.Ops[0].get();
        Scaled = checkedMul(Scale, int64_t(1) << E.Ops[1]->Value);
      }
      if (Factor) {
        if (Scaled)
          add(*Factor, *Scaled);
        else
          Overflow = true;
        return;
      }
      break;
    default:
      break;
    }
    if (std::optional<std::string> Low = lowBitsTerm(E, Constant, Scale))
      Terms[*Low] += Scale;
    else
      Terms[printLaneExpr(E)] += Scale;
  }

  /// `(T + c) % 2^k` (or `& (2^k - 1)`) with c smaller than the bits T is
  /// known to end in zeros: nvcc writes T + c as T | c, and the low bits
  /// of T | c as those of T, or c: the term is T's low bits, and c * Scale
  /// goes to \p Constant (measured: `t[(2x) % 64]` and `t[(2x + 1) % 64]`
  /// are one LDS.64; `t[(2x + 2) % 64]` and `t[(2x + 3) % 64]` two LDS).
  static std::optional<std::string>
  lowBitsTerm(const LaneExpr &E, int64_t &Constant, int64_t Scale) {
    if (E.Kind != ExprKind::Binary || E.Ops[1]->Kind != ExprKind::Constant)
      return std::nullopt;
    int64_t M = E.Ops[1]->Value;
    int64_t Modulus = E.BOp == BinaryOp::Rem   ? M
                      : E.BOp == BinaryOp::And ? M + 1
                                               : 0;
    if (Modulus < 2 || (Modulus & (Modulus - 1)) != 0)
      return std::nullopt;
    LinearIndex Inner;
    Inner.add(*E.Ops[0], 1);
    if (Inner.Overflow || Inner.Constant < 0 || Inner.Terms.empty())
      return std::nullopt;
    // The zeros every term's coefficient ends in.
    int64_t Zeros = Modulus;
    for (const auto &[Term, Coefficient] : Inner.Terms)
      if (Coefficient)
        Zeros = std::min<int64_t>(Zeros, Coefficient & -Coefficient);
    if (Inner.Constant >= Zeros)
      return std::nullopt;
    std::optional<int64_t> C = checkedMul(Inner.Constant, Scale);
    if (!C)
      return std::nullopt;
    Constant += *C;
    std::string Key = "low " + std::to_string(Modulus) + " of";
    for (const auto &[Term, Coefficient] : Inner.Terms)
      if (Coefficient)
        Key += " " + std::to_string(Coefficient) + "*(" + Term + ")";
    return Key;
  }

  bool sameTerms(const LinearIndex &O) const {
    auto NonZero = [](const std::map<std::string, int64_t> &M) {
      std::map<std::string, int64_t> Out;
      for (const auto &[K, V] : M)
        if (V)
          Out[K] = V;
      return Out;
    };
    return !Overflow && !O.Overflow && NonZero(Terms) == NonZero(O.Terms);
  }
};

} // namespace

bool constantApart(const AccessInstance &X, const AccessInstance &Y) {
  if (X.Desc.Indices.size() != Y.Desc.Indices.size())
    return false;
  for (size_t D = 0; D < X.Desc.Indices.size(); ++D) {
    LinearIndex A, B;
    A.add(*X.Desc.Indices[D], 1);
    B.add(*Y.Desc.Indices[D], 1);
    if (!A.sameTerms(B))
      return false;
  }
  return true;
}

namespace {

/// The value of \p E when it is a constant, through conversions.
std::optional<int64_t> constantFactor(const LaneExpr &E) {
  if (E.Kind == ExprKind::Constant)
    return E.Value;
  if (E.Kind == ExprKind::Cast && E.Ops[0]->Kind == ExprKind::Constant)
    return evaluateLaneConcrete(E, LaneEnv{});
  return std::nullopt;
}

/// Whether every term of \p E (scaled by \p Scale bytes) that names a
/// warp-uniform symbol other than \p Symbol is a multiple of \p Modulus
/// bytes: nvcc knows nothing of such a value (a kernel parameter, an outer
/// loop's counter) but what its coefficient says. Terms of lanes and
/// constants alone are checked by evaluation instead.
bool uniformTermsAligned(const LaneExpr &E, __int128 Scale,
                         const std::string &Symbol, uint64_t Modulus) {
  if (Scale % __int128(Modulus) == 0)
    return true;
  switch (E.Kind) {
  case ExprKind::Cast:
    return uniformTermsAligned(*E.Ops[0], Scale, Symbol, Modulus);
  case ExprKind::Binary:
    if (E.BOp == BinaryOp::Add || E.BOp == BinaryOp::Sub)
      return uniformTermsAligned(*E.Ops[0], Scale, Symbol, Modulus) &&
             uniformTermsAligned(*E.Ops[1], Scale, Symbol, Modulus);
    if (E.BOp == BinaryOp::Mul || E.BOp == BinaryOp::Shl) {
      std::optional<int64_t> Right = constantFactor(*E.Ops[1]);
      std::optional<int64_t> Left =
          E.BOp == BinaryOp::Mul ? constantFactor(*E.Ops[0]) : std::nullopt;
      if (E.BOp == BinaryOp::Shl && Right && *Right >= 0 && *Right < 32)
        return uniformTermsAligned(*E.Ops[0], Scale << *Right, Symbol, Modulus);
      if (E.BOp == BinaryOp::Mul && Right)
        return uniformTermsAligned(*E.Ops[0], Scale * *Right, Symbol, Modulus);
      if (E.BOp == BinaryOp::Mul && Left)
        return uniformTermsAligned(*E.Ops[1], Scale * *Left, Symbol, Modulus);
    }
    break;
  default:
    break;
  }
  std::map<std::string, IntType> Names;
  collectUniforms(E, Names);
  Names.erase(Symbol);
  return Names.empty();
}

/// Whether nvcc can prove \p X's address a multiple of \p Modulus bytes
/// from the terms of its indices that name warp-uniform symbols.
bool alignmentProvable(const SharedArrayLayout &Layout, const AccessInstance &X,
                       const std::string &Symbol, uint64_t Modulus) {
  AccessEvaluation Scratch;
  std::optional<Addressing> A = addressingOf(Layout, X.Desc, Scratch);
  if (!A || A->Scale.size() < X.Desc.Indices.size())
    return false;
  for (size_t D = 0; D < X.Desc.Indices.size(); ++D)
    if (!uniformTermsAligned(*X.Desc.Indices[D], A->Scale[D], Symbol, Modulus))
      return false;
  return true;
}

} // namespace

/// Whether \p Y starts where \p X ends for every active lane of every
/// shape and every value of the warp-uniform symbols, with the same lanes
/// active, and X's address is aligned to the merged width.
bool adjacentInEveryLane(const SharedArrayLayout &XLayout,
                         const AccessInstance &X,
                         const SharedArrayLayout &YLayout,
                         const AccessInstance &Y,
                         const std::vector<BlockShape> &Shapes) {
  // Where the array starts must be known to know alignment (decide() says
  // so where it is not).
  if (!XLayout.BaseOffset || !YLayout.BaseOffset ||
      !alignmentProvable(XLayout, X, "", 2 * X.Desc.Width))
    return false;
  uint64_t Shift = alignmentShift(XLayout);
  std::vector<UniformBindings> Bindings = bindingsFor(symbolsOf(X, Y));
  bool AnyShape = false;
  for (const BlockShape &Shape : Shapes) {
    if (X.runsFor(Shape) != Y.runsFor(Shape))
      return false;
    if (!X.runsFor(Shape))
      continue;
    for (size_t K = 0; K < Bindings.size(); ++K) {
      EvaluationOptions Options{&Bindings[K], false};
      AccessEvaluation EX = evaluateAccessWith(XLayout, X.Desc, Shape, Options);
      AccessEvaluation EY = evaluateAccessWith(YLayout, Y.Desc, Shape, Options);
      // A value the program cannot have (an index out of bounds) proves
      // nothing; the first values (0 and 1 for each symbol) must be valid.
      bool Invalid = (!EX.judged() && EX.ProblemFromValues) ||
                     (!EY.judged() && EY.ProblemFromValues);
      if (Invalid && !firstValues(Bindings[K]))
        continue;
      if (!EX.judged() || !EY.judged() || EX.Speculated != EY.Speculated ||
          !followsInEveryLane(EX, EY, X.Desc.Width, true, Shift))
        return false;
      // Values for which no lane runs them (a guard, a break) show nothing.
      AnyShape = AnyShape || !EX.Warps.empty();
    }
  }
  return AnyShape;
}

/// Whether \p X in one iteration of a loop walked once is adjacent to
/// itself in the next (its symbol \p Symbol one larger) in every lane of
/// every shape, and aligned in the first for every value of the other
/// symbols: nvcc may unroll the loop at run time and merge them.
bool nextIterationFollows(const SharedArrayLayout &Layout,
                          const AccessInstance &X, const std::string &Symbol,
                          const std::vector<BlockShape> &Shapes) {
  if (!Layout.BaseOffset || 2 * X.Desc.Width > startAlignment(Layout) ||
      !alignmentProvable(Layout, X, Symbol, 2 * X.Desc.Width))
    return false;
  bool Any = false;
  for (const BlockShape &Shape : Shapes) {
    if (!X.runsFor(Shape))
      continue;
    for (UniformBindings B : bindingsFor(symbolsOf(X, X))) {
      UniformBindings Next = B;
      for (auto &[Name, Value] : Next)
        if (Name == Symbol)
          ++Value;
      AccessEvaluation E0 =
          evaluateAccessWith(Layout, X.Desc, Shape, {&B, false});
      AccessEvaluation E1 =
          evaluateAccessWith(Layout, X.Desc, Shape, {&Next, false});
      // nvcc merges only what it can prove aligned in the first iteration
      // whatever the other symbols hold (`s[t * d + x]` with `d` a
      // parameter is not).
      bool First = true;
      for (const auto &[Name, Value] : B)
        First = First && (Name != Symbol || Value == 0);
      if (!E0.judged() || !E1.judged() ||
          !followsInEveryLane(E0, E1, X.Desc.Width, First,
                              alignmentShift(Layout)))
        return false;
      // Values for which no lane runs it (a guard, a break) show nothing.
      Any = Any || !E0.Warps.empty();
    }
  }
  return Any;
}

/// Every lane's offset from its array's start of \p I, for each shape and
/// value of its symbols in turn; nullopt when one is not known.
std::optional<std::vector<uint64_t>>
laneAddresses(const SharedArrayLayout &Layout, const AccessInstance &I,
              const std::vector<BlockShape> &Shapes) {
  std::vector<uint64_t> Out;
  uint64_t Shift = alignmentShift(Layout);
  for (const BlockShape &Shape : Shapes) {
    if (!I.runsFor(Shape))
      continue;
    for (const UniformBindings &B : bindingsFor(symbolsOf(I, I))) {
      AccessEvaluation E =
          evaluateAccessWith(Layout, I.Desc, Shape, {&B, false, true});
      if (!E.judged())
        return std::nullopt;
      for (const WarpOutcome &W : E.Warps)
        for (const std::optional<uint64_t> &A : W.Addresses)
          Out.push_back(A ? *A + Shift : UINT64_MAX);
    }
  }
  return Out;
}

/// Whether \p X's bytes and \p Y's are the same distance apart in every
/// lane, shape and value of the symbols, and do not overlap.
std::optional<int64_t> apartByAConstant(const MergeCandidate &X,
                                        const MergeCandidate &Y,
                                        const std::vector<BlockShape> &Shapes) {
  std::optional<std::vector<uint64_t>> AX =
      laneAddresses(*X.Layout, *X.Instance, Shapes);
  std::optional<std::vector<uint64_t>> AY =
      laneAddresses(*Y.Layout, *Y.Instance, Shapes);
  if (!AX || !AY || AX->size() != AY->size() || AX->empty())
    return std::nullopt;
  int64_t Distance = int64_t((*AY)[0] - (*AX)[0]);
  for (size_t L = 0; L < AX->size(); ++L)
    if (((*AX)[L] == UINT64_MAX) != ((*AY)[L] == UINT64_MAX) ||
        ((*AX)[L] != UINT64_MAX && int64_t((*AY)[L] - (*AX)[L]) != Distance))
      return std::nullopt;
  int64_t Gap = Distance < 0 ? -Distance : Distance;
  if (Gap < int64_t(std::max(X.Instance->Desc.Width, Y.Instance->Desc.Width)))
    return std::nullopt;
  return Distance;
}

} // namespace bankfix
