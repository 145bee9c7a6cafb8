// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UnsafeUses.h - Uses of a shared array that padding would break -----===//
//
// Padding a row moves every element after it. That is safe for element
// loads and stores, but not when the array or a row of it is used as a
// pointer (arithmetic, passed to a function, memcpy or cp.async, a
// reinterpret_cast to vectors over the rows), when sizeof of it is used, or
// when the address of an element is kept. This finds the first such use of
// each __shared__ array. A row cast to a vector pointer and read or written
// at once (`((float4 *)t[r])[q]`, `*(float4 *)&t[r][c]`,
// `*((int4 *)&t[r][0] + q)`), as an access that was analysed, is safe: the
// analysis checks that it stays in the row it names, and the padding keeps
// rows whole vectors long. So is a tile
// passed to a wmma load or store whose ldm is the row length: the fix
// grows ldm with the rows (by whole 16 bytes, as wmma and ldmatrix need).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_UNSAFEUSES_H
#define BANKFIX_UNSAFEUSES_H

#include "frontend/analysis/SharedAccessFinder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <string>

namespace bankfix {

struct ArrayUses {
  /// Per array variable, why padding it is unsafe ("'tile' is passed to
  /// 'memcpy' at k.cu:12:3").
  llvm::DenseMap<const clang::VarDecl *, std::string> Unsafe;
  /// Per array variable, the widest vector its rows are cast to and
  /// accessed as, in bytes: padding must keep rows multiples of it.
  llvm::DenseMap<const clang::VarDecl *, uint64_t> RowVectorBytes;
  /// Per array variable, the ldm arguments of the wmma loads and stores of
  /// its tiles, each equal to its row length: a row padding grows them by
  /// the same number of elements.
  llvm::DenseMap<const clang::VarDecl *, std::vector<const clang::Expr *>>
      TiedStrides;
};

/// The uses of every __shared__ array. \p ElementRefs are the array names
/// inside the element loads and stores that were analysed: those uses are
/// safe; \p Accesses are the expressions of every access analysed.
/// \p ForeignViews: an element's address cast to a pointer of another
/// element size (`(float *)&t[0][0]`, a view with its own layout) is not
/// unsafe, nor one kept in a local pointer whose every use is a wmma tile
/// with an ldm of the row length (`const half *p = &t[r][c];` then
/// `load_matrix_sync(a, p, LD)`); the padding through a macro takes such
/// a view to hold its own data, and changes every ldm with the rows
/// (NamedConstantFix.h). The row padding does neither.
/// The uses of the arrays of \p Found's accesses, which are safe as they
/// are.
ArrayUses findUnsafeUses(clang::ASTContext &Ctx, const SharedAccesses &Found,
                         bool ForeignViews = false);

} // namespace bankfix

#endif // BANKFIX_UNSAFEUSES_H
