// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LeaderScalars.h - Shared scalars one thread writes for the block ---===//
//
// A block's parameters computed once are kept in `__shared__` scalars that
// one thread writes and every thread reads after a barrier (`if
// (threadIdx.x == 0) len = end - start; __syncthreads(); ... s[len + t]`),
// and a flag any thread may raise is one too (`if (v > t) flag = 1;` or
// `atomicExch(&flag, 1)`, then `if (flag) ...` after the barrier). Every
// lane of a warp then reads the same value: such a scalar is a
// warp-uniform value not known, as a kernel parameter is, and an index or
// a guard that uses it is judged over its values. A scalar qualifies when
// it is an integer declared in the function; every write of it is outside
// lambdas and local classes (their bodies run where they are called) and
// is an assignment or increment under an `if` whose condition requires
// `threadIdx.D == c`, `!threadIdx.D`, or `g.thread_rank() == c` (directly,
// through a local initialised with it, or as a conjunct of `&&`), or,
// outside loops, an assignment of a constant, one of the toolkit's
// atomics given its address, or a reference parameter that the callee's
// definition uses in these ways; every other use reads its value (its
// address kept disqualifies it); every write but the leader's comes
// before every read in the source (a read between writes that any thread
// makes could see a value some lanes wrote and others not yet); and no
// parameter of the function has its name (the symbol is named as the
// scalar). A leader may update the scalar in a loop (the count of a work
// list, each round) or after a read: every read sees the value the leader
// last wrote, and the walker gives each such write a symbol of its own.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LEADERSCALARS_H
#define BANKFIX_LEADERSCALARS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <vector>

namespace bankfix {

struct LeaderScalar {
  const clang::VarDecl *Var = nullptr;
  /// A leader writes it in a loop or after a read in the source: reads on
  /// either side of such a write see different values.
  bool ReadsDiffer = false;
};

/// The `__shared__` integer scalars declared in \p Function that only a
/// leader thread writes, in declaration order.
std::vector<LeaderScalar>
leaderWrittenScalars(clang::ASTContext &Ctx,
                     const clang::FunctionDecl &Function);

} // namespace bankfix

#endif // BANKFIX_LEADERSCALARS_H
