// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaneAdjacency.h - Executions' lanes side by side ------*- C++ -*-===//
//
// What the merge rules ask of two executions' lanes, for every block shape
// and every value of the warp-uniform symbols they name: does one start
// where the other ends, aligned to the merged width; are they a constant
// distance apart; where does an array start. Internal to core/codegen.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LANEADJACENCY_H
#define BANKFIX_LANEADJACENCY_H

#include "core/codegen/AccessMerging.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

/// An `extern __shared__` array: every one starts at the same address.
bool isExtern(const SharedArrayLayout &L);

/// Whether two guards are the same condition (both absent, or the same
/// expression).
bool sameGuard(const LaneExprPtr &A, const LaneExprPtr &B);

/// The warp-uniform symbols that \p X's and \p Y's indices and guards name.
std::map<std::string, IntType> symbolsOf(const AccessInstance &X,
                                         const AccessInstance &Y);

/// The values the symbols are checked at: a merge must hold for every
/// value, so alignment is tried with odd and even ones. Each symbol takes
/// each value with the others at 0, then all take it together.
std::vector<UniformBindings>
bindingsFor(const std::map<std::string, IntType> &Symbols);

/// What turns an evaluated address of \p L (its start modulo 4 included)
/// into its offset from the array's start.
uint64_t alignmentShift(const SharedArrayLayout &L);

/// The alignment nvcc can rely on for \p L's start (at most 16 bytes):
/// ptxas places the array, and merges a thread's accesses of it only at
/// offsets aligned to the merged width from a start aligned to it too
/// (measured: floats after `float q[5]`, at byte 20, merge nothing).
uint64_t startAlignment(const SharedArrayLayout &L);

/// Whether nvcc can see that \p X's and \p Y's indices are a constant
/// apart: each is a constant plus the same multiples of the same terms,
/// where a term is what is not a sum, a difference or a product (or shift)
/// by a constant: `2 * t` and `2 * t + 1` are; `i + i / 32 * 2` at i = 2t
/// and at i = 2t + 1 are not (their quotients are two terms), and nvcc
/// keeps such a pair apart though every lane's elements are adjacent
/// (measured: two STS, test/inputs/real/launch_arguments.cu padded).
bool constantApart(const AccessInstance &X, const AccessInstance &Y);

/// Whether \p Y starts where \p X ends for every active lane of every
/// shape and every value of the warp-uniform symbols, with the same lanes
/// active, and X's address is aligned to the merged width.
bool adjacentInEveryLane(const SharedArrayLayout &XLayout,
                         const AccessInstance &X,
                         const SharedArrayLayout &YLayout,
                         const AccessInstance &Y,
                         const std::vector<BlockShape> &Shapes);

/// Whether \p X in one iteration of a loop walked once is adjacent to
/// itself in the next (its symbol \p Symbol one larger) in every lane of
/// every shape, and aligned in the first for every value of the other
/// symbols: nvcc may unroll the loop at run time and merge them.
bool nextIterationFollows(const SharedArrayLayout &Layout,
                          const AccessInstance &X, const std::string &Symbol,
                          const std::vector<BlockShape> &Shapes);

/// Every lane's offset from its array's start of \p I, for each shape and
/// value of its symbols in turn (UINT64_MAX for a lane that does not run);
/// nullopt when one is not known.
std::optional<std::vector<uint64_t>>
laneAddresses(const SharedArrayLayout &Layout, const AccessInstance &I,
              const std::vector<BlockShape> &Shapes);

/// The distance from \p X's bytes to \p Y's when it is the same in every
/// lane, shape and value of the symbols, and they do not overlap.
std::optional<int64_t> apartByAConstant(const MergeCandidate &X,
                                        const MergeCandidate &Y,
                                        const std::vector<BlockShape> &Shapes);

} // namespace bankfix

#endif // BANKFIX_LANEADJACENCY_H
