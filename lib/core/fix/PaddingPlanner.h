//===- PaddingPlanner.h - The row padding of a shared array that helps most
//===//
//
// Tries paddings of an array's innermost dimension (0 up to 128 bytes' worth
// of elements) and re-runs the evaluation of every access of the array, for
// every block shape it is analysed with; an access in a loop counts once
// per iteration. The plan is the padding with the fewest wavefronts per
// block in total, the smallest among equals; no padding when none lowers
// the total. Accesses that get worse under the plan are listed.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_PADDINGPLANNER_H
#define BANKFIX_PADDINGPLANNER_H

#include "core/expr/AccessSummary.h"
#include "core/fix/FixPlan.h"

#include <string>
#include <vector>

namespace bankfix {

/// One access of the array and the shapes it is analysed with.
struct PlannedAccess {
  const std::vector<AccessInstance> *Instances = nullptr;
  std::vector<BlockShape> Shapes;
  std::string Label; ///< names the access in notes: "load at 12:5"
};

/// One layout of the array (a template's array has one per instantiation)
/// and the accesses made through it.
struct PlannedLayout {
  SharedArrayLayout Layout;
  std::vector<PlannedAccess> Accesses;
};

/// Paddings worth trying for elements of \p ElementSize bytes: those that
/// shift a row by up to 128 bytes (the 32 banks).
unsigned maxUsefulPadding(uint64_t ElementSize);

/// A RowPadding plan: Pad elements added to the innermost extent.
FixPlan planPadding(const std::vector<PlannedLayout> &Layouts);

} // namespace bankfix

#endif // BANKFIX_PADDINGPLANNER_H
