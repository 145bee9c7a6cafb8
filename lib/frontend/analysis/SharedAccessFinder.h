// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SharedAccessFinder.h - __shared__ arrays and their accesses --------===//
//
// Walks every device function of a translation unit (each template
// instantiation on its own) and collects every __shared__ array and every
// element read and write of it, with its index expressions and guard
// translated for the evaluator: one instance per loop iteration when the
// access sits in an unrolled loop.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SHAREDACCESSFINDER_H
#define BANKFIX_SHAREDACCESSFINDER_H

#include "core/access/AccessSummary.h"
#include "core/codegen/AccessMerging.h"
#include "frontend/walk/FunctionWalker.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace bankfix {

struct SharedArray {
  const clang::VarDecl *Decl = nullptr;
  SharedArrayLayout Layout;
  std::string TypeSpelling; ///< "float[32][32]"
};

struct FoundAccess {
  const clang::Expr *Expr = nullptr; ///< the element (or member) expression
  /// The array's name in it; null for an access through a pointer or
  /// reference.
  const clang::DeclRefExpr *Ref = nullptr;
  /// The function walked (a kernel, or a device function no kernel calls);
  /// its block shapes apply.
  const clang::FunctionDecl *Function = nullptr;
  std::string FunctionName; ///< "transpose<16>" for an instantiation
  /// The calls, outermost first, through which Function reaches the access
  /// when it is in another function.
  std::vector<const clang::CallExpr *> Calls;
  /// Where the access is reported: at Expr, or, for an access in a system
  /// header's code (a library's block primitive), at the user's call that
  /// runs it (Calls[UserCalls]), whose callee is LibraryEntry.
  clang::SourceLocation Loc;
  clang::SourceRange Range;
  const clang::FunctionDecl *LibraryEntry = nullptr;
  /// The calls of Calls in the user's code, outermost first: all of them
  /// unless LibraryEntry is set.
  size_t UserCalls = 0;
  /// Reached through a pointer, a reference, a member of a struct variable
  /// or a cast: the instances' index is a byte offset.
  bool FlatBytes = false;
  bool Volatile = false;
  /// A wmma fragment's load or store: what it is and the instructions it
  /// compiles to, which nvcc neither merges nor narrows.
  std::string Instruction;
  const SharedArray *Array = nullptr;
  AccessKind Kind = AccessKind::Load;
  /// Non-empty when the access cannot be modelled as one hardware access
  /// (a struct copy the compiler splits, say): why.
  std::string Unsupported;
  std::vector<AccessInstance> Instances;
  /// Its function's executions before the compiler's merges, and which of
  /// them are Instances (NvccCodegen.h): a fix's layout is compiled from
  /// them again. Null before the merges are decided.
  const UncompiledRun *Run = nullptr;
  std::vector<size_t> RunExecutions;

  /// Whether every execution is merged into another access (it is judged
  /// with that one).
  bool mergedAway() const {
    return !Instances.empty() &&
           std::all_of(Instances.begin(), Instances.end(),
                       [](const AccessInstance &I) { return I.MergedAway; });
  }
};

struct SharedAccesses {
  std::vector<std::unique_ptr<SharedArray>> Arrays;
  std::vector<FoundAccess> Accesses; ///< in source order
  /// What the walks could not follow (recursion, shared memory passed to a
  /// function whose body is not visible), in source order.
  std::vector<WalkRemark> Remarks;
  /// Each function's executions before the compiler's merges.
  std::vector<std::unique_ptr<UncompiledRun>> Runs;
};

/// The block shapes a function is analysed with: the first Required of
/// Shapes always; the others (probes of an assumed shape) only while they
/// cost little (a function walked once per shape is walked again for them
/// only when its first walk made at most MaxProbedExecutions executions).
struct FunctionShapes {
  std::vector<BlockShape> Shapes;
  size_t Required = 0;
  /// The kernel's parameters that its launches fix (LaunchArguments.h),
  /// and those that the launches of each shape (and set of values) fix.
  std::map<unsigned, int64_t> Arguments;
  std::map<BlockShape, std::map<unsigned, int64_t>> ArgumentsByShape;
};
using ShapesOfFunction =
    std::function<FunctionShapes(const clang::FunctionDecl &)>;

constexpr size_t MaxProbedExecutions = 256;
/// An access with more executions than this is not judged again under the
/// probe shapes (BlockShapeChoice.h).
constexpr size_t MaxProbedInstances = 256;

/// Walks every kernel, and every device function that no kernel calls, of
/// the translation unit; calls are followed into their callees. A function
/// with a loop bounded by blockDim is walked once per shape of
/// \p Shapes. \p ShouldWalk, when given, hears of every device function
/// (failed template instantiations included) and may leave it out.
/// \p LibraryCode: follow shared memory into system headers' functions
/// (WalkOptions::LibraryCode).
SharedAccesses findSharedAccesses(
    clang::ASTContext &Ctx, const ShapesOfFunction &Shapes = {},
    const std::function<bool(const clang::FunctionDecl &)> &ShouldWalk = {},
    bool LibraryCode = true);

/// "kernel" or "kernel<16>" for a template instantiation.
std::string functionDisplayName(const clang::FunctionDecl &F);

} // namespace bankfix

#endif // BANKFIX_SHAREDACCESSFINDER_H
