//===- AccessMerging.cpp - Adjacent accesses nvcc merges into one ---------===//

#include "core/codegen/AccessMerging.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace bankfix {

namespace {

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
  if (!XLayout.BaseOffset || !YLayout.BaseOffset)
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
    }
    AnyShape = true;
  }
  return AnyShape;
}

/// Whether \p X in one iteration of a loop walked once is adjacent to
/// itself in the next (its symbol \p Symbol one larger) in every lane of
/// every shape, and aligned in the first: nvcc may unroll the loop at run
/// time and merge them.
bool nextIterationFollows(const SharedArrayLayout &Layout,
                          const AccessInstance &X, const std::string &Symbol,
                          const std::vector<BlockShape> &Shapes) {
  if (!Layout.BaseOffset || 2 * X.Desc.Width > startAlignment(Layout))
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
      bool First = true;
      for (const auto &[Name, Value] : B)
        First = First && Value == 0;
      if (!E0.judged() || !E1.judged() ||
          !followsInEveryLane(E0, E1, X.Desc.Width, First,
                              alignmentShift(Layout)))
        return false;
    }
    Any = true;
  }
  return Any;
}

/// Marks UncertainMerge on the executions in loops walked once that nvcc
/// may merge with their own next iteration.
void markRuntimeUnrolling(std::vector<MergeCandidate> &Candidates,
                          const std::vector<BlockShape> &Shapes) {
  for (MergeCandidate &C : Candidates) {
    AccessInstance &I = *C.Instance;
    if (!C.Mergeable || I.MergedAway || !I.UncertainMerge.empty() ||
        2 * I.Desc.Width > widestMerge(*C.Layout, I.Desc.Width))
      continue;
    for (const std::string &Symbol : I.OnceLoopSymbols)
      if (nextIterationFollows(*C.Layout, I, Symbol, Shapes)) {
        I.UncertainMerge = "nvcc may unroll the loop around it and merge "
                           "consecutive iterations of it";
        I.UncertainWide = I.Desc;
        I.UncertainWide->Width *= 2;
        break;
      }
  }
}

/// How a merge of two executions is decided.
enum class Decision { Merges, Never, Uncertain };

/// A merged access in the making: the execution that makes it, where it
/// starts and ends in its run, and the width of the accesses it began as.
struct Unit {
  MergeCandidate *Keep;
  size_t First, Last; ///< positions in the run
  unsigned BaseWidth;
};

/// The loops compiled once around \p I, without the iteration.
std::vector<const void *> loopsOf(const AccessInstance &I) {
  std::vector<const void *> Loops;
  for (const auto &[Loop, Iteration] : I.CompiledOnce)
    Loops.push_back(Loop);
  return Loops;
}

using VetoKey =
    std::tuple<const void *, const void *, std::vector<const void *>>;

class RunMerger {
public:
  RunMerger(std::vector<MergeCandidate *> &Run,
            const std::vector<BlockShape> &Shapes, std::set<VetoKey> &Vetoed)
      : Run(Run), Shapes(Shapes), Vetoed(Vetoed) {}

  /// The chains of the run: executions of one array and kind, in order.
  std::vector<std::vector<Unit>> chains() const {
    std::map<std::pair<const SharedArrayLayout *, AccessKind>, size_t> Index;
    std::vector<std::vector<Unit>> Chains;
    for (size_t P = 0; P < Run.size(); ++P) {
      MergeCandidate *C = Run[P];
      auto Key = std::make_pair(C->Layout, C->Instance->Desc.Kind);
      auto [It, New] = Index.try_emplace(Key, Chains.size());
      if (New)
        Chains.emplace_back();
      Chains[It->second].push_back({C, P, P, C->Instance->Desc.Width});
    }
    return Chains;
  }

  /// Whether \p U and \p V (consecutive in their chain) merge, and when it
  /// cannot be decided, why (\p Why).
  /// \p Reversed: V's address comes first (`s[2*t+1]` then `s[2*t]`).
  Decision decide(const Unit &U, const Unit &V, std::string &Why,
                  bool *Reversed = nullptr) const {
    const AccessInstance &X = *U.Keep->Instance, &Y = *V.Keep->Instance;
    if (!U.Keep->Mergeable || !V.Keep->Mergeable)
      return Decision::Never;
    Decision Between = between(U, V, Why);
    if (Between == Decision::Never)
      return Decision::Never;
    if (X.Desc.Width != Y.Desc.Width ||
        2 * X.Desc.Width > widestMerge(*U.Keep->Layout, U.BaseWidth))
      return Decision::Never;
    const SharedArrayLayout &XL = *U.Keep->Layout, &YL = *V.Keep->Layout;
    bool Forward = mergesWithNext(XL, X, YL, Y, U.BaseWidth, Shapes);
    if (!Forward && !mergesWithNext(YL, Y, XL, X, U.BaseWidth, Shapes))
      return Decision::Never;
    if (Reversed)
      *Reversed = !Forward;
    if (X.CompiledOnce != Y.CompiledOnce) {
      Why = "nvcc compiles the loop around them once, and may or may not "
            "merge consecutive iterations";
      return Decision::Uncertain;
    }
    if (!X.CompiledOnce.empty() && Vetoed.count(vetoKey(U, V)))
      return Decision::Never;
    if (!XL.StartModulo16) {
      Why = "where '" + XL.Name +
            "' starts, which decides its alignment, "
            "is not known";
      return Decision::Uncertain;
    }
    // Seen merged in one kernel and not in another: undecided.
    if (!Forward) {
      Why = "they are written in the order opposite to their addresses";
      return Decision::Uncertain;
    }
    if (Between == Decision::Uncertain)
      return Decision::Uncertain;
    if (X.SoftRegion != Y.SoftRegion) {
      Why = Y.SoftBreak;
      return Decision::Uncertain;
    }
    return Decision::Merges;
  }

  const std::vector<BlockShape> &shapes() const { return Shapes; }

  /// Whether nothing between \p U and \p V, nor their guards, loops and
  /// straight line, keeps them from being loaded by one instruction.
  bool mayJoin(const Unit &U, const Unit &V, std::string &Why) const {
    const AccessInstance &X = *U.Keep->Instance, &Y = *V.Keep->Instance;
    return U.Keep->Mergeable && V.Keep->Mergeable &&
           between(U, V, Why) == Decision::Merges && !X.Range && !Y.Range &&
           sameGuard(X.Desc.Guard, Y.Desc.Guard) &&
           X.CompiledOnce == Y.CompiledOnce && X.SoftRegion == Y.SoftRegion &&
           U.Keep->Layout == V.Keep->Layout;
  }

  static VetoKey vetoKey(const Unit &U, const Unit &V) {
    return {U.Keep->Expression, V.Keep->Expression, loopsOf(*U.Keep->Instance)};
  }

private:
  /// What lies between \p U and \p V in the run: a load merges across
  /// loads; across a store to another static array only when its array is
  /// declared aligned to the merged width (`__align__(16)`), not across a
  /// store that may write its own array. A store merges across nothing of
  /// its array and no store; a load of another array between stores may or
  /// may not stop it.
  Decision between(const Unit &U, const Unit &V, std::string &Why) const {
    const AccessInstance &Kept = *U.Keep->Instance;
    bool Store = Kept.Desc.Kind == AccessKind::Store;
    bool DeclaredWide =
        U.Keep->Layout->DeclaredAlignment >= 2 * uint64_t(Kept.Desc.Width);
    Decision D = Decision::Merges;
    for (size_t P = U.Last + 1; P < V.First; ++P) {
      const MergeCandidate &C = *Run[P];
      bool OtherStore = C.Instance->Desc.Kind == AccessKind::Store;
      // Two static arrays never overlap; extern arrays all start at the
      // same address.
      bool Disjoint = C.Layout != U.Keep->Layout && !isExtern(*C.Layout) &&
                      !isExtern(*U.Keep->Layout);
      if ((OtherStore && (Store || !Disjoint || !DeclaredWide)) ||
          !C.Mergeable || (Store && C.Layout == U.Keep->Layout))
        return Decision::Never;
      if (Store) {
        Why = "the " + C.Label + " lies between them";
        D = Decision::Uncertain;
      }
    }
    return D;
  }

  std::vector<MergeCandidate *> &Run;
  const std::vector<BlockShape> &Shapes;
  std::set<VetoKey> &Vetoed;
};

/// Whether \p Y loads what \p X loaded, lane for lane, for every value of
/// the warp-uniform symbols: the same array, width and guard, the same
/// addresses in every shape.
bool sameAddressesEverywhere(const MergeCandidate &X, const MergeCandidate &Y,
                             const std::vector<BlockShape> &Shapes) {
  return reusesValue(*X.Layout, *X.Instance, *Y.Layout, *Y.Instance, Shapes);
}

} // namespace

bool reusesValue(const SharedArrayLayout &XLayout, const AccessInstance &IX,
                 const SharedArrayLayout &YLayout, const AccessInstance &IY,
                 const std::vector<BlockShape> &Shapes) {
  if (&XLayout != &YLayout || IY.Desc.Kind != AccessKind::Load ||
      IX.Desc.Width != IY.Desc.Width || IX.Range || IY.Range ||
      !sameGuard(IX.Desc.Guard, IY.Desc.Guard))
    return false;
  std::vector<UniformBindings> Bindings = bindingsFor(symbolsOf(IX, IY));
  for (const BlockShape &Shape : Shapes) {
    if (IX.runsFor(Shape) != IY.runsFor(Shape))
      return false;
    if (!IX.runsFor(Shape))
      continue;
    for (const UniformBindings &B : Bindings) {
      EvaluationOptions Options{&B, false};
      AccessEvaluation EX =
          evaluateAccessWith(XLayout, IX.Desc, Shape, Options);
      AccessEvaluation EY =
          evaluateAccessWith(YLayout, IY.Desc, Shape, Options);
      if (!EX.judged() || !EY.judged() || EX.Warps.size() != EY.Warps.size())
        return false;
      for (size_t W = 0; W < EX.Warps.size(); ++W)
        if (EX.Warps[W].Warp != EY.Warps[W].Warp ||
            EX.Warps[W].Addresses != EY.Warps[W].Addresses)
          return false;
    }
  }
  return true;
}

namespace {

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
          evaluateAccessWith(Layout, I.Desc, Shape, {&B, false});
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
bool apartByAConstant(const MergeCandidate &X, const MergeCandidate &Y,
                      const std::vector<BlockShape> &Shapes) {
  std::optional<std::vector<uint64_t>> AX =
      laneAddresses(*X.Layout, *X.Instance, Shapes);
  std::optional<std::vector<uint64_t>> AY =
      laneAddresses(*Y.Layout, *Y.Instance, Shapes);
  if (!AX || !AY || AX->size() != AY->size() || AX->empty())
    return false;
  int64_t Distance = int64_t((*AY)[0] - (*AX)[0]);
  for (size_t L = 0; L < AX->size(); ++L)
    if (((*AX)[L] == UINT64_MAX) != ((*AY)[L] == UINT64_MAX) ||
        ((*AX)[L] != UINT64_MAX && int64_t((*AY)[L] - (*AX)[L]) != Distance))
      return false;
  int64_t Gap = Distance < 0 ? -Distance : Distance;
  return Gap >=
         int64_t(std::max(X.Instance->Desc.Width, Y.Instance->Desc.Width));
}

/// A load of what an earlier load of the same straight line loaded, with
/// no store to the array, barrier or call that may write between, or of
/// what the latest store to it there stored: nvcc reuses the value and makes
/// no access (`fminf(a, b)` then `fmaxf(a, b)` of two shared elements loads
/// each once).
void markReusedLoads(std::vector<MergeCandidate *> &Run,
                     const std::vector<BlockShape> &Shapes) {
  for (size_t J = 0; J < Run.size(); ++J) {
    MergeCandidate &Y = *Run[J];
    if (Y.Instance->Desc.Kind != AccessKind::Load || !Y.Mergeable)
      continue;
    for (size_t I = J; I-- > 0;) {
      MergeCandidate &X = *Run[I];
      bool Store = X.Instance->Desc.Kind == AccessKind::Store;
      if (!X.Mergeable || X.Instance->SoftRegion != Y.Instance->SoftRegion ||
          X.Instance->CompiledOnce != Y.Instance->CompiledOnce)
        break;
      // A store of what it loads gives the value (the latest store only).
      bool Same =
          !X.Instance->MergedAway && sameAddressesEverywhere(X, Y, Shapes);
      if (Same) {
        Y.Instance->MergedAway = true;
        Y.Instance->MergeNote =
            "nvcc reuses the value of the " + X.Label + " and loads nothing";
      }
      // A store to another array does not change this one, nor one a
      // constant distance away from it in every lane (alias analysis sees
      // that much).
      if (Same ||
          (Store && X.Layout == Y.Layout && !apartByAConstant(X, Y, Shapes)))
        break;
    }
  }
}

/// Whether \p Y's bytes lie inside \p X's in every lane (the same place
/// in them for all), as when nvcc's wide load of the aligned 16 bytes
/// around a run takes an element loaded again later.
bool containedIn(const MergeCandidate &X, const MergeCandidate &Y,
                 const std::vector<BlockShape> &Shapes) {
  const AccessInstance &IX = *X.Instance, &IY = *Y.Instance;
  if (X.Layout != Y.Layout || IX.Desc.Width <= IY.Desc.Width ||
      !sameGuard(IX.Desc.Guard, IY.Desc.Guard) || IX.Range || IY.Range)
    return false;
  std::optional<std::vector<uint64_t>> AX =
      laneAddresses(*X.Layout, IX, Shapes);
  std::optional<std::vector<uint64_t>> AY =
      laneAddresses(*Y.Layout, IY, Shapes);
  if (!AX || !AY || AX->size() != AY->size() || AX->empty())
    return false;
  for (size_t L = 0; L < AX->size(); ++L) {
    uint64_t XL = (*AX)[L], YL = (*AY)[L];
    if ((XL == UINT64_MAX) != (YL == UINT64_MAX))
      return false;
    if (XL != UINT64_MAX &&
        (YL < XL || YL + IY.Desc.Width > XL + IX.Desc.Width ||
         YL - XL != (*AY)[0] - (*AX)[0]))
      return false;
  }
  return true;
}

/// After the merges: a load whose bytes an earlier, wider load of the
/// straight line loaded, with no store to the array between, reuses them.
void markContainedLoads(std::vector<MergeCandidate *> &Run,
                        const std::vector<BlockShape> &Shapes) {
  for (size_t J = 0; J < Run.size(); ++J) {
    MergeCandidate &Y = *Run[J];
    if (Y.Instance->MergedAway || Y.Instance->Desc.Kind != AccessKind::Load ||
        !Y.Mergeable)
      continue;
    for (size_t I = J; I-- > 0;) {
      MergeCandidate &X = *Run[I];
      if (!X.Mergeable || X.Instance->SoftRegion != Y.Instance->SoftRegion ||
          X.Instance->CompiledOnce != Y.Instance->CompiledOnce ||
          (X.Instance->Desc.Kind == AccessKind::Store && X.Layout == Y.Layout))
        break;
      if (X.Instance->MergedAway || X.Instance->Desc.Kind != AccessKind::Load ||
          !containedIn(X, Y, Shapes))
        continue;
      Y.Instance->MergedAway = true;
      Y.Instance->MergeNote = "nvcc reuses what the " + X.Label +
                              " loaded with it and loads nothing";
      break;
    }
  }
}

/// "nvcc merges it with the following loads into one 8-byte load".
void noteMerge(MergeCandidate &Keep, MergeCandidate &Drop, bool Loop,
               unsigned Width) {
  bool Store = Keep.Instance->Desc.Kind == AccessKind::Store;
  Drop.Instance->MergedAway = true;
  Drop.Instance->MergeNote = "nvcc merges it into the " + Keep.Label;
  Keep.Instance->MergeNote =
      "nvcc merges it with the " +
      (Loop ? std::string(Store ? "previous iterations" : "next iterations")
            : std::string(Store ? "preceding " : "following ") +
                  accessKindName(Drop.Instance->Desc.Kind) + "s") +
      " into one " + std::to_string(Width) + "-byte " +
      accessKindName(Keep.Instance->Desc.Kind);
}

/// Loads of 4-byte elements that cover three or four words of one aligned
/// 16-byte chunk, in every lane (the same place in it for all): nvcc loads
/// the whole chunk with one 16-byte load, the word not used too (measured:
/// `t[r][k + 1]` for k < 8 is LDS.128, LDS.128, LDS).
void widenToChunks(RunMerger &Merger, std::vector<Unit> &Chain) {
  constexpr uint64_t Chunk = 16;
  std::vector<Unit> Next;
  for (size_t I = 0; I < Chain.size();) {
    MergeCandidate &First = *Chain[I].Keep;
    const SharedArrayLayout &Layout = *First.Layout;
    std::optional<std::vector<uint64_t>> A0 =
        laneAddresses(Layout, *First.Instance, Merger.shapes());
    size_t End = I + 1;
    uint64_t Bytes = First.Instance->Desc.Width;
    std::vector<std::vector<uint64_t>> Starts;
    if (A0 && !A0->empty() && (*A0)[0] != UINT64_MAX &&
        Chain[I].BaseWidth == 4 && Layout.StartModulo16 &&
        startAlignment(Layout) >= Chunk && First.Instance->Desc.Width < Chunk)
      Starts.push_back(*A0);
    while (!Starts.empty() && End < Chain.size()) {
      std::string Why;
      if (Chain[End].Keep->Instance->Desc.Width >= Chunk ||
          !Merger.mayJoin(Chain[End - 1], Chain[End], Why))
        break;
      std::optional<std::vector<uint64_t>> A =
          laneAddresses(Layout, *Chain[End].Keep->Instance, Merger.shapes());
      if (!A || A->size() != A0->size())
        break;
      // Lanes that do not run (a partial last warp) run neither.
      bool SameChunk = true;
      for (size_t L = 0; L < A->size() && SameChunk; ++L)
        SameChunk =
            ((*A)[L] == UINT64_MAX) == ((*A0)[L] == UINT64_MAX) &&
            ((*A)[L] == UINT64_MAX || ((*A)[L] / Chunk == (*A0)[L] / Chunk &&
                                       (*A)[L] % Chunk == (*A)[0] % Chunk &&
                                       (*A0)[L] % Chunk == (*A0)[0] % Chunk));
      // Its bytes must not overlap those already taken.
      uint64_t At = (*A)[0] % Chunk,
               Width = Chain[End].Keep->Instance->Desc.Width;
      for (size_t K = 0; K < Starts.size() && SameChunk; ++K) {
        uint64_t From = Starts[K][0] % Chunk,
                 To = From + Chain[I + K].Keep->Instance->Desc.Width;
        SameChunk = At + Width <= From || At >= To;
      }
      if (!SameChunk)
        break;
      Starts.push_back(*A);
      Bytes += Chain[End].Keep->Instance->Desc.Width;
      ++End;
    }
    if (End - I < 2 || 4 * Bytes < 3 * Chunk) {
      Next.push_back(Chain[I]);
      ++I;
      continue;
    }
    // The lowest of them starts the chunk's load, moved down to its start.
    size_t Low = I;
    for (size_t K = I; K < End; ++K)
      if (Starts[K - I][0] < Starts[Low - I][0])
        Low = K;
    SharedAccessDesc Wide = Chain[Low].Keep->Instance->Desc;
    Wide.WidenedDownBy += Starts[Low - I][0] % Chunk;
    Wide.Width = unsigned(Chunk);
    First.Instance->Desc = Wide;
    for (size_t K = I + 1; K < End; ++K) {
      MergeCandidate &Drop = *Chain[K].Keep;
      Drop.Instance->MergedAway = true;
      Drop.Instance->MergeNote = "nvcc merges it into the " + First.Label;
    }
    First.Instance->MergeNote =
        "nvcc loads it with the following loads as one 16-byte load of the "
        "aligned 16 bytes around them";
    Next.push_back({&First, Chain[I].First, Chain[End - 1].Last, 4});
    I = End;
  }
  Chain = std::move(Next);
}

/// Merges pairs, then pairs of pairs, along one chain while any merge.
void mergeChain(RunMerger &Merger, std::vector<Unit> Chain) {
  for (bool Merged = true; Merged;) {
    Merged = false;
    std::vector<Unit> Next;
    for (size_t I = 0; I < Chain.size(); ++I) {
      std::string Why;
      bool Reversed = false;
      Decision D = I + 1 < Chain.size()
                       ? Merger.decide(Chain[I], Chain[I + 1], Why, &Reversed)
                       : Decision::Never;
      // The merged access starts at the lower address.
      const Unit &Low = Reversed ? Chain[I + 1] : Chain[I];
      if (D == Decision::Uncertain) {
        SharedAccessDesc Wide = Low.Keep->Instance->Desc;
        Wide.Width *= 2;
        for (size_t K : {I, I + 1}) {
          const MergeCandidate &Other = *Chain[K == I ? I + 1 : I].Keep;
          Chain[K].Keep->Instance->UncertainMerge =
              "nvcc may or may not merge it with the " + Other.Label + ": " +
              Why;
          Chain[K].Keep->Instance->UncertainWide = Wide;
        }
      }
      if (D != Decision::Merges) {
        Next.push_back(Chain[I]);
        continue;
      }
      Unit &X = Chain[I], &Y = Chain[I + 1];
      // nvcc's line table puts a merged load at its first access and a
      // merged store at its last: that one makes the wide access.
      bool Store = X.Keep->Instance->Desc.Kind == AccessKind::Store;
      MergeCandidate &Keep = Store ? *Y.Keep : *X.Keep;
      MergeCandidate &Drop = Store ? *X.Keep : *Y.Keep;
      SharedAccessDesc Wide = Low.Keep->Instance->Desc;
      Wide.Width *= 2;
      Keep.Instance->Desc = Wide;
      noteMerge(Keep, Drop, X.Keep->Expression == Y.Keep->Expression,
                Wide.Width);
      Next.push_back({&Keep, X.First, Y.Last, X.BaseWidth});
      Merged = true;
      ++I;
    }
    Chain = std::move(Next);
  }
  if (!Chain.empty() &&
      Chain.front().Keep->Instance->Desc.Kind == AccessKind::Load)
    widenToChunks(Merger, Chain);
}

} // namespace

unsigned widestMerge(const SharedArrayLayout &Layout, unsigned Width) {
  unsigned Natural = Width == 1 ? 1 : Width == 2 ? 8 : std::max(Width, 16u);
  uint64_t Declared = std::min<uint64_t>(Layout.DeclaredAlignment, 16);
  return std::max(Natural, unsigned(Declared));
}

bool mergesWithNext(const SharedArrayLayout &XLayout, const AccessInstance &X,
                    const SharedArrayLayout &YLayout, const AccessInstance &Y,
                    unsigned BaseWidth, const std::vector<BlockShape> &Shapes) {
  return &XLayout == &YLayout && !X.Range && !Y.Range &&
         2 * X.Desc.Width <= startAlignment(XLayout) &&
         X.Desc.Width == Y.Desc.Width && X.Desc.Kind == Y.Desc.Kind &&
         2 * X.Desc.Width <= widestMerge(XLayout, BaseWidth) &&
         sameGuard(X.Desc.Guard, Y.Desc.Guard) &&
         adjacentInEveryLane(XLayout, X, YLayout, Y, Shapes);
}

std::vector<std::vector<MergeCandidate *>>
straightLineRuns(std::vector<MergeCandidate> &Candidates) {
  std::map<std::pair<unsigned, unsigned>, std::vector<MergeCandidate *>> Runs;
  for (MergeCandidate &C : Candidates)
    if (!C.Instance->MergedAway)
      Runs[{C.Group, C.Instance->Region}].push_back(&C);
  std::vector<std::vector<MergeCandidate *>> Out;
  for (auto &[Key, Run] : Runs) {
    std::stable_sort(Run.begin(), Run.end(),
                     [](const MergeCandidate *A, const MergeCandidate *B) {
                       return A->Instance->Sequence < B->Instance->Sequence;
                     });
    Out.push_back(std::move(Run));
  }
  return Out;
}

void mergeAdjacentAccesses(std::vector<MergeCandidate> &Candidates,
                           const std::vector<BlockShape> &Shapes) {
  std::vector<std::vector<MergeCandidate *>> Runs =
      straightLineRuns(Candidates);
  // In a loop compiled once, a pair of one iteration merges only when it
  // does in every iteration.
  std::set<VetoKey> Vetoed;
  for (std::vector<MergeCandidate *> &Run : Runs) {
    RunMerger Merger(Run, Shapes, Vetoed);
    for (const std::vector<Unit> &Chain : Merger.chains())
      for (size_t I = 0; I + 1 < Chain.size(); ++I) {
        const AccessInstance &X = *Chain[I].Keep->Instance;
        std::string Why;
        if (!X.CompiledOnce.empty() &&
            X.CompiledOnce == Chain[I + 1].Keep->Instance->CompiledOnce &&
            Merger.decide(Chain[I], Chain[I + 1], Why) == Decision::Never)
          Vetoed.insert(RunMerger::vetoKey(Chain[I], Chain[I + 1]));
      }
  }
  for (std::vector<MergeCandidate *> &Run : Runs) {
    markReusedLoads(Run, Shapes);
    // The loads reused make no access: they are not between others.
    Run.erase(std::remove_if(Run.begin(), Run.end(),
                             [](const MergeCandidate *C) {
                               return C->Instance->MergedAway;
                             }),
              Run.end());
    RunMerger Merger(Run, Shapes, Vetoed);
    for (std::vector<Unit> &Chain : Merger.chains())
      mergeChain(Merger, std::move(Chain));
    markContainedLoads(Run, Shapes);
  }
  markRuntimeUnrolling(Candidates, Shapes);
}

} // namespace bankfix
