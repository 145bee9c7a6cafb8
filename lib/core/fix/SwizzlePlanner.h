// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SwizzlePlanner.h - The XOR swizzle of a shared tile that helps most-===//
//
// The second fix style for a multi-dimensional array, with no extra
// memory: `t[r][c]` becomes `t[r][c ^ (r % Rows * K)]` (ColumnSwizzle.h).
// Tries every granule from the widest access up (a swizzle must not split
// a vector access, so float4 rows keep 16-byte granules) and every number
// of masks up to the 32 banks, re-runs every access of the array for every
// block shape under each, and keeps the fewest wavefronts per block in
// total (the finer granule and the fewer masks among equals). Needs a row
// of a power-of-two multiple of Granule * Rows bytes. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SWIZZLEPLANNER_H
#define BANKFIX_SWIZZLEPLANNER_H

#include "core/fix/FixPlan.h"
#include "core/fix/PaddingPlanner.h"

#include <vector>

namespace bankfix {

/// The widest access of \p Layouts (merged, vector or through a cast), in
/// bytes: the smallest granule a swizzle may use.
uint64_t widestAccess(const std::vector<PlannedLayout> &Layouts);

/// An XorSwizzle plan (Plan.Swizzle) of granules of at least
/// \p MinGranule bytes (the vector a row is cast to, when nvcc narrowed
/// its load); WhyNot when the array's rows do not allow one.
FixPlan planSwizzle(const std::vector<PlannedLayout> &Layouts,
                    uint64_t MinGranule = 0);

} // namespace bankfix

#endif // BANKFIX_SWIZZLEPLANNER_H
