// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FlatUses.h - Where the pointers into a flat buffer go --------------===//
//
// Index padding rewrites the subscripts of a flat buffer's accesses; it is
// safe only when every way to its memory goes through one of them. This
// follows every pointer made from the buffer (decay, casts, `buf + k`,
// `&buf[k]`) through local pointer variables (views), the pointer
// parameters of the device functions it is passed to (every call of such a
// function must pass the buffer) and helpers that return it
// (`SharedMemory<T>()`, a conversion operator), and finds the first use
// that is none of: a subscript bankfix analysed, the initialiser of a view
// that is never changed, a carve (its offset is padded too), a return.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FLATUSES_H
#define BANKFIX_FLATUSES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace bankfix {

struct FlatUses {
  /// The first use that blocks the rewrite, with its place; empty if none.
  std::string Blocking;
  /// The `k` of every `p + k` on the way from the buffer to a view: the
  /// start of a carved region, padded with the subscripts.
  std::vector<const clang::Expr *> CarveOffsets;
  /// The offsets of each region carved from another carved region, in
  /// order from the buffer (`a = s + 16; b = a + 16`: 16, 16): padded
  /// apart, they move the region as its whole start moves only when no
  /// two of them fill a period together.
  std::vector<std::vector<const clang::Expr *>> CarveChains;
  /// The subscripts given that no pointer from the buffer reaches: those a
  /// reference parameter is bound to in another array (global memory, a
  /// local array), which the fix leaves as they are.
  llvm::DenseSet<const clang::Expr *> Unreached;
};

/// One variable of the buffer's declaration (one per template
/// instantiation) and the size of the element its accesses index: a carve
/// must count the same elements.
struct FlatBufferVar {
  const clang::VarDecl *Var = nullptr;
  uint64_t Unit = 0;
};

/// The uses of \p Buffers; \p Subscripts are the analysed element
/// accesses (their ArraySubscriptExprs).
FlatUses findFlatUses(clang::ASTContext &Ctx,
                      const std::vector<FlatBufferVar> &Buffers,
                      const llvm::DenseSet<const clang::Expr *> &Subscripts);

} // namespace bankfix

#endif // BANKFIX_FLATUSES_H
