// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopMerging.h - Whether nvcc may merge a loop's executions ---------===//
//
// An instance that stands for all the iterations of a loop (IterationRange)
// is judged without its executions one by one; nvcc could still merge one
// of them with the next (`s[2*j]` then `s[2*j+1]` of one thread, in
// consecutive iterations or in one), or reuse the value one loaded or
// stored (`t[y + d][x]` and `t[y][x + d]` at d = 0). This finds the loops
// where that may
// happen, trying every pair of the loop's executions that may follow each
// other in one straight line: within one iteration, across two, and with
// the accesses just before and after the loop. Over one period of the
// accesses' bank patterns (the addresses then move by the same amount:
// what merges in iteration k merges in k + period), or over every
// iteration of a short loop. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LOOPMERGING_H
#define BANKFIX_LOOPMERGING_H

#include "core/codegen/AccessMerging.h"

#include <set>

namespace bankfix {

/// The loops among \p Candidates' instances of which nvcc may merge an
/// execution with a neighbour or reuse a value (or where that cannot be
/// ruled out).
std::set<const IterationRange *>
loopsThatMayMerge(std::vector<MergeCandidate> &Candidates,
                  const std::vector<BlockShape> &Shapes);

} // namespace bankfix

#endif // BANKFIX_LOOPMERGING_H
