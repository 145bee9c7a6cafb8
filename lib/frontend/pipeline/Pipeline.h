// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Pipeline.h - Every shared access of a translation unit, judged -----===//
//
// What bankfix and its clang-tidy check share, from a parsed translation
// unit to the judgements they report: the shared accesses found, the block
// shapes of each (launch sites, --block-dim), the merges nvcc makes, each
// access summarised for each of its shapes, and the padding fix (or why
// none) of every conflicting array.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_PIPELINE_H
#define BANKFIX_PIPELINE_H

#include "frontend/analysis/BlockShapeChoice.h"
#include "frontend/analysis/LaunchOverruns.h"
#include "frontend/analysis/SharedAccessFinder.h"
#include "frontend/fix/ArrayFixes.h"
#include "frontend/report/ConflictReporter.h"

#include <map>
#include <optional>
#include <vector>

namespace bankfix {

struct PipelineResult {
  SharedAccesses Found;
  /// Per access of Found (empty for an unsupported one): its shapes and
  /// its summary for each.
  std::vector<std::vector<BlockShapeChoice>> Choices;
  std::vector<std::vector<AccessSummary>> Summaries;
  std::vector<ArrayFix> Fixes;
  /// The unit's launches, and those that give an extern buffer fewer
  /// bytes than its accesses reach.
  std::vector<LaunchSite> Launches;
  std::vector<LaunchOverrun> Overruns;

  /// The fix (or refusal) of \p Array's declaration, when it conflicts.
  const ArrayFix *fixOf(const SharedArray *Array) const;

private:
  friend PipelineResult
  runPipeline(clang::ASTContext &, const std::vector<BlockDimOption> &,
              const LaunchScope *,
              const std::function<bool(const clang::FunctionDecl &)> &,
              FixStyleChoice, const ForeignLaunches *, bool, bool);
  std::map<const SharedArray *, size_t> FixIndex;
};

/// \p Scope: which files' launches the run sees (LaunchScope.h; null: this
/// file alone, as clang-tidy checks it). \p ShouldWalk, when given, may
/// leave device functions out (see findSharedAccesses); \p Styles: the fix
/// styles a tile may get; \p Foreign: the launches the other files of the
/// run make of the kernels defined here (null: none); \p LibraryCode:
/// follow shared memory into system headers (--no-system-headers clears
/// it); \p PlanFixes: plan the fixes (a trial of a changed file judges
/// its accesses only, NamedConstantFix.h).
PipelineResult runPipeline(
    clang::ASTContext &Ctx, const std::vector<BlockDimOption> &BlockDims,
    const LaunchScope *Scope,
    const std::function<bool(const clang::FunctionDecl &)> &ShouldWalk = {},
    FixStyleChoice Styles = FixStyleChoice::Auto,
    const ForeignLaunches *Foreign = nullptr, bool LibraryCode = true,
    bool PlanFixes = true);

/// Whether the reporter warns about \p Summary.
bool warns(const AccessSummary &Summary);

/// For an access to a member of a struct element, the same access on an
/// array of the member's type alone (is the struct making it worse?).
std::optional<PlainElementAlternative>
plainAlternative(clang::ASTContext &Ctx, const FoundAccess &Access,
                 const BlockShape &Shape);

} // namespace bankfix

#endif // BANKFIX_PIPELINE_H
