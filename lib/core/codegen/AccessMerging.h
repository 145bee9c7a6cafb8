//===- AccessMerging.h - Adjacent accesses nvcc merges into one -----------===//
//
// nvcc turns one thread's accesses to adjacent elements of a shared array
// into one wider instruction when the first element's address is aligned
// to the merged width, and the GPU serves the wide access by the 8- or
// 16-byte phase rule (docs/bank-model.md, "What nvcc 13 merges", measured on
// an H100): `s[2*t]` and `s[2*t+1]` of floats become one conflict-free
// 8-byte load. This finds such pairs, and pairs of merged pairs, among the
// executions of one function that follow each other in straight-line code
// (same region: no barrier, branch or volatile access between), checking
// the addresses of every lane of every block shape analysed. As measured,
// straight-line accesses merge up to 16 bytes and the iterations of an
// unrolled loop up to 8. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ACCESSMERGING_H
#define BANKFIX_ACCESSMERGING_H

#include "core/access/AccessSummary.h"

#include <string>
#include <vector>

namespace bankfix {

/// One execution that may merge with its neighbours.
struct MergeCandidate {
  AccessInstance *Instance = nullptr;
  const SharedArrayLayout *Layout = nullptr;
  /// Executions merge only within one group (one function, array and
  /// access kind) and in Instance->Sequence order.
  unsigned Group = 0;
  /// Names the access in notes: "load at 18:14".
  std::string Label;
  /// Several executions of one access expression (unrolled iterations).
  const void *Expression = nullptr;
};

/// Whether the compiler merges \p X with the execution \p Y that follows
/// it in straight-line code (\p SameExpression: the next iteration of the
/// same access): same width and kind, within the widest merge, the same
/// guard, and Y starting where X ends in every lane of every shape, X
/// aligned to the merged width. An instance that stands for a loop's
/// iterations merges with nothing.
bool mergesWithNext(const SharedArrayLayout &Layout, const AccessInstance &X,
                    const AccessInstance &Y, bool SameExpression,
                    const std::vector<BlockShape> &Shapes);

/// Widens each execution that the compiler merges with the next ones
/// (Instance->Desc.Width, Instance->MergeNote) and marks those as merged
/// away (Instance->MergedAway). \p Shapes are the block shapes analysed.
void mergeAdjacentAccesses(std::vector<MergeCandidate> &Candidates,
                           const std::vector<BlockShape> &Shapes);

} // namespace bankfix

#endif // BANKFIX_ACCESSMERGING_H
