// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FlatIndexPadding.cpp - Padding a flat buffer through its indices ---===//

#include "core/fix/FlatIndexPadding.h"

#include "core/access/IterationRange.h"
#include "core/expr/LaneEvaluator.h"
#include "core/fix/FixSearch.h"
#include "core/fix/PaddingPlanner.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>

namespace bankfix {

namespace {

constexpr IntType OffsetType = {64, true, false};
constexpr uint64_t LargestPeriod = 4096;

struct Candidate {
  uint64_t Period = 0;
  unsigned Pad = 0;
  /// Row stride only: each stride made an odd multiple of RoundTo instead
  /// (FixPlan::RoundTo); Pad is then unused.
  unsigned RoundTo = 0;
};

/// Every (W, P) worth trying, the least memory (P / W) first, then the
/// smaller P.
std::vector<Candidate> indexPaddingCandidates(uint64_t Unit) {
  std::vector<Candidate> Out;
  for (uint64_t W = 2; W <= LargestPeriod; W *= 2)
    for (unsigned P = 1; P <= maxUsefulPadding(Unit) && P < W; ++P)
      Out.push_back({W, P});
  std::stable_sort(Out.begin(), Out.end(),
                   [](const Candidate &A, const Candidate &B) {
                     uint64_t L = A.Pad * B.Period, R = B.Pad * A.Period;
                     return L != R ? L < R : A.Pad < B.Pad;
                   });
  return Out;
}

LaneExprPtr constantLike(uint64_t Value, const LaneExprPtr &Like) {
  return LaneExpr::constant(int64_t(Value), Like->Type);
}

/// Whether \p E is the constant \p Value, through casts.
bool isConstant(const LaneExpr &E, uint64_t Value) {
  if (E.Kind == ExprKind::Cast)
    return isConstant(*E.Ops[0], Value);
  return E.Kind == ExprKind::Constant && E.Value == int64_t(Value);
}

/// \p E (a constant through casts) with the constant made \p Value.
LaneExprPtr withConstant(const LaneExprPtr &E, uint64_t Value) {
  if (E->Kind == ExprKind::Cast)
    return LaneExpr::cast(withConstant(E->Ops[0], Value), E->Type);
  return LaneExpr::constant(int64_t(Value), E->Type);
}

/// \p E written `r * Old` (through casts) with Old made \p New.
LaneExprPtr replaceFactor(const LaneExprPtr &E, uint64_t Old, uint64_t New) {
  if (E->Kind == ExprKind::Cast) {
    LaneExprPtr Inner = replaceFactor(E->Ops[0], Old, New);
    return Inner ? LaneExpr::cast(Inner, E->Type) : nullptr;
  }
  if (E->Kind != ExprKind::Binary || E->BOp != BinaryOp::Mul)
    return nullptr;
  for (size_t K = 0; K < 2; ++K)
    if (isConstant(*E->Ops[K], Old)) {
      std::vector<LaneExprPtr> Ops = E->Ops;
      Ops[K] = withConstant(Ops[K], New);
      return LaneExpr::binary(BinaryOp::Mul, Ops[0], Ops[1], E->Type);
    }
  return nullptr;
}

/// `i + (i + k) / Period * Pad - k / Period * Pad` for \p Index i and
/// view start \p Start k, in i's type.
LaneExprPtr shiftedPaddedIndex(const LaneExprPtr &Index, int64_t Start,
                               uint64_t Period, unsigned Pad) {
  IntType T = Index->Type;
  LaneExprPtr Shifted =
      LaneExpr::binary(BinaryOp::Add, Index, constantLike(Start, Index), T);
  LaneExprPtr Rows =
      LaneExpr::binary(BinaryOp::Div, Shifted, constantLike(Period, Index), T);
  if (Pad != 1)
    Rows = LaneExpr::binary(BinaryOp::Mul, Rows, constantLike(Pad, Index), T);
  LaneExprPtr Sum = LaneExpr::binary(BinaryOp::Add, Index, Rows, T);
  int64_t Before = Start / int64_t(Period) * int64_t(Pad);
  if (Before == 0)
    return Sum;
  return LaneExpr::binary(BinaryOp::Sub, Sum, constantLike(Before, Index), T);
}

/// The subscript of \p Form under the rewrite; null when the form does not
/// allow it.
LaneExprPtr rewrittenSubscript(const FlatIndexForm &Form, FixStyle Style,
                               uint64_t Period, unsigned Pad) {
  if (Style == FixStyle::RowStride)
    return replaceRowStride(Form.Index, Period, Period + Pad);
  if (Style == FixStyle::IndexSwizzle)
    return reversedRowIndex(Form.Index, Period);
  if (shiftedPadding(Form, Period))
    return shiftedPaddedIndex(Form.Index, *Form.ConstantStart, Period, Pad);
  return paddedIndex(Form.Index, Period, Pad);
}

/// Calls \p Each with the environment of every lane of \p Shape
/// (threadIdx and blockDim) while it returns true; false when it did not.
bool everyLane(const BlockShape &Shape,
               const std::function<bool(const LaneEnv &)> &Each) {
  for (unsigned Warp = 0; Warp < Shape.warps(); ++Warp)
    for (unsigned Lane = 0; Lane < 32; ++Lane) {
      std::optional<std::array<unsigned, 3>> T = Shape.threadIdx(Warp, Lane);
      if (!T)
        continue;
      LaneEnv Env;
      Env.ThreadIdx = *T;
      Env.BlockDim = Shape.Dim;
      if (!Each(Env))
        return false;
    }
  return true;
}

/// Why a carve of \p B does not suit a period of \p W (its offset must
/// be whole periods: the offset and a view's subscripts are padded apart,
/// which pads their sum alike only then), in any lane of any shape (a
/// view may start per thread: `row = s + t * 32`); empty when every one
/// does.
std::string carveProblem(const FlatBuffer &B, uint64_t W, FixStyle Style) {
  for (const FlatAccess &A : B.Accesses)
    for (const FlatIndexForm &F : A.Forms) {
      if (!F.ViewStart)
        continue;
      std::string Problem;
      auto Check = [&](const LaneEnv &Env) {
        std::optional<int64_t> Start = evaluateLaneConcrete(*F.ViewStart, Env);
        if (!Start)
          Problem = "the " + A.Label +
                    " is in a carved part whose offset is not a number known "
                    "here";
        else if (*Start == 0 && !dependsOnLane(*F.ViewStart))
          return true; // the buffer's own subscripts
        // A view's subscripts may be negative, where `i / W` rounds
        // towards zero: the swizzle, which keeps a view's start, applies
        // to the buffer's own subscripts only.
        else if (Style == FixStyle::IndexSwizzle && *Start != 0)
          Problem = "the " + A.Label +
                    " is in a carved part, whose subscripts the swizzle does "
                    "not rewrite";
        // A constant start is taken into each subscript's rewrite
        // (shiftedPadding); one per thread is padded on its own.
        else if (!F.ConstantStart && F.SeenNegative)
          Problem = "the " + A.Label +
                    " indexes a part carved per thread at a negative "
                    "subscript, where `i / W` rounds towards zero";
        else if (!F.ConstantStart && !F.NeverNegative)
          Problem = "the " + A.Label +
                    " indexes a part carved per thread at a subscript not "
                    "shown never negative, where `i / W` would round a "
                    "negative one towards zero";
        else if (!F.ConstantStart && *Start % int64_t(W) != 0)
          Problem = "the " + A.Label + " is in a carved part that starts " +
                    std::to_string(*Start) +
                    (*Start == 1 ? " element" : " elements") +
                    " in, not a multiple of " + std::to_string(W);
        return Problem.empty();
      };
      bool PerLane = mentions(*F.ViewStart, ExprKind::ThreadIdx);
      for (const BlockShape &Shape : A.Shapes.Shapes) {
        LaneEnv Block;
        Block.BlockDim = Shape.Dim;
        if (PerLane ? !everyLane(Shape, Check) : !Check(Block))
          return Problem;
      }
    }
  return "";
}

/// One access: its buffer and its place among the buffer's accesses.
struct AccessRef {
  size_t Buffer = 0, Access = 0;
};

/// The wavefronts of the accesses of \p Buffers, in \p Order, under
/// \p K; a Period of 0: as they are.
bool totals(const std::vector<FlatBuffer> &Buffers,
            const std::vector<AccessRef> &Order, FixStyle Style,
            const Candidate &K, CandidateTotals &Totals, std::string &Problem,
            WorstCaseValues &Worst) {
  std::vector<std::optional<SharedArrayLayout>> Layouts(Buffers.size());
  uint64_t Period = K.Period;
  for (const AccessRef &R : Order) {
    const FlatBuffer &B = Buffers[R.Buffer];
    const FlatAccess &A = B.Accesses[R.Access];
    uint64_t W =
        Period && Style == FixStyle::RowStride && B.Stride ? B.Stride : Period;
    unsigned Pad = stridePad(W, K.RoundTo, K.Pad);
    std::optional<SharedArrayLayout> &Layout = Layouts[R.Buffer];
    if (!Layout) { // once per buffer
      if (std::string Carve = Period ? carveProblem(B, W, Style) : "";
          !Carve.empty()) {
        Problem = Carve;
        return false;
      }
      Layout = Period ? rewrittenLayout(B, W, Pad) : B.Layout;
    }
    uint64_t Sum = 0, Ideal = 0;
    bool FromData = false;
    bool Judged =
        Period
            ? accessWavefronts(*Layout, rewrittenInstances(A, B, Style, W, Pad),
                               A.Shapes, A.Label, Sum, Ideal, Problem, Worst,
                               false, &FromData, Totals.stopAt())
            : accessWavefronts(*Layout, *A.Instances, A.Shapes, A.Label, Sum,
                               Ideal, Problem, Worst, true, &FromData);
    if (!Judged) {
      Problem = accessProblem(A.Label, Problem, Worst);
      return false;
    }
    if (!Totals.add(Sum, Ideal, FromData))
      return true;
  }
  return true;
}

/// Every access, those furthest from their ideal as they are first (a
/// candidate that does not fix them stops early); in the buffers' order
/// when the layout as it is cannot be judged.
std::vector<AccessRef> heaviestFirst(const std::vector<FlatBuffer> &Buffers,
                                     FixStyle Style) {
  std::vector<AccessRef> Order;
  for (size_t B = 0; B < Buffers.size(); ++B)
    for (size_t A = 0; A < Buffers[B].Accesses.size(); ++A)
      Order.push_back({B, A});
  CandidateTotals AsIs;
  WorstCaseValues Scratch;
  std::string Problem;
  if (!totals(Buffers, Order, Style, Candidate{}, AsIs, Problem, Scratch) ||
      AsIs.PerAccess.size() != Order.size())
    return Order;
  std::vector<size_t> Rank(Order.size());
  for (size_t I = 0; I < Rank.size(); ++I)
    Rank[I] = I;
  // Excess per wavefront of floor: how far each is from its best for what
  // evaluating it costs; the cheaper first among equals.
  auto Before = [&](size_t L, size_t R) {
    unsigned __int128 EL = AsIs.PerAccess[L] - AsIs.PerAccessFloor[L];
    unsigned __int128 ER = AsIs.PerAccess[R] - AsIs.PerAccessFloor[R];
    unsigned __int128 FL = std::max<uint64_t>(AsIs.PerAccessFloor[L], 1);
    unsigned __int128 FR = std::max<uint64_t>(AsIs.PerAccessFloor[R], 1);
    if (EL * FR != ER * FL)
      return EL * FR > ER * FL;
    return FL < FR;
  };
  std::stable_sort(Rank.begin(), Rank.end(), Before);
  std::vector<AccessRef> Sorted;
  for (size_t I : Rank)
    Sorted.push_back(Order[I]);
  return Sorted;
}

/// \p Values (one per access, in \p Order) in the buffers' order.
std::vector<uint64_t> inBufferOrder(const std::vector<FlatBuffer> &Buffers,
                                    const std::vector<AccessRef> &Order,
                                    const std::vector<uint64_t> &Values) {
  std::vector<size_t> Start(Buffers.size(), 0);
  for (size_t B = 1; B < Buffers.size(); ++B)
    Start[B] = Start[B - 1] + Buffers[B - 1].Accesses.size();
  std::vector<uint64_t> Out(Values.size());
  for (size_t I = 0; I < Values.size() && I < Order.size(); ++I)
    Out[Start[Order[I].Buffer] + Order[I].Access] = Values[I];
  return Out;
}

std::vector<std::string> labels(const std::vector<FlatBuffer> &Buffers) {
  std::vector<std::string> Out;
  for (const FlatBuffer &B : Buffers)
    for (const FlatAccess &A : B.Accesses)
      Out.push_back(A.Label);
  return Out;
}

/// The widest access nvcc merged from subscripts of one unit (8 or 16
/// bytes), or 0. A rewrite keeps such merges (and so its prediction) only
/// when it moves rows and skips by whole merged widths.
uint64_t mergedWidth(const std::vector<FlatBuffer> &Buffers) {
  uint64_t Width = 0;
  for (const FlatBuffer &B : Buffers)
    for (const FlatAccess &A : B.Accesses)
      for (const AccessInstance &I : *A.Instances)
        if (!I.MergedAway && I.Desc.Width > B.Unit)
          Width = std::max<uint64_t>(Width, I.Desc.Width);
  return Width;
}

/// \p Candidates without those that would split nvcc's merges.
std::vector<Candidate> keepingMerges(std::vector<Candidate> Candidates,
                                     const std::vector<FlatBuffer> &Buffers) {
  uint64_t Width = mergedWidth(Buffers);
  if (Width == 0)
    return Candidates;
  std::vector<Candidate> Out;
  for (const Candidate &C : Candidates) {
    bool Keeps = true;
    for (const FlatBuffer &B : Buffers)
      Keeps = Keeps &&
              ((C.RoundTo ? C.RoundTo : C.Pad) * B.Unit) % Width == 0 &&
              ((B.Stride ? B.Stride : C.Period) * B.Unit) % Width == 0;
    if (Keeps)
      Out.push_back(C);
  }
  return Out;
}

/// \p Candidates without those that move no element: a period W at least
/// as long as every buffer (known extents only) leaves each index i < W
/// where it is, so the layout is the one as it is.
std::vector<Candidate> movingSome(std::vector<Candidate> Candidates,
                                  const std::vector<FlatBuffer> &Buffers) {
  uint64_t Longest = 0;
  for (const FlatBuffer &B : Buffers) {
    if (B.Layout.Dims.empty() || B.Layout.Dims.front() == 0)
      return Candidates; // the launch sets the size
    Longest = std::max<uint64_t>(Longest, B.Layout.Dims.front() *
                                              B.Layout.ElementSize / B.Unit);
  }
  Candidates.erase(
      std::remove_if(Candidates.begin(), Candidates.end(),
                     [&](const Candidate &C) { return C.Period >= Longest; }),
      Candidates.end());
  return Candidates;
}

uint64_t smallestUnit(const std::vector<FlatBuffer> &Buffers) {
  uint64_t Unit = Buffers.front().Unit;
  for (const FlatBuffer &B : Buffers)
    Unit = std::min(Unit, B.Unit);
  return Unit;
}

/// A plan of \p Style from the search over \p Candidates; only one taking
/// at most \p AtMost wavefronts per block is of use.
FixPlan plan(const std::vector<FlatBuffer> &Buffers, FixStyle Style,
             const std::vector<Candidate> &Candidates,
             uint64_t AtMost = UINT64_MAX) {
  FixPlan Plan;
  Plan.Style = Style;
  if (Buffers.empty())
    return Plan;
  WorstCaseValues Worst;
  std::vector<AccessRef> Order = heaviestFirst(Buffers, Style);
  EvaluateCandidate Evaluate = [&](size_t C, CandidateTotals &Totals,
                                   std::string &Problem) {
    return totals(Buffers, Order, Style,
                  C == 0 ? Candidate{} : Candidates[C - 1], Totals, Problem,
                  Worst);
  };
  // One padding word after every 32 banks, judged first: usually near the
  // best, so that most others stop early. Where the strides differ, each made
  // odd is judged first instead.
  size_t Hint = 0;
  for (size_t C = 0; C < Candidates.size() && !Hint; ++C)
    if (Candidates[C].RoundTo == 1)
      Hint = C + 1;
  for (size_t C = 0; C < Candidates.size() && !Hint; ++C)
    if (Candidates[C].Pad == 1 &&
        Candidates[C].Period * smallestUnit(Buffers) == 128)
      Hint = C + 1;
  SearchOutcome Outcome =
      searchFewestWavefronts(Candidates.size(), Evaluate, true, Hint, AtMost);
  // With none at most AtMost, judging the usual choice at every value in
  // its place (verifyBest's fallback) could not make it of use.
  if (Outcome.Best != 0 || AtMost == UINT64_MAX)
    verifyBest(Outcome, Evaluate, Worst, Hint);
  Plan.WhyNot = Outcome.Problem;
  if (Outcome.Best == 0 && AtMost < Outcome.Before && Plan.WhyNot.empty())
    Plan.WhyNot = "another style takes " + std::to_string(AtMost) +
                  " wavefronts per block, and no " + fixStyleName(Style) +
                  " takes as few";
  if (Outcome.Best != 0) {
    const Candidate &K = Candidates[Outcome.Best - 1];
    Plan.Period = K.Period;
    Plan.Pad = K.Pad;
    Plan.RoundTo = K.RoundTo;
    if (K.RoundTo) // the most any buffer's stride grows
      for (const FlatBuffer &B : Buffers)
        Plan.Pad = std::max(Plan.Pad, stridePad(Plan, B.Stride));
  }
  if (Outcome.BeforePerAccess.size() == Order.size()) {
    Outcome.BeforePerAccess =
        inBufferOrder(Buffers, Order, Outcome.BeforePerAccess);
    Outcome.AfterPerAccess =
        inBufferOrder(Buffers, Order, Outcome.AfterPerAccess);
  }
  fillPlan(Plan, Outcome, labels(Buffers));
  return Plan;
}

/// Whether every execution of \p B's accesses has, in each lane that makes
/// it, its column c of `r * W + c` within a row (0 <= c < W): the row
/// stride `W + P` then moves each element where index padding would, and
/// two subscripts that named one element still do (`s[t * 32 + 36]` and
/// `s[(t + 1) * 32 + 4]` would not).
bool columnsWithinRows(const FlatBuffer &B, uint64_t W) {
  // The lanes of every shape in which \p Column (under \p Guard) is not
  // within a row.
  auto Outside = [&](const FlatAccess &A, const LaneExpr &Column,
                     const LaneExpr *Guard) {
    auto Within = [&](const LaneEnv &Env) {
      if (Guard) {
        std::optional<int64_t> Active = evaluateLaneConcrete(*Guard, Env);
        if (Active && *Active == 0)
          return true;
      }
      std::optional<int64_t> C = evaluateLaneConcrete(Column, Env);
      return C && *C >= 0 && *C < int64_t(W);
    };
    for (const BlockShape &Shape : A.Shapes.Shapes)
      if (!everyLane(Shape, Within))
        return true;
    return false;
  };
  constexpr uint64_t MaxIterations = 4096;
  for (const FlatAccess &A : B.Accesses)
    for (size_t I = 0; I < A.Forms.size() && I < A.Instances->size(); ++I) {
      const FlatIndexForm &F = A.Forms[I];
      const AccessInstance &Instance = (*A.Instances)[I];
      const IterationRange *Range = Instance.Range.get();
      if (Range && Range->Count > MaxIterations)
        return false;
      for (const LaneExprPtr &Index : {F.Index, F.OwnIndex}) {
        if (!Index)
          continue;
        LaneExprPtr Column = replaceRowStride(Index, W, 0);
        if (!Column)
          return false;
        // An instance standing for a loop's iterations: each of them.
        for (uint64_t K = 0; K < (Range ? Range->Count : 1); ++K) {
          LaneExprPtr C = Column, G = Instance.Desc.Guard;
          if (Range) {
            std::map<std::string, LaneExprPtr> Values;
            for (const LoopVariable &V : Range->Variables)
              if (LaneExprPtr Value = Range->valueAt(V, K))
                Values[V.Symbol] = Value;
            C = substituteSymbols(C, Values);
            if (G)
              G = substituteSymbols(G, Values);
          }
          if (Outside(A, *C, G.get()))
            return false;
        }
      }
    }
  return true;
}

} // namespace

LaneExprPtr replaceRowStride(const LaneExprPtr &Index, uint64_t Old,
                             uint64_t New) {
  if (!Index)
    return nullptr;
  if (Index->Kind == ExprKind::Cast) {
    LaneExprPtr Inner = replaceRowStride(Index->Ops[0], Old, New);
    return Inner ? LaneExpr::cast(Inner, Index->Type) : nullptr;
  }
  // `r * W + c`, and the sums around it: `r * W + t + j`, `r * W + c - 1`.
  bool Sum = Index->Kind == ExprKind::Binary && Index->BOp == BinaryOp::Add;
  bool Difference =
      Index->Kind == ExprKind::Binary && Index->BOp == BinaryOp::Sub;
  if (!Sum && !Difference)
    return nullptr;
  for (size_t K = 0; K < (Sum ? 2 : 1); ++K) {
    LaneExprPtr Term = replaceFactor(Index->Ops[K], Old, New);
    if (!Term)
      Term = replaceRowStride(Index->Ops[K], Old, New);
    if (Term) {
      std::vector<LaneExprPtr> Ops = Index->Ops;
      Ops[K] = Term;
      return LaneExpr::binary(Index->BOp, Ops[0], Ops[1], Index->Type);
    }
  }
  return nullptr;
}

LaneExprPtr reversedRowIndex(const LaneExprPtr &Index, uint64_t Period) {
  IntType T = Index->Type;
  LaneExprPtr Row =
      LaneExpr::binary(BinaryOp::Div, Index, constantLike(Period, Index), T);
  LaneExprPtr Odd =
      LaneExpr::binary(BinaryOp::Rem, Row, constantLike(2, Index), T);
  LaneExprPtr Mask =
      LaneExpr::binary(BinaryOp::Mul, Odd, constantLike(Period - 1, Index), T);
  return LaneExpr::binary(BinaryOp::Xor, Index, Mask, T);
}

void settleViewStarts(FlatAccess &Access) {
  for (FlatIndexForm &F : Access.Forms) {
    F.ConstantStart.reset();
    F.NeverNegative = F.SeenNegative = false;
    if (F.ViewStart && !dependsOnLane(*F.ViewStart) &&
        !mentions(*F.ViewStart, ExprKind::BlockDim)) {
      LaneEnv Env;
      F.ConstantStart = evaluateLaneConcrete(*F.ViewStart, Env);
    }
    // The buffer's own subscripts: no start to pad apart.
    if (F.ConstantStart == 0)
      continue;
    bool Unsigned = true, Evaluated = true;
    for (const LaneExprPtr &I : {F.Index, F.OwnIndex}) {
      if (!I)
        continue;
      Unsigned = Unsigned && !I->Type.Signed;
      for (const BlockShape &Shape : Access.Shapes.Shapes)
        everyLane(Shape, [&](const LaneEnv &Env) {
          std::optional<int64_t> V = evaluateLaneConcrete(*I, Env);
          Evaluated = Evaluated && V;
          F.SeenNegative = F.SeenNegative || (V && *V < 0);
          return !F.SeenNegative;
        });
    }
    F.NeverNegative = !F.SeenNegative && (Unsigned || Evaluated);
  }
}

bool shiftedPadding(const FlatIndexForm &Form, uint64_t Period) {
  if (!Form.ConstantStart || *Form.ConstantStart == 0 || Period == 0)
    return false;
  return *Form.ConstantStart % int64_t(Period) != 0 || !Form.NeverNegative;
}

LaneExprPtr paddedIndex(const LaneExprPtr &Index, uint64_t Period,
                        unsigned Pad) {
  IntType T = Index->Type;
  LaneExprPtr Rows =
      LaneExpr::binary(BinaryOp::Div, Index, constantLike(Period, Index), T);
  if (Pad != 1)
    Rows = LaneExpr::binary(BinaryOp::Mul, Rows, constantLike(Pad, Index), T);
  return LaneExpr::binary(BinaryOp::Add, Index, Rows, T);
}

std::vector<AccessInstance> rewrittenInstances(const FlatAccess &Access,
                                               const FlatBuffer &Buffer,
                                               FixStyle Style, uint64_t Period,
                                               unsigned Pad) {
  std::vector<AccessInstance> Out = *Access.Instances;
  for (size_t I = 0; I < Out.size() && I < Access.Forms.size(); ++I) {
    FlatIndexForm Form = Access.Forms[I];
    SharedAccessDesc &Desc = Out[I].Desc;
    if ((Style == FixStyle::IndexPadding && Pad != 0) ||
        Style == FixStyle::IndexSwizzle) {
      // Each access on its own: nvcc merges no rewritten subscripts.
      if (Out[I].MergedInto)
        Out[I].MergedAway = Out[I].MergedInto = false;
      if (Out[I].Unmerged) {
        Desc = *Out[I].Unmerged;
        if (Form.OwnIndex)
          Form.Index = Form.OwnIndex;
      }
    }
    LaneExprPtr Subscript = rewrittenSubscript(Form, Style, Period, Pad);
    if (!Subscript) { // not `r * W + c`: left unjudged
      Desc.Indices = {LaneExpr::unknown("the subscript",
                                        "is not written r * " +
                                            std::to_string(Period) + " + c")};
      continue;
    }
    if (!Desc.FlatBytes) {
      Desc.Indices = {Subscript};
      continue;
    }
    // The swizzle is planned only where every view starts at 0
    // (carveProblem): its start stays.
    LaneExprPtr Start = Style == FixStyle::IndexSwizzle
                            ? Form.ViewStart
                            : paddedIndex(Form.ViewStart, Period, Pad);
    LaneExprPtr Elements =
        LaneExpr::binary(BinaryOp::Add, LaneExpr::cast(Start, OffsetType),
                         LaneExpr::cast(Subscript, OffsetType), OffsetType);
    Desc.Indices = {LaneExpr::binary(
        BinaryOp::Mul, Elements,
        LaneExpr::constant(int64_t(Buffer.Unit), OffsetType), OffsetType)};
  }
  return Out;
}

SharedArrayLayout rewrittenLayout(const FlatBuffer &Buffer, uint64_t Period,
                                  unsigned Pad) {
  SharedArrayLayout Layout = Buffer.Layout;
  if (!Layout.Dims.empty() && Layout.Dims.front() != 0) {
    // The extent counts the declared elements; the rewrite counts Units.
    uint64_t Units = Layout.Dims.front() * Layout.ElementSize / Buffer.Unit;
    uint64_t Padded = paddedElementCount(Units, Period, Pad);
    Layout.Dims.front() =
        (Padded * Buffer.Unit + Layout.ElementSize - 1) / Layout.ElementSize;
  }
  return Layout;
}

FixPlan planIndexPadding(const std::vector<FlatBuffer> &Buffers,
                         uint64_t AtMost) {
  if (Buffers.empty())
    return {};
  // The rewrite splits nvcc's merges; the plan counts the accesses apart
  // (rewrittenInstances).
  return plan(
      Buffers, FixStyle::IndexPadding,
      movingSome(indexPaddingCandidates(smallestUnit(Buffers)), Buffers),
      AtMost);
}

FixPlan planIndexSwizzle(const std::vector<FlatBuffer> &Buffers) {
  FixPlan Refused;
  Refused.Style = FixStyle::IndexSwizzle;
  if (Buffers.empty())
    return Refused;
  uint64_t Unit = Buffers.front().Unit;
  uint64_t W = 128 / std::max<uint64_t>(Unit, 1);
  for (const FlatBuffer &B : Buffers) {
    const std::string Name = "'" + B.Layout.Name + "'";
    if (B.Unit != Unit || 128 % Unit != 0) {
      Refused.WhyNot = Name + " is indexed in elements of different sizes";
      return Refused;
    }
    if (B.Layout.Dims.empty() || B.Layout.Dims.front() == 0) {
      Refused.WhyNot = "the launch gives the size of " + Name +
                       ", which the swizzle needs in whole rows of " +
                       std::to_string(W);
      return Refused;
    }
    uint64_t Units = B.Layout.Dims.front() * B.Layout.ElementSize / Unit;
    if (Units % W != 0) {
      Refused.WhyNot = Name + " holds " + std::to_string(Units) +
                       " elements, not whole rows of " + std::to_string(W);
      return Refused;
    }
  }
  return plan(Buffers, FixStyle::IndexSwizzle, {Candidate{W, 0}});
}

FixPlan planRowStride(const std::vector<FlatBuffer> &Buffers, uint64_t Stride) {
  std::vector<FlatBuffer> Strided = Buffers;
  for (FlatBuffer &B : Strided)
    B.Stride = Stride;
  return planRowStrides(Strided);
}

FixPlan planRowStrides(const std::vector<FlatBuffer> &Buffers,
                       uint64_t AtMost) {
  std::vector<Candidate> Candidates;
  if (Buffers.empty())
    return plan(Buffers, FixStyle::RowStride, Candidates);
  for (const FlatBuffer &B : Buffers)
    if (!columnsWithinRows(B, B.Stride)) {
      FixPlan Plan;
      Plan.Style = FixStyle::RowStride;
      Plan.WhyNot = "a subscript's column is not within one row of " +
                    std::to_string(B.Stride) + " in every lane";
      return Plan;
    }
  for (unsigned P = 1; P <= maxUsefulPadding(smallestUnit(Buffers)); ++P)
    Candidates.push_back({Buffers.front().Stride, P});
  // Strides that differ between instantiations may each need their own
  // padding: an odd number of units, or of nvcc's merged accesses. Last,
  // so that one padding for all wins a tie.
  bool Different = false;
  for (const FlatBuffer &B : Buffers)
    Different = Different || B.Stride != Buffers.front().Stride;
  if (Different) {
    Candidates.push_back({Buffers.front().Stride, 0, 1});
    uint64_t Unit = smallestUnit(Buffers), Width = mergedWidth(Buffers);
    if (Width > Unit && Width % Unit == 0)
      Candidates.push_back({Buffers.front().Stride, 0, unsigned(Width / Unit)});
  }
  return plan(Buffers, FixStyle::RowStride, keepingMerges(Candidates, Buffers),
              AtMost);
}

} // namespace bankfix
