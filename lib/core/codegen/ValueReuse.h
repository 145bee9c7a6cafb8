// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ValueReuse.h - Loads nvcc does not make ---------------*- C++ -*-===//
//
// A load of what the same thread loaded or stored before in the same
// straight line, with nothing between that may write it, is no load: nvcc
// keeps the value in a register. Measured: test/differential/findings/
// compiled_forms3.cu. Internal to core/codegen. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_VALUEREUSE_H
#define BANKFIX_VALUEREUSE_H

#include "core/codegen/AccessMerging.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace bankfix {

/// Whether the load \p Y reads what \p X (a load or a store) read or wrote,
/// lane for lane, for every value of the warp-uniform symbols: one array,
/// width and guard, the same addresses in every shape. With nothing
/// between them that writes the array, nvcc reuses the value.
bool reusesValue(const SharedArrayLayout &XLayout, const AccessInstance &X,
                 const SharedArrayLayout &YLayout, const AccessInstance &Y,
                 const std::vector<BlockShape> &Shapes);

/// Each access's lane addresses with the warp-uniform symbols 0, computed
/// once per access: a cheap test that rules out most pairs before
/// reusesValue tries every value of the symbols.
class AddressPrints {
public:
  /// reusesValue for two candidates, from the prints where they hold no
  /// warp-uniform symbol.
  bool reuses(const MergeCandidate &X, const MergeCandidate &Y,
              const std::vector<BlockShape> &Shapes);

private:
  /// False where \p X and \p Y certainly do not access the same
  /// addresses (reusesValue would say so); true where they may.
  bool mayReuse(const MergeCandidate &X, const MergeCandidate &Y,
                const std::vector<BlockShape> &Shapes);
  std::map<const MergeCandidate *, std::optional<std::vector<uint64_t>>> Prints;
};

/// What each iteration of a loop nvcc compiles once says about a load and
/// an earlier access of the same iteration: nvcc sees the loop's body once,
/// so a value is reused, or a store is known not to touch the load's bytes,
/// only where that holds in every iteration, the same way (a distance
/// between two places that changes with the iteration is no constant to
/// nvcc).
class IterationFacts {
public:
  /// Records the runs' pairs in loops compiled once.
  void collect(const std::vector<MergeCandidate *> &Run,
               const std::vector<BlockShape> &Shapes);
  /// Whether \p Y loads what \p X accessed in every iteration.
  bool sameEveryIteration(const MergeCandidate &X,
                          const MergeCandidate &Y) const;
  /// Whether \p X is the same constant distance from \p Y in every
  /// iteration.
  bool apartEveryIteration(const MergeCandidate &X,
                           const MergeCandidate &Y) const;

private:
  using Key = std::tuple<const void *, const void *, std::vector<const void *>>;
  static Key keyOf(const MergeCandidate &X, const MergeCandidate &Y);
  std::map<Key, std::set<bool>> Same;
  /// The distances seen; nullopt where the two were not apart by one.
  std::map<Key, std::set<std::optional<int64_t>>> Distances;
  /// The iterations each pair was seen in: one proves nothing about the
  /// others nvcc compiles for.
  std::map<Key, std::set<std::vector<unsigned>>> Iterations;
  bool seenTwice(const Key &K) const;
};

/// A load of what an earlier load of the same straight line loaded, with
/// no store to the array, barrier or call that may write between, or of
/// what the latest store to it there stored: marked merged away, with a
/// note naming the access whose value it reuses. In a loop compiled once,
/// only as \p Facts allow.
void markReusedLoads(std::vector<MergeCandidate *> &Run,
                     const std::vector<BlockShape> &Shapes,
                     const IterationFacts &Facts);

/// After the merges: a load whose bytes an earlier, wider load of the
/// straight line loaded, with no store to the array between, reuses them.
void markContainedLoads(std::vector<MergeCandidate *> &Run,
                        const std::vector<BlockShape> &Shapes);

} // namespace bankfix

#endif // BANKFIX_VALUEREUSE_H
