// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ArrayFixes.h - The fixes for the conflicting shared arrays ---------===//
//
// For every __shared__ declaration with a conflicting access: the plan over
// all its accesses, block shapes and template instantiations, in the style
// its form allows (row padding for a multi-dimensional array; the row
// stride or index padding for a flat buffer, FlatBufferFix.h), the
// replacements that write it in the user's spelling, what it costs in
// shared memory and blocks per SM, or why no fix is offered.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ARRAYFIXES_H
#define BANKFIX_ARRAYFIXES_H

#include "core/fix/FixPlan.h"
#include "core/fix/PaddingPlanner.h"
#include "core/fix/SmOccupancy.h"
#include "frontend/analysis/LaunchSites.h"
#include "frontend/analysis/SharedAccessFinder.h"
#include "frontend/fix/FixEdit.h"

#include "clang/AST/ASTContext.h"

#include <optional>
#include <string>
#include <vector>

namespace bankfix {

class LaunchScope;

/// What a fix costs one kernel launched with one block shape.
struct KernelBudget {
  std::string Kernel; ///< "transpose<16>"
  BlockShape Shape;
  BlockSharedMemory Before, After;
  unsigned BlocksBefore = 0, BlocksAfter = 0; ///< per SM, sm_90
  /// The fixed buffer is extern and no launch of the kernel is in sight:
  /// its dynamic shared memory, and what it grows by, are not known here.
  bool DynamicUnknown = false;
};

struct ArrayFix {
  /// The arrays this fix is about: one declaration, or one per template
  /// instantiation of it.
  std::vector<const SharedArray *> Arrays;
  FixPlan Plan;
  /// What the other style would give (the other flat style of a flat
  /// buffer; the swizzle or the padding of a tile).
  std::optional<FixPlan> Other;
  /// When no fix is offered: why the other style of a tile is not either
  /// ("XOR swizzle: ..."), or empty.
  std::string OtherWhyNot;
  /// Why no fix is offered although the plan helps; empty otherwise.
  std::string Refusal;
  /// The fix in words: "pad it to float[32][33]".
  std::string Change;
  std::vector<FixEdit> Edits;
  std::vector<KernelBudget> Budgets;
  /// Launches out of sight that must grow by hand.
  std::string LaunchNote;

  bool fixes() const { return !Edits.empty(); }
};

/// The accesses of one declaration as written: a template's
/// instantiations share it.
struct ArrayGroup {
  std::vector<const SharedArray *> Arrays;
  std::vector<size_t> Accesses;
  bool Conflicting = false;
};

/// The layouts and accesses of \p G for the planners of a
/// multi-dimensional array; false with \p WhyNot when an access cannot be
/// judged.
bool plannedLayouts(const clang::SourceManager &SM, const SharedAccesses &Found,
                    const ArrayGroup &G,
                    const std::vector<JudgedShapes> &Shapes,
                    std::vector<PlannedLayout> &Layouts, std::string &WhyNot);

/// \p Array's type with its innermost extent padded by \p Pad:
/// "float[32][33]".
std::string paddedTypeSpelling(const SharedArray &Array, unsigned Pad);

/// "load at 12:5", with " in 'k<16>'" for a template instantiation.
std::string accessLabel(const clang::SourceManager &SM,
                        const FoundAccess &Access);

/// The innermost extent of \p V's declared type, as written; null for
/// `[]`.
const clang::Expr *innermostExtent(const clang::VarDecl &V);

/// Which accesses conflict for which shape: Conflicting[i] is true when
/// Found.Accesses[i] conflicts in one of Shapes[i] (its block shapes, with
/// its summary for each when known). \p Scope: which files' launches the
/// run sees (LaunchScope.h).
std::vector<ArrayFix>
planArrayFixes(clang::ASTContext &Ctx, const SharedAccesses &Found,
               const std::vector<JudgedShapes> &Shapes,
               const std::vector<bool> &Conflicting,
               const std::vector<LaunchSite> &Launches,
               const LaunchScope *Scope,
               FixStyleChoice Choice = FixStyleChoice::Auto);

} // namespace bankfix

#endif // BANKFIX_ARRAYFIXES_H
