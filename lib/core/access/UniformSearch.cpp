// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UniformSearch.cpp - Judge an access over values not known ----------===//

#include "core/access/UniformSearch.h"

#include "core/expr/LaneEvaluator.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <unordered_map>
#include <unordered_set>

namespace bankfix {

namespace {

/// The largest constant the range of values must cover, and where it stops.
constexpr int64_t MinimumReach = 128, MaximumReach = 4096;

int64_t largestConstant(const LaneExpr &E) {
  int64_t Max = E.Kind == ExprKind::Constant && E.Value != INT64_MIN
                    ? std::llabs(E.Value)
                    : 0;
  for (const LaneExprPtr &Op : E.Ops)
    Max = std::max(Max, largestConstant(*Op));
  return Max;
}

/// Every expression of \p Access.
std::vector<const LaneExpr *> expressionsOf(const SharedAccessDesc &Access) {
  std::vector<const LaneExpr *> Out;
  for (const LaneExprPtr &I : Access.Indices)
    Out.push_back(I.get());
  if (Access.Guard)
    Out.push_back(Access.Guard.get());
  return Out;
}

/// The value of \p E when it is made of constants only (conversions
/// included).
std::optional<int64_t> constantOf(const LaneExpr &E) {
  if (E.Kind == ExprKind::Constant)
    return E.Value;
  if (E.Kind != ExprKind::Cast || !constantOf(*E.Ops[0]))
    return std::nullopt;
  return evaluateLaneConcrete(E, LaneEnv{});
}

bool mentions(const LaneExpr &E, const std::string &Symbol) {
  std::map<std::string, IntType> Mentioned;
  collectUniforms(E, Mentioned);
  return Mentioned.count(Symbol) != 0;
}

/// True when \p E mentions \p Symbol only through sums, differences,
/// products with values that do not mention it (constants, the lane's
/// index), unsigned left shifts by such values and conversions: a + b * symbol
/// with integers a and b, wrapping modulo 2^32 or 2^64 at most, so that a power
/// of two P divides the change b * P when the symbol grows by P.
bool linearIn(const LaneExpr &E, const std::string &Symbol) {
  switch (E.Kind) {
  case ExprKind::Uniform:
    return true;
  case ExprKind::Cast:
    return E.Type.Bits >= 32 && !E.Type.IsBool && linearIn(*E.Ops[0], Symbol);
  case ExprKind::Binary:
    if (E.BOp == BinaryOp::Add || E.BOp == BinaryOp::Sub)
      return linearIn(*E.Ops[0], Symbol) && linearIn(*E.Ops[1], Symbol);
    if (E.BOp == BinaryOp::Mul)
      return (!mentions(*E.Ops[0], Symbol) && linearIn(*E.Ops[1], Symbol)) ||
             (!mentions(*E.Ops[1], Symbol) && linearIn(*E.Ops[0], Symbol));
    // An unsigned a << k is a * 2^k, wrapping.
    if (E.BOp == BinaryOp::Shl && !E.Ops[0]->Type.Signed)
      return !mentions(*E.Ops[1], Symbol) && linearIn(*E.Ops[0], Symbol);
    break;
  default:
    break;
  }
  return !mentions(E, Symbol);
}

/// A power of two P such that \p E has the same value for the symbol's
/// values v and v + P in every lane; 1 when \p E does not mention it,
/// nullopt when no such P is seen. A linear value taken modulo (or masked
/// by) a power of two is periodic; so is anything computed only from
/// periodic values.
std::optional<uint64_t> periodIn(const LaneExpr &E, const std::string &Symbol) {
  if (E.Kind == ExprKind::Uniform)
    return E.Name == Symbol ? std::nullopt : std::optional<uint64_t>(1);
  std::optional<int64_t> Right =
      E.Kind == ExprKind::Binary ? constantOf(*E.Ops[1]) : std::nullopt;
  if (Right && *Right > 0 && *Right < (1 << 30) &&
      linearIn(*E.Ops[0], Symbol)) {
    uint64_t C = uint64_t(*Right);
    if (E.BOp == BinaryOp::Rem && !E.Ops[0]->Type.Signed && (C & (C - 1)) == 0)
      return C;
    if (E.BOp == BinaryOp::And) {
      uint64_t P = 1;
      while (P <= C)
        P *= 2;
      return P;
    }
  }
  uint64_t Period = 1;
  for (const LaneExprPtr &Op : E.Ops) {
    std::optional<uint64_t> P = periodIn(*Op, Symbol);
    if (!P)
      return std::nullopt;
    Period = std::max(Period, *P); // powers of two: the lcm
  }
  return Period;
}

/// The largest magnitude that a term of \p Access which reads the thread
/// index, and no unknown symbol, takes in a lane of \p Shape, up to the
/// block's thread count: a symbol compared with or added to such terms
/// meets every threshold within it (a `threadIdx.x < r` of a 32-wide
/// block, every one from 0 to 31). The thread count when a term has no
/// number (it reads memory) or there are too many to evaluate.
int64_t laneReach(const SharedAccessDesc &Access, const BlockShape &Shape) {
  constexpr size_t MaxTerms = 256;
  int64_t Threads = int64_t(Shape.threads());
  std::unordered_map<const LaneExpr *, bool> Unknown;
  std::unordered_set<const LaneExpr *> Seen;
  std::vector<const LaneExpr *> Terms, Work = expressionsOf(Access);
  while (!Work.empty()) {
    const LaneExpr *N = Work.back();
    Work.pop_back();
    if (!N->ReadsLane || !Seen.insert(N).second)
      continue;
    if (!readsUnboundUniform(*N, nullptr, Unknown))
      Terms.push_back(N);
    if (Terms.size() > MaxTerms)
      return Threads;
    for (const LaneExprPtr &Op : N->Ops)
      Work.push_back(Op.get());
  }
  int64_t Reach = 0;
  for (unsigned Warp = 0; Warp < Shape.warps(); ++Warp)
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      std::optional<std::array<unsigned, 3>> Tid = Shape.threadIdx(Warp, Lane);
      if (!Tid)
        continue;
      LaneEnv Env{*Tid, Shape.Dim, nullptr};
      for (const LaneExpr *T : Terms) {
        std::optional<int64_t> V = evaluateLaneConcrete(*T, Env);
        if (!V || *V == INT64_MIN)
          return Threads;
        Reach = std::max<int64_t>(Reach, std::llabs(*V));
        if (Reach >= Threads)
          return Threads;
      }
    }
  return Reach;
}

/// The constants C > 1 that divide (or shift right by log2 C) a term of
/// \p E that mentions \p Symbol: `n / 128`, `n >> 7`.
void divisorsOf(const LaneExpr &E, const std::string &Symbol,
                std::vector<int64_t> &Out) {
  if (E.Kind == ExprKind::Binary &&
      (E.BOp == BinaryOp::Div || E.BOp == BinaryOp::Shr) &&
      mentions(*E.Ops[0], Symbol))
    if (std::optional<int64_t> C = constantOf(*E.Ops[1])) {
      int64_t D = E.BOp == BinaryOp::Div ? *C
                  : *C > 0 && *C < 31    ? int64_t(1) << *C
                                         : 0;
      if (D > 1 && std::find(Out.begin(), Out.end(), D) == Out.end())
        Out.push_back(D);
    }
  for (const LaneExprPtr &Op : E.Ops)
    divisorsOf(*Op, Symbol, Out);
}

/// Quotients tried for each divisor of a symbol (divisorsOf): `t * (n /
/// 128)` takes each residue of n / 128 modulo 32 banks, and each
/// threshold a warp's lanes can cross, within them.
constexpr int64_t QuotientsTried = 64;

/// The values tried for a symbol of type \p Type: one period when every
/// use of the symbol is periodic; otherwise 0 to 2R, then -1 to -R when it
/// is signed, where R covers the values the lanes' terms take (laneReach;
/// at most the block's threads), 128 bytes of banks and every constant the
/// access uses (up to 4096): each residue modulo a constant or a power of
/// two up to R and each threshold that a lane's value can cross is
/// reached. A symbol divided by a constant C (`n / 128`) is tried at
/// C times each quotient up to QuotientsTried as well, so that the
/// quotient takes its residues too.
std::vector<int64_t> valuesToTry(const SharedAccessDesc &Access,
                                 const BlockShape &Shape,
                                 const std::string &Symbol, IntType Type) {
  if (Type.IsBool)
    return {0, 1};
  int64_t TypeMax = Type.maxValue();
  int64_t Reach = std::max<int64_t>(MinimumReach, laneReach(Access, Shape));
  for (const LaneExpr *E : expressionsOf(Access))
    Reach = std::max(Reach, std::min(largestConstant(*E), MaximumReach));
  int64_t High = 2 * Reach, Low = Type.Signed ? -Reach : 0;
  // A variable that doubles or halves from a power of two: its powers of
  // two that reach each residue and threshold above.
  auto Powers = Access.PowersOfTwoFrom.find(Symbol);
  if (Powers != Access.PowersOfTwoFrom.end() && Powers->second > 0 &&
      Powers->second <= std::min(2 * High, TypeMax)) {
    std::vector<int64_t> Values;
    for (int64_t V = Powers->second; V <= std::min(2 * High, TypeMax); V *= 2)
      Values.push_back(V);
    return Values;
  }
  uint64_t Period = 1;
  for (const LaneExpr *E : expressionsOf(Access)) {
    std::optional<uint64_t> P = periodIn(*E, Symbol);
    Period = P ? std::max(Period, *P) : 0;
    if (!P)
      break;
  }
  bool OnePeriod = Period != 0 && int64_t(Period) <= High;
  if (OnePeriod) {
    High = int64_t(Period) - 1;
    Low = 0;
  }
  if (Type.Bits < 64) {
    High = std::min(High, TypeMax);
    Low = std::max(Low, Type.Signed ? -TypeMax - 1 : 0);
  }
  std::vector<int64_t> Values;
  for (int64_t V = 0; V <= High; ++V)
    Values.push_back(V);
  for (int64_t V = -1; V >= Low; --V)
    Values.push_back(V);
  if (OnePeriod)
    return Values;
  std::vector<int64_t> Divisors, Quotients;
  for (const LaneExpr *E : expressionsOf(Access))
    divisorsOf(*E, Symbol, Divisors);
  for (int64_t D : Divisors)
    for (int64_t Q = 1; Q <= QuotientsTried && D <= TypeMax / Q; ++Q)
      if (D * Q > High)
        Quotients.push_back(D * Q);
  std::sort(Quotients.begin(), Quotients.end());
  Quotients.erase(std::unique(Quotients.begin(), Quotients.end()),
                  Quotients.end());
  Values.insert(Values.end(), Quotients.begin(), Quotients.end());
  return Values;
}

bool sameOutcome(const AccessEvaluation &A, const AccessEvaluation &B) {
  if (A.Warps.size() != B.Warps.size() ||
      A.BlockWavefronts != B.BlockWavefronts || A.BlockIdeal != B.BlockIdeal)
    return false;
  for (size_t I = 0; I < A.Warps.size(); ++I)
    if (A.Warps[I].Warp != B.Warps[I].Warp ||
        A.Warps[I].Result.Wavefronts != B.Warps[I].Result.Wavefronts ||
        A.Warps[I].Result.Ideal != B.Warps[I].Result.Ideal)
      return false;
  return true;
}

/// More excess in the worst warp, then more wavefronts there, then more
/// excess in the block, then more wavefronts there.
bool worse(const AccessEvaluation &A, const AccessEvaluation &B) {
  if (A.Warps.empty() || B.Warps.empty())
    return !A.Warps.empty();
  const WarpAccessResult &WA = A.worst(), &WB = B.worst();
  if (WA.excess() != WB.excess())
    return WA.excess() > WB.excess();
  if (WA.Wavefronts != WB.Wavefronts)
    return WA.Wavefronts > WB.Wavefronts;
  if (A.blockExcess() != B.blockExcess())
    return A.blockExcess() > B.blockExcess();
  // The block's totals must bound every value's (`n = 1` may take 10
  // wavefronts, ideal 4, where `n = 0` takes 8, ideal 2: the same warp
  // excess).
  return A.BlockWavefronts > B.BlockWavefronts;
}

std::string joined(const std::vector<std::string> &Parts) {
  std::string Out;
  for (size_t I = 0; I < Parts.size(); ++I)
    Out += (I == 0 ? "" : I + 1 == Parts.size() ? " and " : ", ") + Parts[I];
  return Out;
}

/// Sets WorstCase from the binding and the guards taken as true.
void describeWorstCase(AccessEvaluation &E) {
  std::vector<std::string> Parts;
  if (!E.Binding.empty())
    Parts.push_back("for " + E.Binding);
  if (!E.AssumedGuards.empty())
    Parts.push_back("if " + joined(E.AssumedGuards));
  if (E.uncertainPairing())
    Parts.push_back(UncertainPairingCase);
  E.WorstCase = joined(Parts);
}

/// The access judged for each value of \p Symbol; nullopt when binding it
/// does not make the access judged (another symbol blocks it too) or
/// leaves as many guards undecided as \p Unbound. When no value keeps the
/// access valid, the problem of the first one.
/// Not judged: \p Worst, the worst of the values that kept every lane in
/// the array, need not be the worst case, since a value left out
/// (\p LeftOut; the first one above \p LargestValid is named) may have its
/// out-of-bounds lanes switched off by a guard taken as true.
AccessEvaluation
unknownWorstCase(const BlockShape &Shape, const std::string &Symbol,
                 const AccessEvaluation &Worst,
                 const std::vector<std::pair<int64_t, std::string>> &LeftOut,
                 int64_t LargestValid) {
  const std::pair<int64_t, std::string> *Named = &LeftOut.front();
  for (const auto &V : LeftOut)
    if (V.first > LargestValid) {
      Named = &V;
      break;
    }
  std::string Guards;
  for (const std::string &G : Worst.AssumedGuards)
    Guards += (Guards.empty() ? "" : " and ") + G;
  AccessEvaluation Unknown;
  Unknown.Shape = Shape;
  Unknown.Problem = "its worst case over '" + Symbol + "' is not known: for " +
                    Symbol + " = " + std::to_string(Named->first) + ", " +
                    Named->second + ", a lane its guard may switch off (" +
                    Guards + " was taken as true)";
  Unknown.BlockingTerm = Symbol;
  return Unknown;
}

/// When \p Symbol only switches the whole access on or off (it is in no
/// index, and only in terms of the guard that no lane's index changes:
/// `if (j * Bc + y >= N) break;`), the terms that name it; nullopt
/// otherwise.
std::optional<std::vector<const LaneExpr *>>
switchingTerms(const SharedAccessDesc &Access, const std::string &Symbol) {
  for (const LaneExprPtr &I : Access.Indices)
    if (mentions(*I, Symbol))
      return std::nullopt;
  if (!Access.Guard)
    return std::nullopt;
  std::vector<const LaneExpr *> Terms, Naming;
  conjuncts(*Access.Guard, Terms);
  for (const LaneExpr *T : Terms)
    if (mentions(*T, Symbol)) {
      if (dependsOnLane(*T))
        return std::nullopt;
      Naming.push_back(T);
    }
  return Naming;
}

/// Whether no value of \p Symbol can change \p Unbound's judgement: the
/// symbol is in no index (so no value moves a lane out of the array), and
/// every guard \p Unbound took as true reads memory (NeverConcrete), which
/// no binding decides. searchSymbol would evaluate the whole access for a
/// value only to find as many guards taken as true, and keep \p Unbound.
bool bindingDecidesNothing(const SharedAccessDesc &Access,
                           const std::string &Symbol,
                           const AccessEvaluation &Unbound) {
  if (!Unbound.judged() || Unbound.AssumedGuardExprs.empty())
    return false;
  for (const LaneExpr *G : Unbound.AssumedGuardExprs)
    if (!G->NeverConcrete)
      return false;
  for (const LaneExprPtr &I : Access.Indices)
    if (mentions(*I, Symbol))
      return false;
  return true;
}

std::optional<AccessEvaluation>
searchSymbol(const SharedArrayLayout &Array, const SharedAccessDesc &Access,
             const BlockShape &Shape, const std::string &Symbol, IntType Type,
             const AccessEvaluation &Unbound, const UniformValueSets *Only) {
  if (bindingDecidesNothing(Access, Symbol, Unbound))
    return std::nullopt;
  std::optional<AccessEvaluation> Worst, First, Invalid;
  /// The values left out, each with why ("index 1027 is out of bounds").
  std::vector<std::pair<int64_t, std::string>> LeftOut;
  std::optional<int64_t> LargestValid;
  bool Restricted = Only && Only->count(Symbol);
  bool Same = !Restricted;
  UniformBindings Bindings;
  std::vector<int64_t> Values =
      Restricted ? Only->at(Symbol) : valuesToTry(Access, Shape, Symbol, Type);
  // A symbol that only switches the access on or off: every value that
  // switches it on gives the same lanes, every other none. One of each is
  // evaluated.
  if (std::optional<std::vector<const LaneExpr *>> Terms =
          switchingTerms(Access, Symbol)) {
    std::optional<int64_t> On, Off;
    bool Unknown = false;
    for (int64_t V : Values) {
      Bindings = {{Symbol, V}};
      LaneEnv Env;
      Env.BlockDim = Shape.Dim;
      Env.Uniforms = &Bindings;
      bool Runs = true;
      for (const LaneExpr *T : *Terms) {
        std::optional<int64_t> Value = evaluateLaneConcrete(*T, Env);
        Unknown = Unknown || !Value;
        Runs = Runs && Value && *Value != 0;
      }
      if (Runs && !On)
        On = V;
      if (!Runs && !Off)
        Off = V;
      if (Unknown || (On && Off))
        break;
    }
    if (!Unknown) {
      std::vector<int64_t> Kept;
      for (std::optional<int64_t> V : {On, Off})
        if (V)
          Kept.push_back(*V);
      std::sort(Kept.begin(), Kept.end());
      Values = Kept;
    }
  }
  for (int64_t V : Values) {
    Bindings = {{Symbol, V}};
    AccessEvaluation E =
        evaluateAccessWith(Array, Access, Shape, {&Bindings, true});
    if (E.OverBudget)
      return E;
    if (!E.judged()) {
      if (!E.ProblemFromValues)
        return std::nullopt;
      // The guard's own evaluation is undefined for this value (`1 << n`
      // overflows): no correct program reaches the access with it.
      if (E.GuardUndefined)
        continue;
      LeftOut.push_back({V, E.Problem});
      if (!Invalid) { // a value the program cannot have
        Invalid = std::move(E);
        auto [Low, High] = std::minmax_element(Values.begin(), Values.end());
        Invalid->Problem =
            "no value of '" + Symbol + "' from " + std::to_string(*Low) +
            " to " + std::to_string(*High) + " makes it valid; for " + Symbol +
            " = " + std::to_string(V) + ", " + Invalid->Problem;
      }
      continue;
    }
    if (Unbound.judged() &&
        E.AssumedGuards.size() >= Unbound.AssumedGuards.size())
      return std::nullopt;
    // Every lane that would run it leaves the array: a value the program,
    // staying in bounds, does not reach here (a loop has ended).
    if (E.Warps.empty() && E.LanesOutOfArray)
      continue;
    E.Binding = Symbol + " = " + std::to_string(V);
    E.Bound = Bindings;
    LargestValid = std::max(LargestValid.value_or(V), V);
    if (!First)
      First = E;
    else
      Same = Same && sameOutcome(E, *First);
    if (!Worst || worse(E, *Worst))
      Worst = std::move(E);
  }
  if (!Worst)
    return Invalid;
  // A value left out because its lanes would leave the array may be one
  // the guard taken as true switches those lanes off for: then the worst
  // of the others is not the worst case.
  if (Invalid && !Worst->AssumedGuards.empty())
    return unknownWorstCase(Shape, Symbol, *Worst, LeftOut, *LargestValid);
  if (Same && Worst->AssumedGuards.empty()) {
    Worst->ForEvery = Symbol;
    return Worst;
  }
  if (Same)
    Worst->SameForEveryValue = Symbol;
  describeWorstCase(*Worst);
  return Worst;
}

} // namespace

AccessEvaluation searchUniformValues(const SharedArrayLayout &Array,
                                     const SharedAccessDesc &Access,
                                     const BlockShape &Shape,
                                     AccessEvaluation Unbound,
                                     const UniformValueSets *Only) {
  std::map<std::string, IntType> Symbols;
  for (const LaneExpr *E : expressionsOf(Access))
    collectUnknownUniforms(*E, Symbols);
  for (const auto &[Symbol, Type] : Symbols)
    if (std::optional<AccessEvaluation> Found =
            searchSymbol(Array, Access, Shape, Symbol, Type, Unbound, Only))
      return std::move(*Found);
  if (Unbound.judged())
    describeWorstCase(Unbound);
  return Unbound;
}

} // namespace bankfix
