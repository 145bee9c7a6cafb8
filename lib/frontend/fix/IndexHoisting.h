// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IndexHoisting.h - An index with a call moved into a variable -------===//
//
// Index padding writes a subscript's index twice (`i + i / 32`); an index
// that calls a function (`s[tile.meta_group_rank()]`) would then call it
// twice. Such an index is moved into a variable declared just before the
// statement that holds the subscript (`const auto bankfix_index_615_15 =
// tile.meta_group_rank();`), when that statement is in braces and the
// index is evaluated every time the statement runs (not on one side of
// `?:`, `&&`, `||` or `,`) and the statement calls nothing else (the calls'
// order would change). An index with a side effect of its own (`i++`) is
// not moved: where it is evaluated would change.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_INDEXHOISTING_H
#define BANKFIX_INDEXHOISTING_H

#include "frontend/fix/FixEdit.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace bankfix {

struct HoistedIndex {
  std::optional<FixEdit> Declaration; ///< the inserted declaration
  std::string Name;                   ///< the variable's name
  std::string Problem;                ///< why it cannot be moved; or empty
};

/// The declaration that holds the index of \p S (`bankfix_index_L_C`,
/// after the line and column of the index).
HoistedIndex hoistIndex(clang::ASTContext &Ctx,
                        const clang::ArraySubscriptExpr *S);

} // namespace bankfix

#endif // BANKFIX_INDEXHOISTING_H
