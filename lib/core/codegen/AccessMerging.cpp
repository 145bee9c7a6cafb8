//===- AccessMerging.cpp - Adjacent accesses nvcc merges into one ---------===//

#include "core/codegen/AccessMerging.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace bankfix {

namespace {

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
/// into one whose alignment modulo 16 is the address's in shared memory.
uint64_t alignmentShift(const SharedArrayLayout &L) {
  uint64_t Start = L.StartModulo16.value_or(0);
  return Start - Start % BankWidthBytes;
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
  if (!Layout.BaseOffset)
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
        2 * I.Desc.Width > widestMerge(I.Desc.Width))
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
        2 * X.Desc.Width > widestMerge(U.BaseWidth))
      return Decision::Never;
    const SharedArrayLayout &XL = *U.Keep->Layout, &YL = *V.Keep->Layout;
    bool Forward = mergesWithNext(XL, X, YL, Y, U.BaseWidth, Shapes);
    if (!Forward && !mergesWithNext(YL, Y, XL, X, U.BaseWidth, Shapes))
      return Decision::Never;
    if (Reversed)
      *Reversed = !Forward;
    if (!XL.StartModulo16) {
      Why = "where '" + XL.Name +
            "' starts, which decides its alignment, "
            "is not known";
      return Decision::Uncertain;
    }
    if (X.CompiledOnce != Y.CompiledOnce) {
      Why = "nvcc compiles the loop around them once, and may or may not "
            "merge consecutive iterations";
      return Decision::Uncertain;
    }
    if (!X.CompiledOnce.empty() && Vetoed.count(vetoKey(U, V)))
      return Decision::Never;
    if (Between == Decision::Uncertain)
      return Decision::Uncertain;
    if (X.SoftRegion != Y.SoftRegion) {
      Why = Y.SoftBreak;
      return Decision::Uncertain;
    }
    return Decision::Merges;
  }

  static VetoKey vetoKey(const Unit &U, const Unit &V) {
    return {U.Keep->Expression, V.Keep->Expression, loopsOf(*U.Keep->Instance)};
  }

private:
  /// What lies between \p U and \p V in the run: a load merges across
  /// loads, not across a store; a store across nothing of its array and no
  /// store; a load of another array between stores may or may not stop it.
  Decision between(const Unit &U, const Unit &V, std::string &Why) const {
    bool Store = U.Keep->Instance->Desc.Kind == AccessKind::Store;
    Decision D = Decision::Merges;
    for (size_t P = U.Last + 1; P < V.First; ++P) {
      const MergeCandidate &C = *Run[P];
      bool OtherStore = C.Instance->Desc.Kind == AccessKind::Store;
      if (OtherStore || !C.Mergeable || (Store && C.Layout == U.Keep->Layout))
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
      // A store to another array does not change this one.
      if (Same || (Store && X.Layout == Y.Layout))
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
}

} // namespace

unsigned widestMerge(unsigned Width) {
  return Width == 1 ? 1 : Width == 2 ? 8 : std::max(Width, 16u);
}

bool mergesWithNext(const SharedArrayLayout &XLayout, const AccessInstance &X,
                    const SharedArrayLayout &YLayout, const AccessInstance &Y,
                    unsigned BaseWidth, const std::vector<BlockShape> &Shapes) {
  return &XLayout == &YLayout && !X.Range && !Y.Range &&
         X.Desc.Width == Y.Desc.Width && X.Desc.Kind == Y.Desc.Kind &&
         2 * X.Desc.Width <= widestMerge(BaseWidth) &&
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
  }
  markRuntimeUnrolling(Candidates, Shapes);
}

} // namespace bankfix
