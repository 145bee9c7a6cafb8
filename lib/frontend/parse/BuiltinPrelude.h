// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BuiltinPrelude.h - What a CUDA file needs when no toolkit is found -===//
//
// When no CUDA toolkit is found, bankfix parses with -nocudainc and this
// header instead: the __shared__/__global__ macros, clang's builtin variables
// (threadIdx, ...), vector types, dim3 and the declarations that a kernel
// launch and common runtime calls need.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_BUILTINPRELUDE_H
#define BANKFIX_BUILTINPRELUDE_H

#include "llvm/ADT/StringRef.h"

namespace bankfix {

/// Where the prelude is mapped in the virtual file system.
constexpr const char *BuiltinPreludePath = "/bankfix-builtin/bankfix_prelude.h";

/// The prelude's text.
llvm::StringRef builtinPreludeText();

} // namespace bankfix

#endif // BANKFIX_BUILTINPRELUDE_H
