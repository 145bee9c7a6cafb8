// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SharedObjectRecovery.h - Template instances clang dropped ----------===//
//
// nvcc accepts a __shared__ object with a constructor (`__shared__
// cuda::barrier<cuda::thread_scope_block> bar;`, left to the kernel's
// init); clang refuses it. In a plain kernel the refusal only marks the
// variable invalid. In a template clang refuses it when it instantiates
// the kernel, and drops the whole instance's body. After the parse, such
// an instance is instantiated again with the variable as a plain local of
// the template (the constructor is then allowed), and the variable of the
// new instance is made __shared__ again, as nvcc reads it.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SHAREDOBJECTRECOVERY_H
#define BANKFIX_SHAREDOBJECTRECOVERY_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

namespace clang {
class Sema;
} // namespace clang

namespace bankfix {

/// Instantiates again each template instance whose body clang dropped
/// for a __shared__ variable at one of \p Accepted (ErrorRecorder::
/// acceptedByNvcc); an instance that fails again stays as it was. Returns
/// how many were recovered.
unsigned
recoverSharedObjectInstances(clang::Sema &S,
                             llvm::ArrayRef<clang::SourceLocation> Accepted);

} // namespace bankfix

#endif // BANKFIX_SHAREDOBJECTRECOVERY_H
