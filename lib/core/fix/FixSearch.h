// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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

#include "core/access/AccessSummary.h"
#include "core/fix/FixPlan.h"

#include <functional>
#include <string>
#include <vector>

namespace bankfix {

/// The wavefronts per block of every access under one layout.
struct CandidateTotals {
  std::vector<uint64_t> PerAccess;
  /// The fewest wavefronts any layout could give each access: its ideal,
  /// or what it takes now when that is less (a lane-independent address).
  std::vector<uint64_t> PerAccessFloor;
  /// Set by the search for a candidate: the total it must stay below, and
  /// for each access the floors of the accesses after it (under the layout
  /// as it is). Null: evaluate every access.
  uint64_t Bound = UINT64_MAX;
  const std::vector<uint64_t> *FloorsAfter = nullptr;
  /// The evaluation stopped early: the accesses evaluated and the floors
  /// of the others already reach Bound, so the candidate is no better.
  bool Pruned = false;
  /// The lanes evaluated (lanesEvaluated) at which the evaluation stops
  /// (OverBudget, and Pruned).
  uint64_t WorkLimit = UINT64_MAX;
  bool OverBudget = false;

  /// Per access: which lanes run it depends on data read from memory.
  std::vector<bool> PerAccessFromData;

  /// Adds the next access's wavefronts per block and ideal (\p FromData:
  /// its lanes depend on data, accessWavefronts says); false when the
  /// candidate can no longer beat Bound (Pruned): stop evaluating it.
  bool add(uint64_t Sum, uint64_t Ideal, bool FromData = false);

  /// The wavefronts per block at which the next access prunes the
  /// candidate whatever its other executions take: its evaluation may
  /// stop there.
  uint64_t stopAt() const;

  /// Per access evaluated: it takes no more than its ideal.
  std::vector<bool> atIdeal() const;

private:
  uint64_t Total = 0;
};

/// Evaluates layout \p Index (0: as it is; 1 to N: the candidates); false
/// with \p Problem when an access cannot be judged under it.
using EvaluateCandidate = std::function<bool(
    size_t Index, CandidateTotals &Totals, std::string &Problem)>;

struct SearchOutcome {
  std::string Problem; ///< the layout as it is could not be judged
  size_t Best = 0;     ///< the candidate chosen; 0 when none lowers the total
  uint64_t Before = 0, After = 0;
  /// Of the layout as it is: the sum of CandidateTotals::PerAccessFloor.
  uint64_t Floor = 0;
  /// Candidates that could be judged, and the problem of the first that
  /// could not (when none could, why no layout of the style applies). A
  /// candidate stopped early (CandidateTotals::Pruned) is judged in full
  /// only when no other could be: CandidatesJudged is exact when it is 0.
  size_t CandidatesJudged = 0;
  std::string FirstCandidateProblem;
  /// Checking the best candidate at every value would pass the budget:
  /// no candidate is offered.
  bool Unverified = false;
  /// Why the best candidate could not be judged at every value (then no
  /// candidate is offered).
  std::string VerifyProblem;
  /// Candidates left untried because the search's budget was spent.
  size_t Untried = 0;
  std::vector<uint64_t> BeforePerAccess, AfterPerAccess;
  /// Of the layout as it is: CandidateTotals::PerAccessFromData.
  std::vector<bool> FromData;
  /// Of the best candidate: which accesses take no more than their ideal.
  std::vector<bool> AfterAtIdeal;
  /// The best candidate lowered only accesses whose lanes depend on data
  /// (judged as if every lane ran them): not offered.
  bool GainOnlyFromData = false;
};

/// Evaluates layout 0, then candidates 1 to \p Candidates in order; a
/// candidate that cannot be judged (an index out of bounds) is skipped. A
/// candidate is evaluated only as long as it can still beat the best so
/// far (CandidateTotals::Bound): the choice is the same as evaluating all.
/// \p FloorsHold: no candidate takes an access below its floor under the
/// layout as it is (false where candidates are compiled again, which moves
/// wavefronts between merged accesses): candidates are then evaluated in
/// full, and the search does not stop at the floor.
/// \p First: a candidate to judge before the others (0: none), which
/// changes only how soon the others are pruned. Once the search has
/// evaluated WorkBudgets::Fix lanes (WorkBudget.h; or eight times the
/// layout as it is), the candidates left are not tried
/// (SearchOutcome::Untried). \p AtMost: only a candidate taking at most
/// that many wavefronts per block is of use (another style already takes
/// that many); the others stop as soon as they pass it, and none of them
/// is chosen.
SearchOutcome searchFewestWavefronts(size_t Candidates,
                                     const EvaluateCandidate &Evaluate,
                                     bool FloorsHold = true, size_t First = 0,
                                     uint64_t AtMost = UINT64_MAX);

/// The values of warp-uniform symbols not known that the layout as it is
/// was judged at: the candidates are compared at those values only (a
/// search over every value for every candidate would cost their product),
/// and the best one is then judged over every value (verifyBest).
struct WorstCaseValues {
  UniformValueSets Values;
  /// Set when the layout as it is failed because an address depends on a
  /// value not known (not because an access cannot be judged).
  bool AddressUnknown = false;
  /// Every value is tried (the verification of the best candidate).
  bool Every = false;
  /// An address was judged as a worst case over a symbol known to hold
  /// only powers of two (a variable a loop doubles or halves): "the banks
  /// of the load at 12:5 depend on 'stride', ...: no layout is best for
  /// every value", which stands unless the best candidate takes every
  /// access to its ideal at each of the symbol's values (Complete): no
  /// layout does better at any value then.
  std::string Unresolved;
  /// For each such symbol, every value it can hold: 0 and each power of
  /// two from its least to the largest of its type. The verification of
  /// the best candidate tries all of them.
  UniformValueSets Complete;
  /// Set while a layout is compared with the layout as it is at one value
  /// of such a symbol (NeverWorse.h): both are judged at these values, and
  /// each access's summaries are added to Collect, judged or not.
  const UniformValueSets *At = nullptr;
  std::vector<AccessSummary> *Collect = nullptr;
};

/// "the load at 12:5 cannot be judged: PROBLEM", or, when \p Worst says
/// an address depends on a value not known, "the banks of the load at
/// 12:5 PROBLEM".
std::string accessProblem(const std::string &Label, const std::string &Problem,
                          const WorstCaseValues &Worst);

/// Sums one access's wavefronts per block over \p Shapes (into \p Sum) and
/// its ideal (into \p Ideal); false with \p Problem when it cannot be
/// judged for one of them. \p AsIs: the layout as it is, whose values are
/// added to \p Worst, and which fails when the banks an access hits are a
/// worst case over a value not known (a kernel parameter in the address:
/// no layout is best for every value, and the best for the worst value
/// moves to another value once applied), unless that value is known to be
/// a power of two: then \p Label's access leaves Worst Unresolved (see
/// there). Otherwise a candidate, judged at \p Worst's values, or at
/// every value (its Complete ones for powers of two) when Worst.Every;
/// both at Worst.At, without failing, when it is set. The
/// layout as it is takes the summaries of \p Shapes when it has them. The
/// sums stop (partial) once \p Sum reaches \p StopAt
/// (CandidateTotals::stopAt).
bool accessWavefronts(const SharedArrayLayout &Layout,
                      const std::vector<AccessInstance> &Instances,
                      const JudgedShapes &Shapes, const std::string &Label,
                      uint64_t &Sum, uint64_t &Ideal, std::string &Problem,
                      WorstCaseValues &Worst, bool AsIs,
                      bool *FromData = nullptr, uint64_t StopAt = UINT64_MAX);

/// Judges \p Out's best candidate over every value of the symbols the
/// search compared at \p Worst's values only: its numbers become the
/// worst case over them, and it is dropped (Best = 0) when that is not
/// below the layout as it is. It is dropped too when it lowers none but
/// the accesses whose lanes depend on data (GainOnlyFromData) and that it
/// leaves above their ideal: their numbers assume every lane runs them,
/// and a layout better for that case may be worse for the lanes the data
/// switches on (measured: a bitonic network's swaps), while one at the
/// ideal with every lane is at it with any of them. When \p Worst is
/// Unresolved, the best is kept only if it takes every access to its
/// ideal at every value, or if at each value it takes no access of any
/// warp above the layout as it is for any lanes its guards may leave on
/// (NeverWorse.h); when the best is not, candidate \p Fallback (the
/// planner's usual choice, 0: none) is judged so too and offered if it
/// is; otherwise the outcome's Problem is Worst.Unresolved.
void verifyBest(SearchOutcome &Out, const EvaluateCandidate &Evaluate,
                WorstCaseValues &Worst, size_t Fallback = 0);

/// Copies \p Outcome's totals into \p Plan, with one change per access
/// named by \p Labels, and the accesses the plan makes worse; when it
/// offers nothing and has no reason yet, the reason (WhyNot).
void fillPlan(FixPlan &Plan, const SearchOutcome &Outcome,
              const std::vector<std::string> &Labels);

} // namespace bankfix

#endif // BANKFIX_FIXSEARCH_H
