// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixEdit.h - One replacement of a fix, for clang and for files ------===//
//
// A fix is a set of replacements: the range as clang knows it (for the
// fix-it hint) and the same as plain data (file, offset, length, text) for
// --apply and --export-fixes. A range written by part of a macro expansion
// or in a system header cannot be rewritten.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FIXEDIT_H
#define BANKFIX_FIXEDIT_H

#include "core/fix/TextEdit.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

struct FixEdit {
  clang::CharSourceRange Range;
  std::string Text;
  TextEdit Edit;
};

/// The text of \p Tokens as written in its file; empty when part of a
/// macro expansion wrote it.
std::string writtenText(const clang::ASTContext &Ctx,
                        clang::SourceRange Tokens);

/// A replacement of the tokens \p Tokens by \p Text; nullopt when part of
/// a macro expansion wrote them or they are in a system header.
std::optional<FixEdit> makeFixEdit(const clang::ASTContext &Ctx,
                                   clang::SourceRange Tokens,
                                   const std::string &Text);

/// Whether evaluating \p E twice could differ from once (a rewrite that
/// writes an index twice): an assignment, an increment, a call (CUDA's
/// threadIdx, blockIdx, blockDim and gridDim are properties, not calls).
/// Why, or empty.
std::string sideEffect(const clang::ASTContext &Ctx, const clang::Expr *E);

/// The value of \p E when C++ makes it a constant that is not negative
/// and fits in \p Bits bits; nullopt otherwise.
std::optional<uint64_t> nonNegativeConstant(const clang::ASTContext &Ctx,
                                            const clang::Expr *E,
                                            unsigned Bits = 63);

/// Adds to \p Edits the replacement of \p Tokens by NewText(their written
/// text), once; nothing when the text stays. False with \p Why (\p What
/// names the place) when the tokens cannot be rewritten.
bool addEdit(clang::ASTContext &Ctx, clang::SourceRange Tokens,
             const std::function<std::string(const std::string &)> &NewText,
             const std::string &What, std::vector<FixEdit> &Edits,
             std::string &Why);

/// Two different replacements of overlapping text (a subscript inside
/// another's index): why, or empty.
std::string overlappingEdits(const std::vector<FixEdit> &Edits);

} // namespace bankfix

#endif // BANKFIX_FIXEDIT_H
