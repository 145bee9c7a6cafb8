//===- PaddingPlanner.h - The padding of a shared array that helps most ---===//
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

struct AccessChange {
  std::string Label;
  uint64_t Before = 0, After = 0; ///< wavefronts per block, all shapes
};

struct PaddingPlan {
  /// Empty when a plan could be made; otherwise why not (an access that
  /// cannot be judged, a one-dimensional array).
  std::string WhyNot;
  unsigned Pad = 0; ///< elements to add to the innermost dimension; 0: none
  uint64_t Before = 0, After = 0;  ///< wavefronts per block over all accesses
  std::vector<AccessChange> Worse; ///< accesses the plan makes worse
};

/// Paddings worth trying for elements of \p ElementSize bytes: those that
/// shift a row by up to 128 bytes (the 32 banks).
unsigned maxUsefulPadding(uint64_t ElementSize);

PaddingPlan planPadding(const std::vector<PlannedLayout> &Layouts);

} // namespace bankfix

#endif // BANKFIX_PADDINGPLANNER_H
