// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchSites.h - Kernel launches and the block shapes they use ------===//
//
// Finds every launch in the translation unit: `kernel<<<grid, block, ...>>>`
// (in every instantiation of a function template), cudaLaunchKernel,
// cudaLaunchCooperativeKernel and cudaLaunchKernelEx with its
// cudaLaunchConfig_t. Where the kernel, the block or the byte count is a
// parameter of the launching function (a project's launch wrapper, whatever
// its name), each call of that function is a launch of its own, with the
// values that call passes. The kernel may be held in a variable or an
// array; the block shape may be one of a few values (HostValues.h). Each
// site records the block shapes it can have and the dynamic shared memory
// it asks for, as written and, when it is a constant, its value, and the
// integer arguments it passes the kernel.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LAUNCHSITES_H
#define BANKFIX_LAUNCHSITES_H

#include "core/model/BlockShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <optional>
#include <string>
#include <vector>

namespace bankfix {

/// A cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
/// bytes) call: launches of the kernel that give more dynamic shared memory
/// than its bytes fail.
struct DynamicLimit {
  clang::SourceLocation Loc;
  const clang::Expr *Bytes = nullptr; ///< as written
  std::optional<uint64_t> BytesValue; ///< its value, when a constant
};

struct LaunchSite {
  /// The instantiation launched; null where the launch names a kernel
  /// through a value bankfix does not follow (it may be any kernel).
  const clang::FunctionDecl *Kernel = nullptr;
  /// Where the launch is written or, through a wrapper, the wrapper's call.
  clang::SourceLocation Loc;
  /// The shapes the block can have; empty: not a value bankfix follows.
  std::vector<BlockShape> Shapes;
  /// "'launch_kernel'": the wrapper whose `<<< >>>` or cudaLaunch* call
  /// this call reaches; empty when the launch is written at Loc.
  std::string Through;
  /// The launch names a pointer or an array that holds several kernels:
  /// its byte count serves them all.
  bool SeveralKernels = false;
  /// Whether the launch gives dynamic shared memory.
  bool BytesGiven = false;
  /// The byte count as written at the launch (the third `<<< >>>` argument,
  /// cudaLaunchKernel's fifth); null when the launch gives none, or gives
  /// it through a wrapper or a cudaLaunchConfig_t (not rewritten at Loc).
  const clang::Expr *DynamicBytesExpr = nullptr;
  std::optional<uint64_t> DynamicBytes; ///< its value, when a constant
  /// The kernel's arguments, one per argument written: its value when it
  /// is one integer (HostValues.h). Empty when the launch passes them as
  /// an array (cudaLaunchKernel).
  std::vector<std::optional<uint64_t>> Arguments;
  /// Every limit the translation unit sets on the kernel's dynamic shared
  /// memory.
  std::vector<DynamicLimit> Limits;
};

std::vector<LaunchSite> findLaunchSites(clang::ASTContext &Ctx);

} // namespace bankfix

#endif // BANKFIX_LAUNCHSITES_H
