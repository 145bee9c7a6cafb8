//===- CompileTimeValue.cpp - What the compiler folds to a constant -------===//

#include "core/expr/CompileTimeValue.h"

#include "core/expr/LaneEvaluator.h"

#include <algorithm>
#include <map>
#include <memory>
#include <unordered_map>

namespace bankfix {

namespace {

using Value = std::optional<int64_t>;

/// Runs \p E, whose leaves are all constants, through the evaluator (C's
/// semantics for each operator and type).
Value evaluateConstant(const LaneExprPtr &E) {
  return evaluateLaneConcrete(*E, LaneEnv{});
}

/// What \p E converts when it is a cast that keeps the width (the same
/// bits), seen through several; E itself otherwise.
const LaneExpr &sameWidthSource(const LaneExpr &E) {
  const LaneExpr *Source = &E;
  while (Source->Kind == ExprKind::Cast &&
         Source->Ops[0]->Type.Bits == Source->Type.Bits)
    Source = Source->Ops[0].get();
  return *Source;
}

/// Whether \p E is a comparison, a logical operator or a bool, seen
/// through casts: 0 or 1.
bool isTruthValue(const LaneExpr &E) {
  if (E.Kind == ExprKind::Cast)
    return E.Type.IsBool || isTruthValue(*E.Ops[0]);
  if (E.Kind == ExprKind::Unary)
    return E.UOp == UnaryOp::LogicalNot;
  return E.Kind == ExprKind::Binary && givesTruthValue(E.BOp);
}

/// The operand of \p E when E is a cast that keeps every value: from an
/// unsigned type to an unsigned type as wide or wider; null otherwise.
const LaneExpr *widenedFrom(const LaneExpr &E) {
  if (E.Kind != ExprKind::Cast || E.Type.Signed || E.Ops[0]->Type.Signed ||
      E.Ops[0]->Type.Bits > E.Type.Bits)
    return nullptr;
  return E.Ops[0].get();
}

const CompileTimeFacts NoFacts;

class Folder {
public:
  explicit Folder(const CompileTimeFacts &Facts) : Facts(Facts) {}

  /// Each question is answered once per node: the rules below ask them
  /// of the same subexpressions again and again.
  Value fold(const LaneExpr &E) const {
    auto [It, New] = FoldMemo.try_emplace(&E);
    if (New)
      It->second = foldUncached(E);
    return It->second;
  }

  unsigned trailingZeros(const LaneExpr &E) const {
    auto [It, New] = ZerosMemo.try_emplace(&E);
    if (New)
      It->second = trailingZerosUncached(E);
    return It->second;
  }

  std::optional<uint64_t> residue(const LaneExpr &E, unsigned K) const {
    auto [It, New] = ResidueMemo.try_emplace({&E, K});
    if (New)
      It->second = residueUncached(E, K);
    return It->second;
  }

  std::optional<uint64_t> maxValue(const LaneExpr &E) const {
    auto [It, New] = MaxMemo.try_emplace(&E);
    if (New)
      It->second = maxValueUncached(E);
    return It->second;
  }

private:
  Value foldUncached(const LaneExpr &E) const {
    if (!Facts.empty()) {
      for (const auto &[Known, C] : Facts.Values)
        if (sameLaneExpr(sameWidthSource(E), *Known))
          return evaluateConstant(
              LaneExpr::cast(LaneExpr::constant(C, Known->Type), E.Type));
      // A variable computed before the guard keeps its value.
      if (E.Variable)
        return plain().fold(E);
    }
    switch (E.Kind) {
    case ExprKind::Constant:
      return E.Value;
    case ExprKind::ThreadIdx:
      return Facts.ThreadIdx[E.Dim];
    case ExprKind::BlockDim:
    case ExprKind::Uniform:
    case ExprKind::Unknown:
      return std::nullopt;
    case ExprKind::Cast:
      return foldCast(E);
    case ExprKind::Unary:
      return foldUnary(E);
    case ExprKind::Binary:
      return foldBinary(E);
    case ExprKind::Conditional:
      return foldConditional(E);
    }
    return std::nullopt;
  }

  /// The largest k such that 2^k divides \p E's value, for every value it
  /// may take (64 for 0).
  unsigned trailingZerosUncached(const LaneExpr &E) const {
    if (Value V = fold(E))
      return *V == 0 ? 64 : unsigned(__builtin_ctzll(uint64_t(*V)));
    if (E.Variable && !Facts.empty())
      return plain().trailingZeros(E);
    if (E.Kind == ExprKind::Cast && E.Type.IsBool) // x != 0: no bits of x
      return 0;
    if (E.Kind == ExprKind::Cast ||
        (E.Kind == ExprKind::Unary && E.UOp == UnaryOp::Minus))
      return trailingZeros(*E.Ops[0]);
    if (E.Kind != ExprKind::Binary)
      return 0;
    unsigned L = trailingZeros(*E.Ops[0]), R = trailingZeros(*E.Ops[1]);
    switch (E.BOp) {
    case BinaryOp::Mul:
      return std::min(64u, L + R);
    case BinaryOp::Shl:
      if (Value K = fold(*E.Ops[1]); K && *K >= 0 && *K < 64)
        return std::min<unsigned>(64, L + unsigned(*K));
      return L;
    case BinaryOp::Sub:
    case BinaryOp::Xor:
      // x - x % 2^k and x ^ x % 2^k clear x's k low bits.
      return std::max({std::min(L, R), lowPartOf(*E.Ops[0], *E.Ops[1]),
                       lowPartOf(*E.Ops[1], *E.Ops[0])});
    case BinaryOp::Add:
    case BinaryOp::Or:
      return std::min(L, R);
    case BinaryOp::And:
      return std::max(L, R);
    default:
      return 0;
    }
  }

private:
  /// \p E's value modulo 2^K when the compiler knows it (K < 64): from its
  /// trailing zeros, the operators (+ - * << & | ^ keep the low bits), and
  /// the guard's facts on E's low bits (`lane % 8 == 4`: `(lane * 3) % 4`
  /// is 0, nvcc deleted such a load, differential run 3).
  std::optional<uint64_t> residueUncached(const LaneExpr &E, unsigned K) const {
    uint64_t Mask = (uint64_t(1) << K) - 1;
    if (Value V = fold(E))
      return uint64_t(*V) & Mask;
    if (trailingZeros(E) >= K)
      return 0;
    for (const auto &[Known, C] : Facts.Values)
      if (lowPartOf(*Known, E) >= K)
        return uint64_t(C) & Mask;
    if (E.Variable && !Facts.empty())
      return plain().residue(E, K);
    if (K > E.Type.Bits)
      return std::nullopt;
    if (E.Kind == ExprKind::Cast)
      return K <= E.Ops[0]->Type.Bits && !E.Type.IsBool ? residue(*E.Ops[0], K)
                                                        : std::nullopt;
    if (E.Kind != ExprKind::Binary)
      return std::nullopt;
    if (E.BOp == BinaryOp::Shl || E.BOp == BinaryOp::Rem) {
      Value R = fold(*E.Ops[1]);
      if (!R || *R < 0 || *R >= 64)
        return std::nullopt;
      if (E.BOp == BinaryOp::Shl) {
        if (uint64_t(*R) >= K)
          return 0;
        std::optional<uint64_t> Low = residue(*E.Ops[0], K - unsigned(*R));
        return Low ? std::optional<uint64_t>((*Low << *R) & Mask)
                   : std::nullopt;
      }
      // x % 2^j keeps x's low bits below j (unsigned).
      bool KeepsLowBits = !E.Type.Signed && *R > 0 && (*R & (*R - 1)) == 0 &&
                          unsigned(__builtin_ctzll(uint64_t(*R))) >= K;
      return KeepsLowBits ? residue(*E.Ops[0], K) : std::nullopt;
    }
    std::optional<uint64_t> A = residue(*E.Ops[0], K),
                            B = residue(*E.Ops[1], K);
    if (!A || !B)
      return std::nullopt;
    switch (E.BOp) {
    case BinaryOp::Add:
      return (*A + *B) & Mask;
    case BinaryOp::Sub:
      return (*A - *B) & Mask;
    case BinaryOp::Mul:
      return (*A * *B) & Mask;
    case BinaryOp::And:
      return *A & *B;
    case BinaryOp::Or:
      return *A | *B;
    case BinaryOp::Xor:
      return *A ^ *B;
    default:
      return std::nullopt;
    }
  }

  /// k when \p Part is `Whole % 2^k` or `Whole & (2^k - 1)` (unsigned),
  /// else 0.
  unsigned lowPartOf(const LaneExpr &PartAsWritten,
                     const LaneExpr &Whole) const {
    const LaneExpr &Part = sameWidthSource(PartAsWritten);
    if (Part.Kind != ExprKind::Binary || Part.Type.Signed ||
        (Part.BOp != BinaryOp::Rem && Part.BOp != BinaryOp::And) ||
        !sameLaneExpr(sameWidthSource(*Part.Ops[0]), sameWidthSource(Whole)))
      return 0;
    Value C = fold(*Part.Ops[1]);
    if (!C || *C <= 0)
      return 0;
    uint64_t Modulus =
        Part.BOp == BinaryOp::Rem ? uint64_t(*C) : uint64_t(*C) + 1;
    if ((Modulus & (Modulus - 1)) != 0)
      return 0;
    return unsigned(__builtin_ctzll(Modulus));
  }

  Value foldCast(const LaneExpr &E) const {
    Value V = fold(*E.Ops[0]);
    if (!V)
      return std::nullopt;
    return evaluateConstant(
        LaneExpr::cast(LaneExpr::constant(*V, E.Ops[0]->Type), E.Type));
  }

  Value foldUnary(const LaneExpr &E) const {
    Value V = fold(*E.Ops[0]);
    if (!V)
      return std::nullopt;
    return evaluateConstant(
        LaneExpr::unary(E.UOp, LaneExpr::constant(*V, E.Ops[0]->Type), E.Type));
  }

  Value foldConditional(const LaneExpr &E) const {
    if (Value C = fold(*E.Ops[0]))
      return fold(*E.Ops[*C ? 1 : 2]);
    Value T = fold(*E.Ops[1]), F = fold(*E.Ops[2]);
    return T && F && *T == *F ? T : std::nullopt;
  }

  Value foldBinary(const LaneExpr &E) const {
    const LaneExpr &L = *E.Ops[0], &R = *E.Ops[1];
    Value A = fold(L), B = fold(R);
    if (A && B)
      return evaluateConstant(
          LaneExpr::binary(E.BOp, LaneExpr::constant(*A, L.Type),
                           LaneExpr::constant(*B, R.Type), E.Type));
    return identity(E, A, B);
  }

  /// What an operator gives whatever its unknown operand is.
  Value identity(const LaneExpr &E, Value A, Value B) const {
    const LaneExpr &L = *E.Ops[0], &R = *E.Ops[1];
    auto Is = [](Value V, int64_t C) { return V && *V == C; };
    switch (E.BOp) {
    case BinaryOp::LAnd:
      return Is(A, 0) || Is(B, 0) ? Value(0) : std::nullopt;
    case BinaryOp::LOr:
      return (A && *A) || (B && *B) ? Value(1) : std::nullopt;
    case BinaryOp::Mul:
      return Is(A, 0) || Is(B, 0) ? Value(0) : std::nullopt;
    case BinaryOp::And:
      if (Is(A, 0) || Is(B, 0))
        return 0;
      // x & (2^k - 1): x's low bits.
      if (uint64_t M = B && *B > 0 ? uint64_t(*B) : 0; M && ((M + 1) & M) == 0)
        if (std::optional<uint64_t> Low =
                residue(L, unsigned(__builtin_ctzll(M + 1))))
          return Value(int64_t(*Low));
      // Every bit one side may have is below the other's trailing zeros.
      return maskedOff(L, largestOf(R)) || maskedOff(R, largestOf(L))
                 ? Value(0)
                 : std::nullopt;
    case BinaryOp::Div:
    case BinaryOp::Shr: {
      if (Is(A, 0))
        return 0;
      // An unsigned value below the divisor (`(blockDim.y % 32) / 32`: 0,
      // differential run 5).
      std::optional<uint64_t> Max = maxValue(L);
      if (!B || *B <= 0 || !Max || L.Type.Signed)
        return std::nullopt;
      bool Below = E.BOp == BinaryOp::Div ? *Max < uint64_t(*B)
                                          : *B < 64 && (*Max >> *B) == 0;
      return Below ? Value(0) : std::nullopt;
    }
    case BinaryOp::Shl:
      return Is(A, 0) ? Value(0) : std::nullopt;
    case BinaryOp::Rem:
      if (Is(A, 0) || Is(B, 1) || Is(B, -1))
        return 0;
      if (!B || *B <= 0 || (*B & (*B - 1)) != 0)
        return std::nullopt;
      // A signed x % 2^k is x's low bits only when x is not negative.
      if (std::optional<uint64_t> Low =
              residue(L, unsigned(__builtin_ctzll(*B)));
          Low && (*Low == 0 || !E.Type.Signed))
        return Value(int64_t(*Low));
      // (x | C) % 2^k with every low bit set in C (`(blockDim.x | 31) %
      // 32`: 31, differential run 4).
      return lowBitsSet(L, *B - 1) ? Value(*B - 1) : std::nullopt;
    case BinaryOp::Sub:
    case BinaryOp::Xor:
      return sameLaneExpr(L, R) ? Value(0) : std::nullopt;
    case BinaryOp::LT:
    case BinaryOp::GT:
    case BinaryOp::LE:
    case BinaryOp::GE:
    case BinaryOp::EQ:
    case BinaryOp::NE:
      if (B)
        return compareWithConstant(E.BOp, L, *B);
      return A ? compareWithConstant(mirrored(E.BOp), R, *A) : std::nullopt;
    default:
      return std::nullopt;
    }
  }

  static BinaryOp mirrored(BinaryOp Op) {
    switch (Op) {
    case BinaryOp::LT:
      return BinaryOp::GT;
    case BinaryOp::GT:
      return BinaryOp::LT;
    case BinaryOp::LE:
      return BinaryOp::GE;
    case BinaryOp::GE:
      return BinaryOp::LE;
    default:
      return Op;
    }
  }

  /// `X Op C` for an unsigned X known only by its range and its trailing
  /// zeros (`lane % 32 > 35`, `2 * lane == 39`, `31 + lane % 32 == 9`:
  /// never; nvcc deleted the last one's load, differential run 4).
  Value compareWithConstant(BinaryOp Op, const LaneExpr &X, int64_t C) const {
    if (X.Type.Signed || C < 0)
      return std::nullopt;
    uint64_t K = uint64_t(C);
    std::optional<uint64_t> Max = maxValue(X);
    uint64_t Min = minValue(X);
    bool Differ = (Max && K > *Max) || K < Min ||
                  (K != 0 && trailingZeros(X) > unsigned(__builtin_ctzll(K)));
    switch (Op) {
    case BinaryOp::EQ:
      return Differ ? Value(0) : std::nullopt;
    case BinaryOp::NE:
      return Differ ? Value(1) : std::nullopt;
    case BinaryOp::GT:
      return Max && *Max <= K ? Value(0) : Min > K ? Value(1) : std::nullopt;
    case BinaryOp::GE:
      return Max && *Max < K ? Value(0) : Min >= K ? Value(1) : std::nullopt;
    case BinaryOp::LT:
      return Max && *Max < K ? Value(1) : Min >= K ? Value(0) : std::nullopt;
    case BinaryOp::LE:
      return Max && *Max <= K ? Value(1) : Min > K ? Value(0) : std::nullopt;
    default:
      return std::nullopt;
    }
  }

  /// The smallest value \p E of an unsigned type can take: a constant's
  /// value; a sum or product (that cannot wrap) of its operands' smallest
  /// values, seen through widening casts; 0 otherwise.
  uint64_t minValue(const LaneExpr &E) const {
    if (Value V = fold(E))
      return *V >= 0 ? uint64_t(*V) : 0;
    if (E.Variable && !Facts.empty())
      return plain().minValue(E);
    if (const LaneExpr *From = widenedFrom(E))
      return minValue(*From);
    if (E.Type.Signed || E.Kind != ExprKind::Binary ||
        (E.BOp != BinaryOp::Add && E.BOp != BinaryOp::Mul) || !maxValue(E))
      return 0;
    uint64_t A = minValue(*E.Ops[0]), B = minValue(*E.Ops[1]);
    return E.BOp == BinaryOp::Add ? A + B : A * B;
  }

  /// The largest value \p E of an unsigned type can take, when the
  /// operators bound it (`x % 32`: 31, `(x % 32) >> 2`: 7).
  std::optional<uint64_t> maxValueUncached(const LaneExpr &E) const {
    if (Value V = fold(E))
      return *V >= 0 ? std::optional<uint64_t>(*V) : std::nullopt;
    if (E.Variable && !Facts.empty())
      return plain().maxValue(E);
    // A comparison is 0 or 1, whatever its type (`i & (tid < 14)` is 0
    // for an even i: nvcc deleted such a load, differential run 6).
    if (isTruthValue(E))
      return 1;
    if (E.Type.Signed || E.Type.Bits > 64)
      return std::nullopt;
    if (E.Kind == ExprKind::Cast) {
      const LaneExpr *From = widenedFrom(E);
      return From ? maxValue(*From) : std::nullopt;
    }
    if (E.Kind != ExprKind::Binary)
      return std::nullopt;
    return maxOfBinary(E);
  }

  std::optional<uint64_t> maxOfBinary(const LaneExpr &E) const {
    uint64_t TypeMax =
        E.Type.Bits >= 64 ? UINT64_MAX : (uint64_t(1) << E.Type.Bits) - 1;
    std::optional<uint64_t> A = maxValue(*E.Ops[0]), B = maxValue(*E.Ops[1]);
    Value RightConstant = fold(*E.Ops[1]);
    switch (E.BOp) {
    case BinaryOp::Rem:
      if (!RightConstant || *RightConstant <= 0)
        return std::nullopt;
      return std::min<uint64_t>(A.value_or(TypeMax), *RightConstant - 1);
    case BinaryOp::And:
      if (!A && !B)
        return std::nullopt;
      return std::min(A.value_or(TypeMax), B.value_or(TypeMax));
    case BinaryOp::Shr:
      if (!RightConstant || *RightConstant < 0 || *RightConstant >= 64)
        return std::nullopt;
      return A.value_or(TypeMax) >> *RightConstant;
    case BinaryOp::Div:
      if (!RightConstant || *RightConstant <= 0)
        return std::nullopt;
      return A.value_or(TypeMax) / uint64_t(*RightConstant);
    case BinaryOp::Sub:
      return RightConstant && *RightConstant == 0 ? A : std::nullopt;
    case BinaryOp::Add:
      if (!A || !B || *A > TypeMax - *B)
        return std::nullopt;
      return *A + *B;
    case BinaryOp::Mul:
      if (!A || !B || (*B != 0 && *A > TypeMax / *B))
        return std::nullopt;
      return *A * *B;
    case BinaryOp::Or:
    case BinaryOp::Xor: {
      if (!A || !B)
        return std::nullopt;
      uint64_t Top = std::max(*A, *B);
      unsigned Bits = Top ? 64 - unsigned(__builtin_clzll(Top)) : 0;
      return Bits >= 64 ? UINT64_MAX : (uint64_t(1) << Bits) - 1;
    }
    default:
      return std::nullopt;
    }
  }

  /// Whether every bit of \p Mask is set in unsigned \p X: X is `Y | C`
  /// (through casts that keep the value) with C a constant holding Mask.
  bool lowBitsSet(const LaneExpr &X, int64_t Mask) const {
    if (X.Type.Signed)
      return false;
    if (X.Kind == ExprKind::Cast) {
      const LaneExpr *From = widenedFrom(X);
      return From && lowBitsSet(*From, Mask);
    }
    if (X.Kind != ExprKind::Binary || X.BOp != BinaryOp::Or)
      return false;
    for (const LaneExprPtr &Op : X.Ops)
      if (Value C = fold(*Op); C && *C >= 0 && (*C & Mask) == Mask)
        return true;
    return false;
  }

  /// \p E's value when a constant, else its largest value when bounded.
  Value largestOf(const LaneExpr &E) const {
    if (Value V = fold(E))
      return V;
    std::optional<uint64_t> Max = maxValue(E);
    return Max && *Max <= uint64_t(INT64_MAX) ? Value(int64_t(*Max))
                                              : std::nullopt;
  }

  /// Whether `X & Mask` is 0: every bit of Mask is below X's trailing zeros.
  bool maskedOff(const LaneExpr &X, Value Mask) const {
    if (!Mask || *Mask < 0)
      return false;
    unsigned Zeros = trailingZeros(X);
    return Zeros >= 64 || (uint64_t(*Mask) >> Zeros) == 0;
  }

  /// The folder without facts, for a variable's value (LaneExpr::Variable).
  const Folder &plain() const {
    if (!Plain)
      Plain = std::make_unique<Folder>(NoFacts);
    return *Plain;
  }

  const CompileTimeFacts &Facts;
  mutable std::unordered_map<const LaneExpr *, Value> FoldMemo;
  mutable std::unordered_map<const LaneExpr *, unsigned> ZerosMemo;
  mutable std::map<std::pair<const LaneExpr *, unsigned>,
                   std::optional<uint64_t>>
      ResidueMemo;
  mutable std::unordered_map<const LaneExpr *, std::optional<uint64_t>> MaxMemo;
  mutable std::unique_ptr<Folder> Plain;
};

/// The thread index component \p E reads, seen through casts that keep
/// every thread index (0 to 1023: 16 bits or more, not to bool).
const LaneExpr *threadIdxLeaf(const LaneExpr &E) {
  if (E.Kind == ExprKind::Cast)
    return E.Type.Bits >= 16 && !E.Type.IsBool ? threadIdxLeaf(*E.Ops[0])
                                               : nullptr;
  return E.Kind == ExprKind::ThreadIdx ? &E : nullptr;
}

void collectFacts(const LaneExpr &G, CompileTimeFacts &Facts) {
  if (G.Kind == ExprKind::Cast && G.Type.IsBool)
    return collectFacts(*G.Ops[0], Facts);
  if (G.Kind != ExprKind::Binary)
    return;
  if (G.BOp == BinaryOp::LAnd) {
    collectFacts(*G.Ops[0], Facts);
    collectFacts(*G.Ops[1], Facts);
    return;
  }
  if (G.BOp != BinaryOp::EQ)
    return;
  for (unsigned Side = 0; Side < 2; ++Side) {
    const LaneExprPtr &Fixed = G.Ops[Side];
    std::optional<int64_t> C = compileTimeValue(*G.Ops[1 - Side]);
    if (!C || compileTimeValue(*Fixed))
      continue;
    if (const LaneExpr *Leaf = threadIdxLeaf(*Fixed); Leaf && *C >= 0) {
      Facts.ThreadIdx[Leaf->Dim] = *C;
      if (&sameWidthSource(*Fixed) == Leaf)
        continue;
      // A widened thread index (`long t = threadIdx.x`) is a value too.
    }
    // A cast that keeps the width is the value it converts, reinterpreted.
    LaneExprPtr Inner = Fixed;
    while (Inner.get() != &sameWidthSource(*Inner))
      Inner = Inner->Ops[0];
    if (std::optional<int64_t> V = evaluateConstant(
            LaneExpr::cast(LaneExpr::constant(*C, Fixed->Type), Inner->Type)))
      Facts.Values.emplace_back(Inner, *V);
  }
}

} // namespace

bool sameLaneExpr(const LaneExpr &A, const LaneExpr &B) {
  if (&A == &B)
    return true;
  if (A.Kind != B.Kind || !(A.Type == B.Type) || A.Value != B.Value ||
      A.Dim != B.Dim || A.Name != B.Name || A.UOp != B.UOp || A.BOp != B.BOp ||
      A.Ops.size() != B.Ops.size())
    return false;
  // An Unknown term is a value nobody knows: two of them need not be equal.
  if (A.Kind == ExprKind::Unknown)
    return false;
  for (size_t I = 0; I < A.Ops.size(); ++I)
    if (!sameLaneExpr(*A.Ops[I], *B.Ops[I]))
      return false;
  return true;
}

CompileTimeFacts factsUnder(const LaneExpr &Guard) {
  CompileTimeFacts Facts;
  collectFacts(Guard, Facts);
  return Facts;
}

std::optional<int64_t> compileTimeValue(const LaneExpr &E,
                                        const CompileTimeFacts &Facts) {
  return Folder(Facts).fold(E);
}

} // namespace bankfix
