// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FunctionWalker.h - Walk a device function's statements in order ----===//
//
// Follows a function body statement by statement, keeping what the walk
// knows: the value of each local variable (reassignments, compound
// assignments, increments; at the end of an if/else the two branches'
// values merge into `cond ? a : b`), where each pointer and reference into
// shared memory points, and the conditions under which the current
// statement runs (if, ?:, &&, ||, and early returns). Loops whose trip
// count is known are unrolled, the body walked once per iteration; other
// loops are walked once with the variables they change made unknown (or
// warp-uniform symbols when every change is warp-uniform). Calls of
// functions whose body is visible (device functions, templates, lambdas,
// functors) are walked where they are made, their parameters bound to the
// caller's values, as the compiler inlines them. Every shared access met on
// the way is handed to the sink with its address and guard translated for
// the evaluator.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FUNCTIONWALKER_H
#define BANKFIX_FUNCTIONWALKER_H

#include "core/access/IterationRange.h"
#include "frontend/walk/ElementAccess.h"
#include "frontend/walk/IndexTranslator.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseSet.h"

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace bankfix {

/// One execution of a shared access, as the walk met it.
struct WalkedAccess {
  /// The expression and the __shared__ variable; Ref is null for an
  /// access through a pointer or reference.
  ElementAccess Element;
  AccessKind Kind = AccessKind::Load;
  /// One per dimension of the array; with FlatBytes, the byte offset from
  /// the start of the variable.
  std::vector<LaneExprPtr> Indices;
  bool FlatBytes = false;
  bool Volatile = false;
  /// A vector load nvcc narrows to the components used (Element.Width and
  /// ByteOffset), or, with NarrowedTwice, loads as two accesses (why).
  bool Narrowed = false;
  std::string NarrowedTwice;
  /// An atomic whose lanes on one word are not combined
  /// (SharedAccessDesc::EachLaneAtomic).
  bool EachLaneAtomic = false;
  /// How the lanes' addresses are served (ldmatrix rows or one
  /// instruction).
  LaneService Service = LaneService::Instruction;
  /// For a library call or inline PTX that compiles to fixed instructions
  /// (a wmma fragment's load or store): what it is and compiles to. nvcc
  /// merges, narrows, reuses or speculates nothing of it.
  std::string Instruction;
  /// SharedAccessDesc::StridedByRows.
  bool StridedByRows = false;
  LaneExprPtr TileStart;
  LaneExprPtr Guard;
  /// A load under one condition whose code only computes values: nvcc may
  /// run it unconditionally (core/codegen/LoadSpeculation.h).
  bool Speculable = false;
  std::string Iteration; ///< "j = 8"; empty outside unrolled loops
  /// Set for an access in a loop walked once for all its iterations: the
  /// indices and guard name the loop's variables as its symbols.
  std::shared_ptr<const IterationRange> Range;
  /// The calls, outermost first, through which the walked function reached
  /// the access; empty for an access in the function itself.
  std::vector<const clang::CallExpr *> Calls;
  /// For an access in a system header's code (a library's): the user's
  /// call or construction that runs that code, and its callee or
  /// constructor; null otherwise.
  const clang::Expr *EnteredAt = nullptr;
  const clang::FunctionDecl *Entered = nullptr;
  /// Accesses of one thread with the same Region follow each other in
  /// straight-line code (no barrier, branch or loop boundary between);
  /// Sequence orders them.
  unsigned Region = 0;
  unsigned Sequence = 0;
  /// Accesses of one Region with different SoftRegions have something
  /// between them that may or may not stop nvcc merging them (SoftBreak).
  unsigned SoftRegion = 0;
  std::string SoftBreak;
  /// Accesses of one Region with different WriteRegions have a call
  /// between them that may write memory: a load after it reuses no value
  /// loaded before.
  unsigned WriteRegion = 0;
  /// The loops around the access that this walk unrolled and nvcc compiles
  /// once (WalkOptions::CompiledOnce), outermost first, with the iteration.
  std::vector<std::pair<const clang::Stmt *, unsigned>> CompiledOnce;
  /// The symbols of the variables that the loops around it, walked once,
  /// change.
  std::vector<std::string> OnceLoopSymbols;
  /// Those that hold only powers of two, from the value given.
  std::map<std::string, int64_t> PowersOfTwoFrom;
  /// Of those, the ones that are never 0 here.
  std::set<std::string> PowersNeverZero;
  /// Why the walk did not count this access's executions (a loop around
  /// it passed the budget of unrolled loop bodies); empty when it did.
  std::string OverBudget;
};

/// Something the walk could not follow, said once at its place.
struct WalkRemark {
  clang::SourceLocation Loc;
  std::string Message;
};

struct WalkOptions {
  /// The block shape, when the walk may use it: loops bounded by blockDim
  /// are then unrolled.
  std::optional<std::array<unsigned, 3>> BlockDim;
  /// Loops whose trip count nvcc does not know (a walk without BlockDim
  /// could not unroll them: WalkResult::NotUnrolled): when this walk
  /// unrolls one, its accesses say which iteration they are of.
  const llvm::DenseSet<const clang::Stmt *> *CompiledOnce = nullptr;
  /// Integer parameters of a kernel that every launch passes as one
  /// constant (LaunchArguments.h), by index: they hold it.
  std::map<unsigned, int64_t> Arguments;
  /// Follow shared memory into functions of system headers (a library's
  /// block primitives), as the code a user wrote.
  bool LibraryCode = true;
};

struct WalkResult {
  /// A loop bounded by blockDim was walked once because blockDim was not
  /// known: walking again with WalkOptions::BlockDim set unrolls it.
  bool NeedsBlockDim = false;
  /// The loops this walk could not unroll.
  llvm::DenseSet<const clang::Stmt *> NotUnrolled;
  std::vector<WalkRemark> Remarks;
};

using AccessSink = std::function<void(const WalkedAccess &)>;

/// Walks \p Function's body, calling \p Sink for every shared access.
WalkResult walkFunction(clang::ASTContext &Ctx,
                        const clang::FunctionDecl &Function,
                        const AccessSink &Sink,
                        const WalkOptions &Options = {});

} // namespace bankfix

#endif // BANKFIX_FUNCTIONWALKER_H
