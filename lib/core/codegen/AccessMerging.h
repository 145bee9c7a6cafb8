// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessMerging.h - Adjacent accesses nvcc merges into one -----------===//
//
// nvcc (ptxas) turns one thread's accesses to adjacent elements of a
// shared array into one wider instruction when the first element's address
// is aligned to the merged width, and the GPU serves the wide access by the
// 8- or 16-byte phase rule (docs/bank-model.md, "What nvcc 13 merges"):
// `s[2*t]` and `s[2*t+1]` of floats become one conflict-free 8-byte load,
// whatever the spelling, since the decision is made on the lanes'
// addresses. Measured on the GPU:
// - 2-byte elements merge up to 8 bytes, 4- and 8-byte elements up to 16,
//   1-byte elements not at all, unless the declaration asks for more
//   alignment (`__align__(16)`: bytes and shorts up to 16); in
//   straight-line code and across the iterations of a loop nvcc unrolls
//   alike;
// - loads merge across loads of other arrays, and across a store to
//   another static array only when their own is declared aligned to the
//   merged width; not across a store that may write their own; stores
//   merge across nothing that touches shared memory;
// - in a loop whose trip count is known only at run time (the walk unrolls
//   it for a known block shape), the body is compiled once: accesses of one
//   iteration merge only when they do in every iteration.
// Where the merge cannot be decided (a call whose body is not visible, a
// load of another array between two stores, consecutive iterations of a
// loop compiled once), the executions are marked UncertainMerge.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ACCESSMERGING_H
#define BANKFIX_ACCESSMERGING_H

#include "core/access/AccessSummary.h"

#include <string>
#include <vector>

namespace bankfix {

/// One execution of a function's shared access, in the order they run.
struct MergeCandidate {
  AccessInstance *Instance = nullptr;
  const SharedArrayLayout *Layout = nullptr;
  /// Executions merge only within one group (one walk of one function for
  /// one block shape), in Instance->Sequence order. Every access of the
  /// group is a candidate, those that cannot merge too: what lies between
  /// two executions decides whether they merge.
  unsigned Group = 0;
  /// False for an access that is never merged (volatile, or not modelled).
  bool Mergeable = true;
  /// Names the access in notes: "load at 18:14".
  std::string Label;
  /// Several executions of one access expression (unrolled iterations).
  const void *Expression = nullptr;
};

/// The widest access nvcc makes of merged accesses of \p Width bytes each
/// of \p Layout (\p Width itself when they do not merge): 8 bytes of
/// 2-byte elements, 16 of wider ones, and 1-byte elements not at all; an
/// alignment the declaration asks for (`__align__(16)`) raises it to that
/// alignment (at most 16 bytes).
unsigned widestMerge(const SharedArrayLayout &Layout, unsigned Width);

/// Whether the compiler merges \p X with the execution \p Y that follows
/// it in straight-line code with nothing between them that stops it: one
/// array (\p XLayout, \p YLayout), the same width and kind, within the
/// widest merge of elements of \p BaseWidth bytes, the same guard, and Y
/// starting where X ends in every lane of every shape (for every value of
/// the warp-uniform values they name), X aligned to the merged width. An
/// instance that stands for a loop's iterations merges with nothing.
bool mergesWithNext(const SharedArrayLayout &XLayout, const AccessInstance &X,
                    const SharedArrayLayout &YLayout, const AccessInstance &Y,
                    unsigned BaseWidth, const std::vector<BlockShape> &Shapes);

/// Widens each execution that the compiler merges with the next ones
/// (Instance->Desc.Width, Instance->MergeNote), marks those as merged away
/// (Instance->MergedAway), and marks UncertainMerge where the merge cannot
/// be decided. \p Shapes are the block shapes analysed.
void mergeAdjacentAccesses(std::vector<MergeCandidate> &Candidates,
                           const std::vector<BlockShape> &Shapes);

/// A function's executions as the walk found them, before the compiler's
/// merges: what a fix is compiled from again, since a layout that moves an
/// array's rows can make or break a merge (rows of 66 shorts make a
/// thread's 64 shorts 32-bit stores where rows of 64 or 68 make STS.64).
struct UncompiledRun {
  struct Execution {
    AccessInstance Instance;
    const SharedArrayLayout *Layout = nullptr;
    unsigned Group = 0;
    bool Mergeable = true;
    std::string Label;
    const void *Expression = nullptr;
  };
  std::vector<Execution> Executions; ///< as MergeCandidate, in its order
  std::vector<BlockShape> Shapes;
};

/// \p Run's executions, in its order, as the compiler makes them when the
/// array laid out as \p Array is laid out as \p Changed instead.
std::vector<AccessInstance> compileWithLayout(const UncompiledRun &Run,
                                              const SharedArrayLayout *Array,
                                              const SharedArrayLayout &Changed);

/// \p Candidates by group and straight-line region, each run in the order
/// its executions run (merged-away executions left out).
std::vector<std::vector<MergeCandidate *>>
straightLineRuns(std::vector<MergeCandidate> &Candidates);

} // namespace bankfix

#endif // BANKFIX_ACCESSMERGING_H
