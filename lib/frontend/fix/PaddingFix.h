//===- PaddingFix.h - Padding fixes for the conflicting shared arrays -----===//
//
// For every __shared__ array with a conflicting access: the padding plan
// over all its accesses, block shapes and template instantiations, and the
// fix-it that writes it in the user's spelling (`[32]` -> `[33]`,
// `[TILE_DIM]` -> `[TILE_DIM + 1]`, `[N + 1]` -> `[N + 2]`), or why no fix
// is offered: an unsafe use, a declaration in a macro or a header, extern
// __shared__, or the 48 KiB static shared-memory limit.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_PADDINGFIX_H
#define BANKFIX_PADDINGFIX_H

#include "core/fix/PaddingPlanner.h"
#include "core/fix/TextEdit.h"
#include "frontend/analysis/BlockShapeChoice.h"
#include "frontend/analysis/SharedAccessFinder.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <string>
#include <vector>

namespace bankfix {

/// CUDA's limit on static shared memory per block.
constexpr uint64_t StaticSharedMemoryLimit = 48 * 1024;

struct ArrayFix {
  /// The arrays this fix is about: one declaration, or one per template
  /// instantiation of it.
  std::vector<const SharedArray *> Arrays;
  PaddingPlan Plan;
  /// Why no fix is offered although the plan pads; empty otherwise.
  std::string Refusal;
  std::optional<TextEdit> Edit;
  clang::CharSourceRange SizeRange; ///< the innermost extent as written
  std::string NewSizeText;          ///< "TILE_DIM + 1"
  /// Per array (as in Arrays): the shared memory the padding adds, and the
  /// function's static shared memory after it.
  std::vector<uint64_t> ExtraBytes, FunctionBytes;

  bool fixes() const { return Edit.has_value(); }
};

/// \p Array's type with its innermost extent padded by \p Pad:
/// "float[32][33]".
std::string paddedTypeSpelling(const SharedArray &Array, unsigned Pad);

/// Which accesses conflict for which shape: Conflicting[i] is true when
/// Found.Accesses[i] conflicts in one of Shapes[i].
std::vector<ArrayFix>
planArrayFixes(clang::ASTContext &Ctx, const SharedAccesses &Found,
               const std::vector<std::vector<BlockShape>> &Shapes,
               const std::vector<bool> &Conflicting);

} // namespace bankfix

#endif // BANKFIX_PADDINGFIX_H
