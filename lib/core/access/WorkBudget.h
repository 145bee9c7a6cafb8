// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WorkBudget.h - What one judgement or one fix search may cost -------===//
//
// Work is counted in lanes evaluated (lanesEvaluated in AccessEvaluation.h):
// the same on every machine and in every run, unlike time. One access's
// judgement (every execution, value and block shape) may evaluate at most
// WorkBudgets::Access lanes: past it, the access is not judged and its
// remark says so (the rest of the file is analysed as usual). A fix search
// may evaluate WorkBudgets::Fix lanes over its candidates. Both are set
// once, before any analysis (--max-access-work, --max-fix-work).
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_WORKBUDGET_H
#define BANKFIX_WORKBUDGET_H

#include <cstdint>
#include <string>

namespace bankfix {

struct WorkBudgets {
  /// About 10 to 30 seconds of one core for the heaviest accesses (large
  /// symbolic indices), a fraction of that for plain ones.
  uint64_t Access = uint64_t(1) << 26;
  /// A few seconds at most.
  uint64_t Fix = uint64_t(1) << 22;
};

/// The budgets in force (the defaults until setWorkBudgets).
const WorkBudgets &workBudgets();
/// Sets the budgets for every thread; call it before analysing.
void setWorkBudgets(const WorkBudgets &Budgets);

/// While it lives, evaluations on this thread that would pass \p Lanes more
/// lanes than were evaluated when it was made are refused (pastWorkLimit);
/// an enclosing scope's limit still holds.
class AccessWorkScope {
public:
  explicit AccessWorkScope(uint64_t Lanes);
  ~AccessWorkScope();
  AccessWorkScope(const AccessWorkScope &) = delete;
  AccessWorkScope &operator=(const AccessWorkScope &) = delete;

private:
  uint64_t Saved;
};

/// Whether evaluating \p Lanes more lanes now would pass the limit of the
/// innermost AccessWorkScope.
bool pastWorkLimit(uint64_t Lanes);

/// The problem of an access refused by its budget.
std::string overBudgetProblem();

} // namespace bankfix

#endif // BANKFIX_WORKBUDGET_H
