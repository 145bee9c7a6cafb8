// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IterationPeriod.h - After how many iterations an access repeats ----===//
//
// An access in a loop whose variables step by a constant (IterationRange)
// often repeats its bank pattern: `t[ty][(tx * 3 + j) % 64]` every 64
// iterations, `t[j][tx]` of a row of 128 bytes every iteration. This finds
// such a period from the index expressions alone: each expression is shown
// to take, in iteration k + P, its value of iteration k plus a constant D
// (the same for every lane), for every k from 1 on, with no value leaving
// its C type on the way (interval bounds over the lanes of the block and
// the iterations); `% c`, `/ c`, `& m`, `>> c` of such a value, with the
// sign that C's division needs, have longer periods. Where the address
// moves by a multiple of 128 bytes per period (32 banks of 4 bytes), every
// warp's bank pattern and wavefronts repeat: the period of the pattern.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ITERATIONPERIOD_H
#define BANKFIX_ITERATIONPERIOD_H

#include "core/access/IterationRange.h"

#include <optional>

namespace bankfix {

struct IterationPattern {
  /// Iteration k + Period (k >= 1) has the active lanes of iteration k, and
  /// each lane's byte address moved by Drift bytes (a multiple of 128).
  uint64_t Period = 1;
  __int128 Drift = 0;
  /// Some index may leave the array's bounds in a later period (a problem
  /// in that iteration and the ones after it of its residue).
  bool MayLeaveBounds = false;
};

/// The pattern of \p Access (which names the stepping variables of
/// \p Range) into \p Array for block \p Shape over the iterations 1 ..
/// Count - 1; nullopt when no period can be shown, or \p Range is a nest.
std::optional<IterationPattern> iterationPattern(const SharedArrayLayout &Array,
                                                 const SharedAccessDesc &Access,
                                                 const IterationRange &Range,
                                                 const BlockShape &Shape);

/// The same over the iterations 1 .. levelCount(Level) - 1 of loop
/// \p Level of the nest \p Range, the other loops' iterations held (the
/// pattern holds whichever they are).
std::optional<IterationPattern> levelPattern(const SharedArrayLayout &Array,
                                             const SharedAccessDesc &Access,
                                             const IterationRange &Range,
                                             unsigned Level,
                                             const BlockShape &Shape);

} // namespace bankfix

#endif // BANKFIX_ITERATIONPERIOD_H
