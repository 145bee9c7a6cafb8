// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SpeculableCode.h - Conditional code nvcc may run unconditionally ---===//
//
// nvcc turns a branch into a select, running its code whatever the
// condition, only when that code has no effect but computing values: it
// declares and assigns local variables, reads __shared__ arrays and does
// arithmetic. A call, a store to memory, a read through a pointer or of
// global memory, a volatile access or a jump keeps the branch (the CUDA
// samples' `if (tid == 0) out[b] = sdata[0];` measured so on the H100).
// Whether the shared load in it is then run unconditionally is decided in
// core/codegen/LoadSpeculation.h.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SPECULABLECODE_H
#define BANKFIX_SPECULABLECODE_H

#include "clang/AST/Stmt.h"

namespace bankfix {

/// Whether \p S (a branch of an if, an operand of ?:, && or ||) only
/// computes values; false for a null statement.
bool onlyComputesValues(const clang::Stmt *S);

} // namespace bankfix

#endif // BANKFIX_SPECULABLECODE_H
