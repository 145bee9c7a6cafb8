// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IterationRange.h - One access over all the iterations of a loop ----===//
//
// A loop whose trip count is known and whose variables step by a constant
// is walked once instead of once per iteration: its accesses then name the
// loop's variables as symbols ("@j"), and the range says what each symbol
// holds in iteration k: the value the variable had on entry in the first
// iteration, Start + Step * k in the others. Iteration k of such an access
// is the access with each symbol replaced by that value, the expression
// an unrolled walk would have built; its label ("j = 8") is the one that
// walk would have given it. A nest of such loops (each loop's trip count
// and steps the same in every iteration of the loops around it) is one
// range of several levels: iteration k counts the nest's iterations in
// the order they run, the innermost loop's fastest. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ITERATIONRANGE_H
#define BANKFIX_ITERATIONRANGE_H

#include "core/access/AccessEvaluation.h"

#include <map>
#include <string>
#include <vector>

namespace bankfix {

/// A variable the loop changes.
struct LoopVariable {
  std::string Name;   ///< as written: "j"
  std::string Symbol; ///< the symbol the accesses name it by: "@j"
  LaneExprPtr Entry;  ///< its value on entry to the first iteration
  /// Start + Step * k in iteration k >= 1 (the value as a number, of type
  /// Type); otherwise it is no number from the second iteration on (a sum
  /// of values read from memory, say) and no access reads it.
  bool Steps = false;
  int64_t Start = 0, Step = 0;
  IntType Type;
  /// The loop of the nest it belongs to: 0 the outermost.
  unsigned Level = 0;
};

struct IterationRange {
  uint64_t Count = 0; ///< iterations: k = 0 .. Count - 1
  /// The trip count of each loop of a nest, outermost first (their product
  /// is Count); empty for one loop.
  std::vector<uint64_t> Levels;
  /// The iteration label of the unrolled loops around this one ("i = 2"),
  /// or empty.
  std::string Outer;
  std::vector<LoopVariable> Variables;
  /// Why the iterations cannot be judged, when they cannot (nvcc may merge
  /// some of them with their neighbours, in a loop too long to follow
  /// one by one).
  std::string Unfollowed;
  /// The straight-line regions (AccessInstance::Region) the body starts and
  /// ends in: iteration k's last is iteration k + 1's first; the same when
  /// nothing in the body (a branch, a barrier) starts a new one.
  unsigned FirstRegion = 0, LastRegion = 0;
  /// nvcc keeps the loop a loop, one iteration after the other
  /// (`#pragma unroll 1`): nothing merges across its iterations or with
  /// the code around it, and what merges within an iteration must merge in
  /// every one.
  bool CompiledOnce = false;

  /// The loops of the nest (1 for one loop), and the trip count of one.
  unsigned levels() const {
    return Levels.empty() ? 1 : unsigned(Levels.size());
  }
  uint64_t levelCount(unsigned L) const {
    return Levels.empty() ? Count : Levels[L];
  }
  /// The iteration of loop \p L that iteration \p K of the nest runs.
  uint64_t levelIteration(uint64_t K, unsigned L) const;
  /// The iteration of the nest whose loops run \p Ks (one per level).
  uint64_t nestIteration(const std::vector<uint64_t> &Ks) const;
  /// What \p V holds on entry to iteration \p K; null when that is no
  /// number.
  LaneExprPtr valueAt(const LoopVariable &V, uint64_t K) const;
  /// "j = 8" (with the outer label before it): the variables that hold a
  /// number in iteration \p K, by name; "#K+1" when none does.
  std::string label(uint64_t K) const;
  /// \p Access in iteration \p K: each symbol replaced by its value.
  SharedAccessDesc accessAt(const SharedAccessDesc &Access, uint64_t K) const;
  /// The stepping variable named by \p Symbol, when it is one of this
  /// range's.
  const LoopVariable *variable(const std::string &Symbol) const;
  /// The least and greatest value of stepping variable \p V over all its
  /// loop's iterations.
  std::pair<int64_t, int64_t> valueBounds(const LoopVariable &V) const;
};

/// \p E with every Uniform node whose name is a key of \p Values replaced
/// by its value (the nodes above rebuilt, shared operands once).
LaneExprPtr substituteSymbols(const LaneExprPtr &E,
                              const std::map<std::string, LaneExprPtr> &Values);

} // namespace bankfix

#endif // BANKFIX_ITERATIONRANGE_H
