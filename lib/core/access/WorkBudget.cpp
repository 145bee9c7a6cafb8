// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WorkBudget.cpp - What one judgement or one fix search may cost -----===//

#include "core/access/WorkBudget.h"

#include "core/access/AccessEvaluation.h"

#include <algorithm>

namespace bankfix {

namespace {
WorkBudgets Budgets;
thread_local uint64_t WorkLimit = UINT64_MAX;
} // namespace

const WorkBudgets &workBudgets() { return Budgets; }

void setWorkBudgets(const WorkBudgets &B) { Budgets = B; }

AccessWorkScope::AccessWorkScope(uint64_t Lanes) : Saved(WorkLimit) {
  uint64_t Now = lanesEvaluated();
  uint64_t Limit = Lanes > UINT64_MAX - Now ? UINT64_MAX : Now + Lanes;
  WorkLimit = std::min(WorkLimit, Limit);
}

AccessWorkScope::~AccessWorkScope() { WorkLimit = Saved; }

bool pastWorkLimit(uint64_t Lanes) {
  uint64_t Now = lanesEvaluated();
  return Now > WorkLimit || Lanes > WorkLimit - Now;
}

std::string overBudgetProblem() {
  return "judging it would pass bankfix's budget of " +
         std::to_string(Budgets.Access) +
         " lanes evaluated for one access (raise it with --max-access-work)";
}

} // namespace bankfix
