// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BuiltinVariables.h - threadIdx, blockDim and their kin as parsed ---===//
//
// Clang's CUDA headers declare threadIdx, blockIdx, blockDim and gridDim
// as objects whose x, y and z are properties: `threadIdx.x` parses as a
// PseudoObjectExpr over an MSPropertyRefExpr whose base names the object.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_BUILTINVARIABLES_H
#define BANKFIX_BUILTINVARIABLES_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"

namespace bankfix {

/// "threadIdx" for `threadIdx.x` (any such object and field); empty for
/// any other expression.
llvm::StringRef builtinVariableName(const clang::PseudoObjectExpr *E);

} // namespace bankfix

#endif // BANKFIX_BUILTINVARIABLES_H
