// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SwizzleFix.h - The XOR swizzle of a conflicting shared tile --------===//
//
// The second fix style of a multi-dimensional array (SwizzlePlanner.h): the
// plan, and the rewrite of every access's column subscript, `t[r][c]` ->
// `t[r][c ^ (r % 8 * 4)]`, no memory added. Rows read through a vector
// cast are rewritten where the vector index is: `reinterpret_cast<float4
// *>(t[r])[q]` -> `[q ^ (r % 8)]`, `*reinterpret_cast<float4 *>(&t[r][c])`
// -> `&t[r][c ^ (r % 8 * 4)]`. Every use of the array must be one of
// these; the first that is not blocks the swizzle, named in the note.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SWIZZLEFIX_H
#define BANKFIX_SWIZZLEFIX_H

#include "frontend/fix/ArrayFixes.h"

namespace bankfix {

/// Plans and writes the swizzle of \p G into \p Fix (its Plan, Change,
/// Edits and Budgets, or WhyNot / Refusal).
void planSwizzleFix(clang::ASTContext &Ctx, const SharedAccesses &Found,
                    const ArrayGroup &G,
                    const std::vector<JudgedShapes> &Shapes,
                    const std::vector<LaunchSite> &Launches, ArrayFix &Fix);

} // namespace bankfix

#endif // BANKFIX_SWIZZLEFIX_H
