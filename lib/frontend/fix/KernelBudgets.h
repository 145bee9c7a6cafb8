// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelBudgets.h - What a fix costs each kernel ---------------------===//
//
// For every kernel that reaches a fixed array: its shared memory per block
// before and after the fix (the static shared memory it and the functions
// declaring the array declare, the dynamic shared memory its launches in
// sight give) and the blocks of each analysed shape that fit on an SM.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_KERNELBUDGETS_H
#define BANKFIX_KERNELBUDGETS_H

#include "frontend/fix/ArrayFixes.h"

#include <map>
#include <utility>

namespace bankfix {

/// Static shared memory declared in \p F's body.
uint64_t staticSharedBytes(clang::ASTContext &Ctx,
                           const clang::FunctionDecl &F);

/// How the fix grows the memory: static bytes per array (instantiation),
/// and dynamic bytes (before, after) per kernel whose launches grow.
struct MemoryGrowth {
  std::map<const SharedArray *, uint64_t> StaticBytes;
  std::map<const clang::FunctionDecl *, std::pair<uint64_t, uint64_t>>
      DynamicBytes;
};

/// One budget per kernel reaching \p Accesses (indices into Found) and
/// per block shape it is analysed with.
std::vector<KernelBudget> kernelBudgets(clang::ASTContext &Ctx,
                                        const SharedAccesses &Found,
                                        const std::vector<size_t> &Accesses,
                                        const std::vector<JudgedShapes> &Shapes,
                                        const std::vector<LaunchSite> &Launches,
                                        const MemoryGrowth &Growth);

/// The first refusal any budget calls for (budgetRefusal), or empty.
std::string budgetsRefusal(const std::vector<KernelBudget> &Budgets);

} // namespace bankfix

#endif // BANKFIX_KERNELBUDGETS_H
