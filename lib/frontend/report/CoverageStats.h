// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CoverageStats.h - What was found, judged and not judged ------------===//
//
// A user must see what bankfix could not cover instead of silence: per
// file, the shared accesses found (each counted once, whatever its block
// shapes), how many were judged for every shape, how many conflict, and
// how many could not be judged, and where the block shapes of the judged
// ones came from (`--access-stats`, and the JSON summary).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_COVERAGESTATS_H
#define BANKFIX_COVERAGESTATS_H

#include "core/result/AccessRecord.h"

#include <string>
#include <vector>

namespace bankfix {

struct Coverage {
  unsigned Found = 0, Judged = 0, Conflicting = 0, NotJudged = 0;
  /// Of the judged: those whose numbers are a worst case over values that
  /// are not known, not exact.
  unsigned WorstCase = 0;
  /// Of the judged, by where their block shapes came from (the least sure
  /// of an access's shapes counts): launches in the code, --block-dim or a
  /// configuration file, none but the result holds for any block, assumed.
  unsigned ShapeFromLaunch = 0, ShapeFromOption = 0, ShapeAnyBlock = 0,
           ShapeAssumed = 0;
};

/// The coverage of \p Records (one per access and block shape).
Coverage coverageOf(const std::vector<AccessRecord> &Records);

/// "bankfix: FILE: 12 shared accesses found, 11 judged (3 conflicting, 2
/// as a worst case), 1 not judged; block shapes: 8 from launches, 2 for
/// any block, 1 assumed".
std::string coverageLine(const std::string &File, const Coverage &C);

} // namespace bankfix

#endif // BANKFIX_COVERAGESTATS_H
