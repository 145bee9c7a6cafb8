// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Pipeline.cpp - Every shared access of a translation unit, judged ---===//

#include "frontend/pipeline/Pipeline.h"

#include "core/access/WorkBudget.h"

#include "frontend/analysis/LaunchArguments.h"
#include "frontend/analysis/LaunchSites.h"
#include "frontend/pipeline/NvccCodegen.h"

using namespace clang;

namespace bankfix {

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

const ArrayFix *PipelineResult::fixOf(const SharedArray *Array) const {
  auto It = FixIndex.find(Array);
  return It == FixIndex.end() ? nullptr : &Fixes[It->second];
}

PipelineResult
runPipeline(ASTContext &Ctx, const std::vector<BlockDimOption> &BlockDims,
            const LaunchScope *Scope,
            const std::function<bool(const FunctionDecl &)> &ShouldWalk,
            FixStyleChoice Styles, const ForeignLaunches *Foreign,
            bool LibraryCode, bool PlanFixes) {
  PipelineResult U;
  U.Launches = findLaunchSites(Ctx);
  const std::vector<LaunchSite> &Launches = U.Launches;
  U.Found = findSharedAccesses(
      Ctx,
      [&](const FunctionDecl &F) {
        std::vector<BlockShapeChoice> C =
            choicesWithProbes(F, Launches, BlockDims, Foreign);
        size_t Required = 0;
        while (Required < C.size() && C[Required].Source != ShapeSource::Probe)
          ++Required;
        LaunchArguments Arguments = launchArguments(F, Launches);
        return FunctionShapes{shapesOf(C), Required, Arguments.Values,
                              Arguments.ByShape};
      },
      ShouldWalk, LibraryCode);
  size_t N = U.Found.Accesses.size();
  U.Choices.resize(N);
  U.Summaries.resize(N);
  for (size_t I = 0; I < N; ++I)
    if (U.Found.Accesses[I].Unsupported.empty())
      U.Choices[I] = choicesWithProbes(*U.Found.Accesses[I].Function, Launches,
                                       BlockDims, Foreign);
  // Probes cost a judgement each: only those that can decide.
  for (size_t I = 0; I < N; ++I)
    trimProbes(U.Found.Accesses[I].Instances, U.Choices[I]);
  compileAccesses(Ctx, U.Found, U.Choices);

  for (size_t I = 0; I < N; ++I) {
    const FoundAccess &Access = U.Found.Accesses[I];
    // Every shape and probe of one access share its budget.
    AccessWorkScope Budget(workBudgets().Access);
    for (const BlockShapeChoice &Block : U.Choices[I])
      U.Summaries[I].push_back(
          summarizeAccess(Access.Array->Layout, Access.Instances, Block.Shape));
    // The probes beside an assumed shape say whether it matters; the
    // report and the fixes keep the assumed shape.
    if (Access.Unsupported.empty())
      settleAssumedShape(Access.Array->Layout, Access.Instances, U.Choices[I],
                         U.Summaries[I]);
  }
  std::vector<JudgedShapes> Shapes(N);
  std::vector<bool> Conflicting(N, false);
  for (size_t I = 0; I < N; ++I) {
    Shapes[I].Shapes = shapesOf(U.Choices[I]);
    Shapes[I].AsIs = &U.Summaries[I];
    for (const AccessSummary &S : U.Summaries[I])
      Conflicting[I] = Conflicting[I] || warns(S);
  }
  U.Overruns = findLaunchOverruns(U.Found, U.Choices, U.Summaries, Launches);
  if (!PlanFixes)
    return U;
  U.Fixes = planArrayFixes(Ctx, U.Found, Shapes, Conflicting, Launches, Scope,
                           Styles);
  for (size_t F = 0; F < U.Fixes.size(); ++F)
    for (const SharedArray *A : U.Fixes[F].Arrays)
      U.FixIndex[A] = F;
  return U;
}

} // namespace bankfix
