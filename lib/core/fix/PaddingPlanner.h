// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PaddingPlanner.h - The row padding of a shared array that helps most
//===//
//
// Tries paddings of an array's innermost dimension (0 up to 128 bytes' worth
// of elements) and re-runs the evaluation of every access of the array, for
// every block shape it is analysed with; an access in a loop counts once
// per iteration. The plan is the padding with the fewest wavefronts per
// block in total, the smallest among equals; no padding when none lowers
// the total. Rows read as vectors grow by whole vectors. Accesses that get
// worse under the plan are listed. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_PADDINGPLANNER_H
#define BANKFIX_PADDINGPLANNER_H

#include "core/access/AccessSummary.h"
#include "core/codegen/AccessMerging.h"
#include "core/fix/FixPlan.h"
#include "core/fix/FixSearch.h"

#include <functional>
#include <string>
#include <vector>

namespace bankfix {

/// One access of the array and the shapes it is analysed with.
struct PlannedAccess {
  const std::vector<AccessInstance> *Instances = nullptr;
  JudgedShapes Shapes;
  std::string Label; ///< names the access in notes: "load at 12:5"
  /// Its function's executions before the compiler's merges, and which of
  /// them are its Instances: a changed layout is compiled from them again.
  /// Null where not known (the Instances then keep their merges).
  const UncompiledRun *Run = nullptr;
  std::vector<size_t> Executions;
};

/// One layout of the array (a template's array has one per instantiation)
/// and the accesses made through it.
struct PlannedLayout {
  SharedArrayLayout Layout;
  std::vector<PlannedAccess> Accesses;
  /// The layout the accesses' UncompiledRun names the array by.
  const SharedArrayLayout *Original = nullptr;
};

/// The labels of the accesses of \p Layouts, in order.
std::vector<std::string>
plannedLabels(const std::vector<PlannedLayout> &Layouts);

/// The wavefronts per block of each access of \p Layouts (in order), each
/// layout first changed by \p Change and its accesses compiled again for
/// it (the merges nvcc makes depend on the rows' alignment); \p AsIs for
/// the layout as it is (accessWavefronts). False with \p Problem naming the
/// access that cannot be judged. Shared by the tile planners (padding,
/// swizzle).
bool plannedTotals(const std::vector<PlannedLayout> &Layouts,
                   const std::function<void(SharedArrayLayout &)> &Change,
                   bool AsIs, CandidateTotals &Totals, std::string &Problem,
                   WorstCaseValues &Worst);

/// Paddings worth trying for elements of \p ElementSize bytes: those that
/// shift a row by up to 128 bytes (the 32 banks).
unsigned maxUsefulPadding(uint64_t ElementSize);

/// A RowPadding plan: Pad elements added to the innermost extent, a
/// multiple of \p RowAlign bytes (the widest vector a row is cast to and
/// read as: `((float4 *)t[r])[q]` keeps 16-byte alignment only when rows
/// grow by whole float4s). Accesses through a pointer move with the row
/// they name (SharedArrayLayout::WrittenRowBytes).
FixPlan planPadding(const std::vector<PlannedLayout> &Layouts,
                    uint64_t RowAlign = 0);

} // namespace bankfix

#endif // BANKFIX_PADDINGPLANNER_H
