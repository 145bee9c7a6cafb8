// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UniformSearch.h - Judge an access over values not known ------------===//
//
// An index or guard that mixes the lane with a warp-uniform value that is
// not known (a kernel parameter, blockIdx, a loop counter over a parameter)
// cannot be evaluated as written. Its outcome depends on that value only
// through a few residues and thresholds, so the search binds the symbol to
// every value in a range that holds all of them and keeps the worst
// outcome, or says the outcome is exact when every value gives the same.
// Guard conjuncts that still cannot be decided are taken as true: a lane
// that runs the access never lowers its wavefronts, so that is the worst
// case. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_UNIFORMSEARCH_H
#define BANKFIX_UNIFORMSEARCH_H

#include "core/access/AccessEvaluation.h"

namespace bankfix {

/// \p Access judged over the values of the first warp-uniform symbol that
/// decides it, given \p Unbound, its evaluation with every symbol unbound
/// and undecided guards taken as true; \p Only as in evaluateAccess. When
/// no symbol decides it: Unbound, its worst case described.
AccessEvaluation searchUniformValues(const SharedArrayLayout &Array,
                                     const SharedAccessDesc &Access,
                                     const BlockShape &Shape,
                                     AccessEvaluation Unbound,
                                     const UniformValueSets *Only);

} // namespace bankfix

#endif // BANKFIX_UNIFORMSEARCH_H
