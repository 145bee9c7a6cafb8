// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessExplainer.h - --explain's data for one found access ----------===//
//
// Joins what the analysis found about an access (its place, array, block
// shape, worst loop iteration and warp, the padding the planner proposes)
// into an AccessExplanation, and decides which accesses --explain asks for.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ACCESSEXPLAINER_H
#define BANKFIX_ACCESSEXPLAINER_H

#include "core/access/AccessSummary.h"
#include "core/explain/AccessExplanation.h"
#include "core/explain/ExplainRequest.h"
#include "frontend/analysis/BlockShapeChoice.h"
#include "frontend/analysis/SharedAccessFinder.h"
#include "frontend/fix/ArrayFixes.h"

#include "clang/AST/ASTContext.h"

#include <optional>
#include <string>

namespace bankfix {

/// True when --explain=FILE:... names \p Actual, the file an access is in:
/// the same path, the same file, or the same name when FILE has no
/// directory.
bool explainFileMatches(const std::string &Asked, llvm::StringRef Actual);

/// True when \p Request asks for \p Access (\p Warned: bankfix warned
/// about it for some shape).
bool explainWanted(const ExplainRequest &Request, clang::ASTContext &Ctx,
                   const FoundAccess &Access, bool Warned);

/// The explanation of \p Access for one block shape: the warp asked for or
/// the worst one, the worst loop iteration, the array as declared and as
/// \p Fix pads it. Returns nullopt and sets \p Error when the warp asked
/// for is not in the block. \p Summary is unused for an unsupported access.
std::optional<AccessExplanation>
explainFoundAccess(clang::ASTContext &Ctx, const FoundAccess &Access,
                   const AccessSummary *Summary, const BlockShapeChoice &Block,
                   const ArrayFix *Fix, std::optional<unsigned> Warp,
                   std::string &Error);

} // namespace bankfix

#endif // BANKFIX_ACCESSEXPLAINER_H
