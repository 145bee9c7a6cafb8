// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NestSum.cpp - An access in a nest that reads its loops as one sum --===//

#include "core/access/NestSum.h"

#include <map>

namespace bankfix {

namespace {

using Int = __int128;

Int gcd(Int A, Int B) {
  A = A < 0 ? -A : A;
  B = B < 0 ? -B : B;
  while (B != 0) {
    Int T = A % B;
    A = B;
    B = T;
  }
  return A;
}

/// Sums past which a nest is not followed this way.
constexpr Int LargestSum = Int(1) << 40;
/// Iterations of the nest scanned for each residue's first.
constexpr uint64_t MaxScanned = uint64_t(1) << 20;
constexpr const char *SumSymbol = "@nest-sum";

bool readsLoop(const LaneExpr &E, const IterationRange &Nest) {
  return mentionsUniform(E, [&](const std::string &Name) {
    return Nest.variable(Name) != nullptr;
  });
}

/// Per loop of the nest, what one iteration of it adds to \p E, when \p E
/// is linear in the loops' variables (the rest reads none of them).
class Linear {
public:
  explicit Linear(const IterationRange &Nest) : Nest(Nest) {}

  std::optional<std::vector<Int>> of(const LaneExpr &E) const {
    if (!readsLoop(E, Nest))
      return std::vector<Int>(Nest.levels(), 0);
    switch (E.Kind) {
    case ExprKind::Uniform: {
      const LoopVariable *V = Nest.variable(E.Name);
      std::vector<Int> Per(Nest.levels(), 0);
      Per[V->Level] = V->Step;
      return Per;
    }
    case ExprKind::Cast:
      if (E.Type.IsBool)
        return std::nullopt;
      return of(*E.Ops[0]);
    case ExprKind::Unary:
      if (E.UOp != UnaryOp::Minus)
        return std::nullopt;
      return scaled(of(*E.Ops[0]), -1);
    case ExprKind::Binary:
      return binary(E);
    default:
      return std::nullopt;
    }
  }

private:
  std::optional<std::vector<Int>> binary(const LaneExpr &E) const {
    const LaneExpr &L = *E.Ops[0], &R = *E.Ops[1];
    switch (E.BOp) {
    case BinaryOp::Add:
    case BinaryOp::Sub: {
      std::optional<std::vector<Int>> A = of(L), B = of(R);
      if (!A || !B)
        return std::nullopt;
      for (size_t I = 0; I < A->size(); ++I)
        (*A)[I] += E.BOp == BinaryOp::Add ? (*B)[I] : -(*B)[I];
      return A;
    }
    case BinaryOp::Mul:
      if (std::optional<Int> C = constant(R))
        return scaled(of(L), *C);
      if (std::optional<Int> C = constant(L))
        return scaled(of(R), *C);
      return std::nullopt;
    case BinaryOp::Shl:
      if (std::optional<Int> C = constant(R); C && *C >= 0 && *C < 40)
        return scaled(of(L), Int(1) << int(*C));
      return std::nullopt;
    default:
      return std::nullopt;
    }
  }

  static std::optional<Int> constant(const LaneExpr &E) {
    const LaneExpr *C = &E;
    while (C->Kind == ExprKind::Cast && !C->Type.IsBool)
      C = C->Ops[0].get();
    if (C->Kind != ExprKind::Constant)
      return std::nullopt;
    return Int(C->Value);
  }

  static std::optional<std::vector<Int>>
  scaled(std::optional<std::vector<Int>> V, Int C) {
    if (!V)
      return std::nullopt;
    for (Int &X : *V) {
      X *= C;
      if (X > LargestSum || X < -LargestSum)
        return std::nullopt;
    }
    return V;
  }

  const IterationRange &Nest;
};

/// Rewrites the parts of an expression that are linear in the loops'
/// variables as (the part in the first iteration) + alpha * u, all with one
/// direction of sums.
class SumRewriter {
public:
  SumRewriter(const IterationRange &Nest, LaneExprPtr U)
      : Nest(Nest), L(Nest), U(std::move(U)) {
    for (const LoopVariable &V : Nest.Variables)
      if (V.Steps)
        First[V.Symbol] = LaneExpr::constant(V.Start, V.Type);
  }

  /// Null when a part reads the loops otherwise.
  LaneExprPtr of(const LaneExprPtr &E) {
    if (!E || !readsLoop(*E, Nest))
      return E;
    if (std::optional<std::vector<Int>> Per = L.of(*E)) {
      std::optional<Int> Alpha = along(*Per);
      if (!Alpha)
        return nullptr;
      LaneExprPtr Start = substituteSymbols(E, First);
      if (*Alpha == 0)
        return Start;
      LaneExprPtr Moved = LaneExpr::binary(
          BinaryOp::Mul, LaneExpr::cast(U, E->Type),
          LaneExpr::constant(int64_t(*Alpha), E->Type), E->Type);
      return LaneExpr::binary(BinaryOp::Add, Start, Moved, E->Type);
    }
    if (E->Kind != ExprKind::Unary && E->Kind != ExprKind::Binary &&
        E->Kind != ExprKind::Cast && E->Kind != ExprKind::Conditional)
      return nullptr;
    std::vector<LaneExprPtr> Ops;
    for (const LaneExprPtr &Op : E->Ops)
      if (!Ops.emplace_back(of(Op)))
        return nullptr;
    switch (E->Kind) {
    case ExprKind::Unary:
      return LaneExpr::unary(E->UOp, Ops[0], E->Type);
    case ExprKind::Binary:
      return LaneExpr::binary(E->BOp, Ops[0], Ops[1], E->Type);
    case ExprKind::Cast:
      return LaneExpr::cast(Ops[0], E->Type);
    default:
      return LaneExpr::conditional(Ops[0], Ops[1], Ops[2], E->Type);
    }
  }

  const std::vector<Int> &weights() const { return Weights; }

private:
  /// alpha with Per = alpha * Weights (Weights set by the first Per that is
  /// not zero, divided by its greatest common divisor).
  std::optional<Int> along(const std::vector<Int> &Per) {
    Int G = 0;
    for (Int X : Per)
      G = gcd(G, X);
    if (G == 0)
      return 0;
    if (Weights.empty()) {
      for (Int X : Per)
        Weights.push_back(X / G);
      return G;
    }
    std::optional<Int> Alpha;
    for (size_t I = 0; I < Per.size(); ++I) {
      if (Weights[I] == 0) {
        if (Per[I] != 0)
          return std::nullopt;
        continue;
      }
      if (Per[I] % Weights[I] != 0)
        return std::nullopt;
      Int A = Per[I] / Weights[I];
      if (Alpha && *Alpha != A)
        return std::nullopt;
      Alpha = A;
    }
    return Alpha;
  }

  const IterationRange &Nest;
  Linear L;
  LaneExprPtr U;
  std::map<std::string, LaneExprPtr> First;
  std::vector<Int> Weights;
};

} // namespace

SharedAccessDesc NestSum::accessAt(int64_t U) const {
  return Sum.accessAt(Access, uint64_t(U - Min + 1));
}

int64_t NestSum::valueIn(const IterationRange &Nest, uint64_t K) const {
  int64_t U = 0;
  for (unsigned L = 0; L < Nest.levels(); ++L)
    U += Weights[L] * int64_t(Nest.levelIteration(K, L));
  return U;
}

std::optional<NestSum> nestSum(const SharedAccessDesc &Access,
                               const IterationRange &Nest) {
  // Every variable the access reads steps (IterationRange::variable).
  IntType Long = IntType::longTy();
  LaneExprPtr U = LaneExpr::uniform(SumSymbol, Long);
  SumRewriter Rewrite(Nest, U);
  NestSum S;
  S.Access = Access;
  for (LaneExprPtr &Index : S.Access.Indices)
    if (!(Index = Rewrite.of(Index)))
      return std::nullopt;
  if (Access.Guard && !(S.Access.Guard = Rewrite.of(Access.Guard)))
    return std::nullopt;
  Int Min = 0, Max = 0;
  S.Weights.assign(Nest.levels(), 0);
  for (unsigned L = 0; L < Nest.levels() && !Rewrite.weights().empty(); ++L) {
    Int W = Rewrite.weights()[L];
    Int Last = W * Int(Nest.levelCount(L) - 1);
    (Last < 0 ? Min : Max) += Last;
    if (Min < -LargestSum || Max > LargestSum)
      return std::nullopt;
    S.Weights[L] = int64_t(W);
  }
  S.Min = int64_t(Min);
  S.Max = int64_t(Max);
  LoopVariable V;
  V.Name = "u";
  V.Symbol = SumSymbol;
  V.Entry = LaneExpr::constant(S.Min - 1, Long);
  V.Steps = true;
  V.Start = S.Min - 1;
  V.Step = 1;
  V.Type = Long;
  S.Sum.Count = uint64_t(Max - Min) + 2;
  S.Sum.Variables.push_back(std::move(V));
  return S;
}

std::optional<SumResidues>
sumResidues(const NestSum &S, const IterationRange &Nest, uint64_t Period) {
  auto Mod = [&](Int X) {
    return uint64_t(((X % Int(Period)) + Period) % Period);
  };
  SumResidues R;
  R.Count.assign(Period, 0);
  R.Count[Mod(-Int(S.Min))] = 1;
  for (unsigned L = 0; L < Nest.levels(); ++L) {
    // Iterations of loop L by the residue they add.
    uint64_t N = Nest.levelCount(L);
    std::vector<uint64_t> Adds(Period, 0);
    for (uint64_t K = 0; K < std::min(N, Period); ++K)
      Adds[Mod(Int(S.Weights[L]) * K)] += (N - 1 - K) / Period + 1;
    std::vector<uint64_t> Next(Period, 0);
    for (uint64_t A = 0; A < Period; ++A)
      if (R.Count[A])
        for (uint64_t B = 0; B < Period; ++B)
          if (Adds[B])
            Next[(A + B) % Period] += R.Count[A] * Adds[B];
    R.Count = std::move(Next);
  }
  // The first iteration of each residue, in the order they run.
  size_t Missing = 0;
  for (uint64_t C : R.Count)
    Missing += C != 0;
  R.First.assign(Period, 0);
  std::vector<bool> Seen(Period, false);
  for (uint64_t K = 0; K < Nest.Count && Missing; ++K) {
    if (K == MaxScanned)
      return std::nullopt;
    uint64_t Residue = Mod(Int(S.valueIn(Nest, K)) - S.Min);
    if (!Seen[Residue]) {
      Seen[Residue] = true;
      R.First[Residue] = K;
      --Missing;
    }
  }
  return R;
}

} // namespace bankfix
