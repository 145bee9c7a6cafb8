//===- FixSearch.h - The candidate layout with the fewest wavefronts ------===//
//
// The search every fix style shares: evaluate the accesses of a buffer
// under the layout as it is and under each candidate (given in order of
// preference: the least memory first), keep the first candidate with the
// fewest wavefronts per block in total, and stop early when one reaches
// the floor no layout can beat (every access at its ideal). Each style
// says what its candidates are and how an access looks under one.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FIXSEARCH_H
#define BANKFIX_FIXSEARCH_H

#include "core/expr/AccessSummary.h"
#include "core/fix/FixPlan.h"

#include <functional>
#include <string>
#include <vector>

namespace bankfix {

/// The wavefronts per block of every access under one layout.
struct CandidateTotals {
  std::vector<uint64_t> PerAccess;
  /// The fewest wavefronts any layout could give: each access's ideal, or
  /// what it takes now when that is less (a lane-independent address).
  uint64_t Floor = 0;
};

/// Evaluates layout \p Index (0: as it is; 1 to N: the candidates); false
/// with \p Problem when an access cannot be judged under it.
using EvaluateCandidate = std::function<bool(
    size_t Index, CandidateTotals &Totals, std::string &Problem)>;

struct SearchOutcome {
  std::string Problem; ///< the layout as it is could not be judged
  size_t Best = 0;     ///< the candidate chosen; 0 when none lowers the total
  uint64_t Before = 0, After = 0;
  std::vector<uint64_t> BeforePerAccess, AfterPerAccess;
};

/// Evaluates layout 0, then candidates 1 to \p Candidates in order; a
/// candidate that cannot be judged (an index out of bounds) is skipped.
SearchOutcome searchFewestWavefronts(size_t Candidates,
                                     const EvaluateCandidate &Evaluate);

/// Sums one access's wavefronts per block over \p Shapes (into \p Sum) and
/// its ideal (into \p Ideal); false with \p Problem when it cannot be
/// judged for one of them.
bool accessWavefronts(const SharedArrayLayout &Layout,
                      const std::vector<AccessInstance> &Instances,
                      const std::vector<BlockShape> &Shapes, uint64_t &Sum,
                      uint64_t &Ideal, std::string &Problem);

/// Copies \p Outcome's totals into \p Plan, with one change per access
/// named by \p Labels, and the accesses the plan makes worse.
void fillPlan(FixPlan &Plan, const SearchOutcome &Outcome,
              const std::vector<std::string> &Labels);

} // namespace bankfix

#endif // BANKFIX_FIXSEARCH_H
