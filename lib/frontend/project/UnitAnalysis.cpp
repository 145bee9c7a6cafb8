//===- UnitAnalysis.cpp - Every shared access of a translation unit, judged =//

#include "frontend/project/UnitAnalysis.h"

#include "core/expr/AccessMerging.h"
#include "frontend/analysis/LaunchSites.h"
#include "frontend/report/SourcePlace.h"

#include "clang/Basic/SourceManager.h"

#include <tuple>

using namespace clang;

namespace bankfix {

namespace {

/// Marks the executions nvcc merges into one wider access, function by
/// function, over the function's block shapes.
void mergeAdjacent(ASTContext &Ctx, SharedAccesses &Found,
                   const std::vector<std::vector<BlockShapeChoice>> &Choices) {
  using GroupKey = std::tuple<const FunctionDecl *, const SharedArray *,
                              unsigned, std::array<unsigned, 3>>;
  std::map<const FunctionDecl *, std::vector<MergeCandidate>> PerFunction;
  std::map<const FunctionDecl *, std::vector<BlockShape>> ShapesOf;
  std::map<GroupKey, unsigned> Groups;
  const SourceManager &SM = Ctx.getSourceManager();
  for (size_t I = 0; I < Found.Accesses.size(); ++I) {
    FoundAccess &A = Found.Accesses[I];
    if (!A.Unsupported.empty() || A.Volatile)
      continue;
    std::vector<BlockShape> &Shapes = ShapesOf[A.Function];
    if (Shapes.empty())
      for (const BlockShapeChoice &C : Choices[I])
        Shapes.push_back(C.Shape);
    std::string Label = std::string(accessKindName(A.Kind)) + " at " +
                        lineColumn(SM, A.Expr->getBeginLoc());
    for (AccessInstance &Instance : A.Instances) {
      GroupKey Key{
          A.Function, A.Array, unsigned(A.Kind),
          Instance.OnlyForBlockDim.value_or(std::array<unsigned, 3>{0, 0, 0})};
      unsigned Group = Groups.try_emplace(Key, Groups.size()).first->second;
      PerFunction[A.Function].push_back(
          {&Instance, &A.Array->Layout, Group, Label, A.Expr});
    }
  }
  for (auto &[F, Candidates] : PerFunction)
    mergeAdjacentAccesses(Candidates, ShapesOf[F]);
}

} // namespace

/// Whether the reporter warns about \p Summary.
bool warns(const AccessSummary &Summary) {
  return Summary.judged() && Summary.runs() &&
         Summary.worst().worst().hasConflict();
}

/// For an access to a member of a struct element, the same access on an
/// array of the member's type alone (is the struct making it worse?).
std::optional<PlainElementAlternative>
plainAlternative(ASTContext &Ctx, const FoundAccess &Access,
                 const BlockShape &Shape) {
  const SharedArrayLayout &Layout = Access.Array->Layout;
  if (Access.Instances.empty() || Access.FlatBytes ||
      Access.Instances.front().Desc.Width >= Layout.ElementSize)
    return std::nullopt;
  SharedArrayLayout Plain = Layout;
  Plain.ElementSize = Access.Instances.front().Desc.Width;
  std::vector<AccessInstance> Instances = Access.Instances;
  for (AccessInstance &I : Instances)
    I.Desc.ByteOffset = 0;
  return PlainElementAlternative{
      Access.Expr->getType().getAsString(Ctx.getPrintingPolicy()),
      summarizeAccess(Plain, Instances, Shape)};
}

const ArrayFix *UnitAnalysis::fixOf(const SharedArray *Array) const {
  auto It = FixIndex.find(Array);
  return It == FixIndex.end() ? nullptr : &Fixes[It->second];
}

UnitAnalysis
analyzeUnit(ASTContext &Ctx, const std::vector<BlockDimOption> &BlockDims,
            const std::function<bool(const FunctionDecl &)> &ShouldWalk) {
  UnitAnalysis U;
  std::vector<LaunchSite> Launches = findLaunchSites(Ctx);
  U.Found = findSharedAccesses(
      Ctx,
      [&](const FunctionDecl &F) {
        std::vector<BlockShape> Shapes;
        for (const BlockShapeChoice &C :
             chooseBlockShapes(F, Launches, BlockDims))
          Shapes.push_back(C.Shape);
        return Shapes;
      },
      ShouldWalk);
  size_t N = U.Found.Accesses.size();
  U.Choices.resize(N);
  U.Summaries.resize(N);
  for (size_t I = 0; I < N; ++I)
    if (U.Found.Accesses[I].Unsupported.empty())
      U.Choices[I] =
          chooseBlockShapes(*U.Found.Accesses[I].Function, Launches, BlockDims);
  mergeAdjacent(Ctx, U.Found, U.Choices);

  std::vector<std::vector<BlockShape>> Shapes(N);
  std::vector<bool> Conflicting(N, false);
  for (size_t I = 0; I < N; ++I) {
    const FoundAccess &Access = U.Found.Accesses[I];
    for (const BlockShapeChoice &Block : U.Choices[I]) {
      U.Summaries[I].push_back(
          summarizeAccess(Access.Array->Layout, Access.Instances, Block.Shape));
      Shapes[I].push_back(Block.Shape);
      Conflicting[I] = Conflicting[I] || warns(U.Summaries[I].back());
    }
  }
  U.Fixes = planArrayFixes(Ctx, U.Found, Shapes, Conflicting, Launches);
  for (size_t F = 0; F < U.Fixes.size(); ++F)
    for (const SharedArray *A : U.Fixes[F].Arrays)
      U.FixIndex[A] = F;
  return U;
}

} // namespace bankfix
