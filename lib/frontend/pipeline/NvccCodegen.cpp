// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NvccCodegen.cpp - The instructions nvcc makes of the accesses ------===//

#include "frontend/pipeline/NvccCodegen.h"

#include "core/codegen/AccessMerging.h"
#include "core/codegen/LoopMerging.h"
#include "core/codegen/MemberReload.h"
#include "frontend/report/SourcePlace.h"

#include "clang/Basic/SourceManager.h"

#include <set>
#include <tuple>

using namespace clang;

namespace bankfix {

namespace {

using MergeCandidates =
    std::map<const FunctionDecl *, std::vector<MergeCandidate>>;

/// The executions of each function's shared accesses, those nvcc may
/// merge and those between them, and the shapes each function is analysed
/// with.
MergeCandidates mergeCandidates(
    ASTContext &Ctx, SharedAccesses &Found,
    const std::vector<std::vector<BlockShapeChoice>> &Choices,
    std::map<const FunctionDecl *, std::vector<BlockShape>> &ShapesOf) {
  // Each walk's executions (one per shape and set of parameter values)
  // are merged among themselves.
  using GroupKey = std::pair<const FunctionDecl *, BlockShape>;
  MergeCandidates PerFunction;
  std::map<GroupKey, unsigned> Groups;
  const SourceManager &SM = Ctx.getSourceManager();
  for (size_t I = 0; I < Found.Accesses.size(); ++I) {
    FoundAccess &A = Found.Accesses[I];
    bool Mergeable = A.Unsupported.empty() && !A.Volatile &&
                     A.Instruction.empty() && A.Kind != AccessKind::Atomic;
    std::vector<BlockShape> &Shapes = ShapesOf[A.Function];
    if (Shapes.empty())
      Shapes = shapesOf(Choices[I], /*WithProbes=*/false);
    std::string Label = std::string(accessKindName(A.Kind)) + " at " +
                        lineColumn(SM, A.Expr->getBeginLoc());
    for (AccessInstance &Instance : A.Instances) {
      GroupKey Key{A.Function,
                   Instance.OnlyForShape.value_or(BlockShape{{0, 0, 0}})};
      unsigned Group = Groups.try_emplace(Key, Groups.size()).first->second;
      PerFunction[A.Function].push_back(
          {&Instance, &A.Array->Layout, Group, Mergeable, Label, A.Expr});
    }
  }
  return PerFunction;
}

/// Straight-line regions of the unfolded iterations: the loop's body was
/// walked once, so its regions stand for every iteration's; an unrolled
/// walk gives each iteration regions of its own, the last of iteration k
/// being the first of k + 1, the first of iteration 0 the one before the
/// loop and the last of the last iteration the one after it.
class IterationRegions {
public:
  explicit IterationRegions(unsigned Next) : Next(Next) {}

  unsigned of(const IterationRange &R, uint64_t K, unsigned Region) {
    if (R.FirstRegion == R.LastRegion)
      return Region;
    if (Region == R.LastRegion && K + 1 < R.Count) {
      ++K;
      Region = R.FirstRegion;
    }
    if ((K == 0 && Region == R.FirstRegion) ||
        (K + 1 == R.Count && Region == R.LastRegion))
      return Region;
    auto [It, New] = Fresh.try_emplace({&R, K, Region}, Next);
    if (New)
      ++Next;
    return It->second;
  }

private:
  unsigned Next;
  std::map<std::tuple<const IterationRange *, uint64_t, unsigned>, unsigned>
      Fresh;
};

/// \p Loop's instance \p I as one instance per iteration, as an unrolled
/// walk makes them.
void unfoldLoop(const AccessInstance &I, std::vector<AccessInstance> &Out,
                std::vector<std::tuple<unsigned, uint64_t, unsigned>> &Keys,
                unsigned LoopStart, IterationRegions &Regions) {
  const IterationRange &R = *I.Range;
  for (uint64_t K = 0; K < R.Count; ++K) {
    AccessInstance E = I;
    E.Desc = R.accessAt(I.Desc, K);
    E.Iteration = R.label(K);
    E.Region = Regions.of(R, K, I.Region);
    E.Range.reset();
    // A loop nvcc keeps: what merges in one iteration must in every one.
    if (R.CompiledOnce)
      E.CompiledOnce.push_back({&R, unsigned(K)});
    Out.push_back(std::move(E));
    Keys.push_back({LoopStart, K, I.Sequence});
  }
}

/// The instances of \p F's loops in \p Loops unfolded into one per
/// iteration (with their executions numbered in the order they run), or,
/// for a loop too long for that, not judged.
void unfoldLoops(SharedAccesses &Found, const FunctionDecl *F,
                 const std::set<const IterationRange *> &Loops) {
  std::map<const IterationRange *, unsigned> LoopStart;
  unsigned LastRegion = 0;
  for (FoundAccess &A : Found.Accesses)
    if (A.Function == F)
      for (const AccessInstance &I : A.Instances)
        LastRegion = std::max(LastRegion, I.Region);
  IterationRegions Regions(LastRegion + 1);
  for (FoundAccess &A : Found.Accesses)
    if (A.Function == F)
      for (const AccessInstance &I : A.Instances)
        if (I.Range && Loops.count(I.Range.get())) {
          auto [It, New] = LoopStart.try_emplace(I.Range.get(), I.Sequence);
          It->second = std::min(It->second, I.Sequence);
        }
  // Sequence numbers: (first of the loop, iteration, own) for an unfolded
  // execution, (own, 0, own) for the others.
  std::vector<std::pair<std::tuple<unsigned, uint64_t, unsigned>,
                        std::pair<size_t, size_t>>>
      Order;
  for (size_t AI = 0; AI < Found.Accesses.size(); ++AI) {
    FoundAccess &A = Found.Accesses[AI];
    if (A.Function != F)
      continue;
    std::vector<AccessInstance> New;
    std::vector<std::tuple<unsigned, uint64_t, unsigned>> Keys;
    for (AccessInstance &I : A.Instances) {
      if (!I.Range || !Loops.count(I.Range.get())) {
        New.push_back(I);
        Keys.push_back({I.Sequence, 0, I.Sequence});
      } else if (I.Range->Count <= MaxIterationsOneByOne) {
        unfoldLoop(I, New, Keys, LoopStart[I.Range.get()], Regions);
      } else {
        auto R = std::make_shared<IterationRange>(*I.Range);
        R->Unfollowed =
            (R->CompiledOnce
                 ? "nvcc may merge its accesses within some of its " +
                       std::to_string(R->Count) + " iterations"
                 : "nvcc may merge some of its " + std::to_string(R->Count) +
                       " iterations with their neighbours") +
            ", and bankfix follows such merges over " +
            std::to_string(MaxIterationsOneByOne) + " iterations at most";
        New.push_back(I);
        New.back().Range = std::move(R);
        Keys.push_back({I.Sequence, 0, I.Sequence});
      }
    }
    A.Instances = std::move(New);
    for (size_t II = 0; II < Keys.size(); ++II)
      Order.push_back({Keys[II], {AI, II}});
  }
  std::stable_sort(
      Order.begin(), Order.end(),
      [](const auto &X, const auto &Y) { return X.first < Y.first; });
  for (size_t N = 0; N < Order.size(); ++N)
    Found.Accesses[Order[N].second.first]
        .Instances[Order[N].second.second]
        .Sequence = unsigned(N);
}

/// Keeps \p F's executions as they are before the merges (\p Candidates)
/// for the fix planners, and tells each of its accesses which they are.
void keepUncompiledRun(SharedAccesses &Found, const FunctionDecl *F,
                       const std::vector<MergeCandidate> &Candidates,
                       const std::vector<BlockShape> &Shapes) {
  auto Run = std::make_unique<UncompiledRun>();
  Run->Shapes = Shapes;
  std::map<const AccessInstance *, size_t> Position;
  for (const MergeCandidate &C : Candidates) {
    Position[C.Instance] = Run->Executions.size();
    Run->Executions.push_back(
        {*C.Instance, C.Layout, C.Group, C.Mergeable, C.Label, C.Expression});
  }
  for (FoundAccess &A : Found.Accesses) {
    if (A.Function != F)
      continue;
    A.Run = Run.get();
    A.RunExecutions.clear();
    for (const AccessInstance &I : A.Instances)
      A.RunExecutions.push_back(Position.at(&I));
  }
  Found.Runs.push_back(std::move(Run));
}

/// Marks the executions nvcc merges into one wider access, function by
/// function, over the function's block shapes. A loop's instance that
/// stands for all its iterations is unfolded first where nvcc may merge
/// one of them.
void mergeAdjacent(ASTContext &Ctx, SharedAccesses &Found,
                   const std::vector<std::vector<BlockShapeChoice>> &Choices) {
  std::map<const FunctionDecl *, std::vector<BlockShape>> ShapesOf;
  MergeCandidates PerFunction = mergeCandidates(Ctx, Found, Choices, ShapesOf);
  bool Unfolded = false;
  for (auto &[F, Candidates] : PerFunction) {
    std::set<const IterationRange *> Loops =
        loopsThatMayMerge(Candidates, ShapesOf[F]);
    if (!Loops.empty()) {
      unfoldLoops(Found, F, Loops);
      Unfolded = true;
    }
  }
  if (Unfolded)
    PerFunction = mergeCandidates(Ctx, Found, Choices, ShapesOf);
  for (auto &[F, Candidates] : PerFunction) {
    keepUncompiledRun(Found, F, Candidates, ShapesOf[F]);
    mergeAdjacentAccesses(Candidates, ShapesOf[F]);
  }
}

/// Whether \p A is a load of \p Width bytes that may take part in
/// MemberReload.h's split.
bool mayReload(const FoundAccess &A, unsigned Width) {
  return A.Unsupported.empty() && !A.Volatile && A.Instruction.empty() &&
         A.Kind == AccessKind::Load && !A.Instances.empty() &&
         A.Instances.front().Desc.Width == Width;
}

/// Marks as not judged the 16-byte loads that nvcc splits after a load of
/// their element's third member, and the member loads it widens
/// (MemberReload.h): the latest such member load before the whole load's
/// first execution, when no whole load of the element comes between.
void markMemberReloads(
    ASTContext &Ctx, SharedAccesses &Found,
    const std::vector<std::vector<BlockShapeChoice>> &Choices) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::pair<FoundAccess *, std::string>> Marks;
  for (size_t W = 0; W < Found.Accesses.size(); ++W) {
    FoundAccess &Whole = Found.Accesses[W];
    if (!mayReload(Whole, 16) || Whole.Instances.front().MergedAway)
      continue;
    const AccessInstance &WI = Whole.Instances.front();
    const SharedArrayLayout &Layout = Whole.Array->Layout;
    std::vector<BlockShape> Shapes = shapesOf(Choices[W], /*WithProbes=*/false);
    // The executions of Width-byte loads of the array between After and
    // the whole load.
    auto Between = [&](unsigned Width, const AccessInstance *After,
                       auto &&Visit) {
      for (FoundAccess &A : Found.Accesses)
        if (mayReload(A, Width) && A.Function == Whole.Function &&
            A.Array == Whole.Array)
          for (const AccessInstance &I : A.Instances)
            if (!I.MergedAway && I.Sequence < WI.Sequence &&
                (!After || I.Sequence > After->Sequence))
              Visit(A, I);
    };
    FoundAccess *Member = nullptr;
    const AccessInstance *MI = nullptr;
    Between(4, nullptr, [&](FoundAccess &A, const AccessInstance &I) {
      if ((!MI || I.Sequence > MI->Sequence) &&
          readsThirdWordOf(Layout, I, WI, Shapes)) {
        Member = &A;
        MI = &I;
      }
    });
    if (!MI)
      continue;
    bool WholeBetween = false;
    Between(16, MI, [&](FoundAccess &, const AccessInstance &I) {
      WholeBetween = WholeBetween || readsThirdWordOf(Layout, *MI, I, Shapes);
    });
    if (WholeBetween)
      continue;
    if (MI->Region == WI.Region)
      Marks.emplace_back(Member,
                         "nvcc loads it with the last member of the element, "
                         "which the 16-byte load at " +
                             lineColumn(SM, Whole.Expr->getBeginLoc()) +
                             " reads next, as one 8-byte load");
    else
      Marks.emplace_back(&Whole,
                         "after the load of its bytes 8 to 11 at " +
                             lineColumn(SM, Member->Expr->getBeginLoc()) +
                             ", nvcc loads its bytes 12 to 15 again beside "
                             "the 16-byte load (LDS.128 and LDS)");
  }
  // Marked once all are decided: a marked load still counts as between.
  for (auto &[Access, Why] : Marks)
    Access->Unsupported = std::move(Why);
}

/// Whether \p Desc conflicts for some shape of \p Shapes.
bool conflicts(const SharedArrayLayout &Layout, const SharedAccessDesc &Desc,
               const std::vector<BlockShape> &Shapes) {
  for (const BlockShape &Shape : Shapes) {
    AccessEvaluation E = evaluateAccess(Layout, Desc, Shape);
    if (!E.judged() || (!E.Warps.empty() && E.worst().hasConflict()))
      return true;
  }
  return false;
}

/// An access that nvcc may or may not merge with a neighbour is judged
/// when neither way conflicts (the counts are then the same); otherwise it
/// is not judged, with the reason.
void settleUncertainMerges(
    SharedAccesses &Found,
    const std::vector<std::vector<BlockShapeChoice>> &Choices) {
  for (size_t I = 0; I < Found.Accesses.size(); ++I) {
    FoundAccess &A = Found.Accesses[I];
    if (!A.Unsupported.empty())
      continue;
    std::vector<BlockShape> Shapes = shapesOf(Choices[I], /*WithProbes=*/false);
    const SharedArrayLayout &Layout = A.Array->Layout;
    for (const AccessInstance &Instance : A.Instances)
      if (!Instance.UncertainMerge.empty() &&
          (conflicts(Layout, Instance.Desc, Shapes) ||
           conflicts(Layout, *Instance.UncertainWide, Shapes))) {
        A.Unsupported = Instance.UncertainMerge;
        break;
      }
  }
}

} // namespace

void compileAccesses(
    ASTContext &Ctx, SharedAccesses &Found,
    const std::vector<std::vector<BlockShapeChoice>> &Choices) {
  mergeAdjacent(Ctx, Found, Choices);
  settleUncertainMerges(Found, Choices);
  markMemberReloads(Ctx, Found, Choices);
}

} // namespace bankfix
