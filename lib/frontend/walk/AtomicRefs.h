// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AtomicRefs.h - cuda::atomic_ref and the object it refers to --------===//
//
// libcu++'s cuda::atomic_ref (and cuda::std::atomic_ref) is made on an
// object (`cuda::atomic_ref<unsigned, cuda::thread_scope_block> r(s[i])`)
// and its operations act on that object. The walk records them as
// accesses of it (AtomicRefs.cpp); a fix rewrites the subscript the
// atomic_ref is made on.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ATOMICREFS_H
#define BANKFIX_ATOMICREFS_H

#include "clang/AST/Expr.h"

namespace bankfix {
namespace walk {

/// Whether \p T is libcu++'s cuda::atomic_ref or cuda::std::atomic_ref.
bool isAtomicRef(clang::QualType T);

/// The object an atomic_ref made by \p E refers to: the argument of its
/// constructor (through copies, casts and temporaries), or null.
const clang::Expr *atomicRefConstructedOn(const clang::Expr *E);

/// For \p E naming a local atomic_ref variable (or a copy of one): the
/// object its initialiser makes it on, through copies of other variables,
/// or null.
const clang::Expr *atomicRefVariableTarget(const clang::Expr *E);

} // namespace walk
} // namespace bankfix

#endif // BANKFIX_ATOMICREFS_H
