// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- StaticSharedOffsets.h - Where ptxas puts a kernel's arrays ---------===//
//
// ptxas lays out the static __shared__ arrays of a kernel one after another
// in declaration order, each at its own alignment (`char s0[31]; char
// s1[32][33];` puts s1 at byte 31, inside a 4-byte word), leaving out
// arrays the kernel never names. Measured with __cvta_generic_to_shared on
// sm_90 (test/differential/findings/README.md;
// test/cli/Inputs/array_placement.cu). A one-dimensional array named only
// with constant indices may be split by the optimizer into scalars placed
// after the others: it is left out of the order, its own place unknown.
// The order with file-scope arrays, or arrays of called functions, was not
// one rule in the measurements: then no place is known. Only the offset
// modulo 4 changes a bank count, and only for arrays of 1- or 2-byte
// alignment.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_STATICSHAREDOFFSETS_H
#define BANKFIX_STATICSHAREDOFFSETS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

namespace bankfix {

/// Byte offsets of the static __shared__ arrays that kernel \p Kernel
/// declares in its body, from the first one. Empty when the layout cannot
/// be known from the kernel alone: it names a __shared__ variable declared
/// elsewhere (at file scope, or in a function it calls, whose arrays ptxas
/// places in an order not measured), or \p Kernel is not a kernel.
llvm::DenseMap<const clang::VarDecl *, uint64_t>
staticSharedOffsets(clang::ASTContext &Ctx, const clang::FunctionDecl &Kernel);

} // namespace bankfix

#endif // BANKFIX_STATICSHAREDOFFSETS_H
