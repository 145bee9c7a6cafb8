// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessSummary.h - One access over all its executions ---------------===//
//
// An access in an unrolled loop runs once per iteration, each with its own
// indices; an access elsewhere runs once. This evaluates every execution
// for a block shape and sums them: the worst execution gives the n-way and
// wavefronts per warp, the totals give the wavefronts per block. An
// instance that stands for every iteration of a loop (IterationRange) is
// evaluated once per iteration of the period after which its bank pattern
// repeats (IterationPeriod.h), each counted as often as it recurs; the
// totals and the worst execution are those of evaluating every iteration.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ACCESSSUMMARY_H
#define BANKFIX_ACCESSSUMMARY_H

#include "core/access/AccessEvaluation.h"
#include "core/access/IterationRange.h"

#include <memory>

#include <array>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

/// One execution of an access: the only one, or one loop iteration.
struct AccessInstance {
  SharedAccessDesc Desc;
  std::string Iteration; ///< "j = 8"; empty outside unrolled loops
  /// Set when the walk that found this execution knew blockDim (a loop
  /// bounded by it was unrolled) or the parameter values of the launches
  /// of one shape: the execution belongs to that block shape (and set of
  /// values) alone.
  std::optional<BlockShape> OnlyForShape;
  /// Executions of one thread with the same Region follow each other in
  /// straight-line code; Sequence orders them (what the compiler may
  /// merge).
  unsigned Region = 0, Sequence = 0;
  /// The compiler merges this execution into an earlier one (MergeNote
  /// says which): it makes no access of its own.
  bool MergedAway = false;
  /// Set with MergedAway when the execution is part of another's wider
  /// access (not when nvcc reuses a value instead of loading).
  bool MergedInto = false;
  /// Set on an execution that makes a merged (or widened) access: its own
  /// access before the merge (Desc takes the merged one's lowest address).
  std::optional<SharedAccessDesc> Unmerged;
  /// "merged by nvcc with the load at 19:14 into one 8-byte load" on the
  /// execution that makes the merged access, or what it was merged into.
  std::string MergeNote;
  /// Executions of one Region with different SoftRegions have something
  /// between them that may or may not stop nvcc merging them (a call whose
  /// body is not visible); SoftBreak says what, on the later one.
  unsigned SoftRegion = 0;
  std::string SoftBreak;
  /// Executions of one Region with different WriteRegions have a call
  /// between them that may write memory: a load after it reuses no value
  /// loaded before.
  unsigned WriteRegion = 0;
  /// The loops around this execution that the walk unrolled and nvcc
  /// compiles once (their trip count is known only at run time), outermost
  /// first, each with this execution's iteration of it.
  std::vector<std::pair<const void *, unsigned>> CompiledOnce;
  /// The warp-uniform symbols of the variables that a loop around it, walked
  /// once for all its iterations, changes (the iterations nvcc may unroll
  /// at run time and merge).
  std::vector<std::string> OnceLoopSymbols;
  /// Set when nvcc may or may not merge this execution with a neighbour:
  /// the neighbour and why it cannot be decided, and the access they would
  /// make together.
  std::string UncertainMerge;
  std::optional<SharedAccessDesc> UncertainWide;
  /// Set when this instance stands for every iteration of a loop: Desc
  /// names the loop's variables, Iteration is empty.
  std::shared_ptr<const IterationRange> Range;
  /// Why the walk could not count how often this execution repeats (a
  /// loop around it that it did not unroll though its trip count is
  /// known); the execution is then not judged. Empty when counted.
  std::string Uncounted;

  uint64_t executions() const { return Range ? Range->Count : 1; }

  bool runsFor(const BlockShape &Shape) const {
    return !MergedAway && (!OnlyForShape || *OnlyForShape == Shape);
  }
};

struct InstanceEvaluation {
  std::string Iteration;
  AccessEvaluation Eval;
  /// The executions with this evaluation (iterations of a repeating
  /// pattern), and the access made.
  uint64_t Count = 1;
  SharedAccessDesc Desc;
};

struct AccessSummary {
  /// In the order of execution; an instance of a repeating pattern stands
  /// for Count executions.
  std::vector<InstanceEvaluation> Instances;
  uint64_t Executions = 0;      ///< the sum of the instances' Counts
  size_t Worst = 0;             ///< the instance with the most excess per warp
  size_t FirstProblem = 0;      ///< when !judged(): the first unjudged instance
  uint64_t BlockWavefronts = 0; ///< summed over instances and warps
  uint64_t BlockIdeal = 0;
  /// summarizeAccess stopped at its StopAt: the executions after the last
  /// instance are not evaluated, and the totals are theirs so far.
  bool Stopped = false;

  bool judged() const;
  /// Judged, and some lane of the block runs it.
  bool runs() const;
  const AccessEvaluation &worst() const { return Instances[Worst].Eval; }
  /// Every instance has the same worst wavefronts and ideal per warp.
  bool sameInEveryInstance() const;
  /// Judged, and the numbers are exact: no execution is a worst case over
  /// values that are not known.
  bool exact() const;
  /// When not exact: the condition of the worst execution's numbers
  /// ("for n = 32"), or of the first execution that is a worst case.
  std::string worstCase() const;
  /// The unknown symbols the numbers hold for every value of ("n").
  std::string forEvery() const;
  uint64_t blockExcess() const { return BlockWavefronts - BlockIdeal; }
};

/// The block shapes an access is judged for and, when known, its summary
/// for each under the layout as it is: the fix planners compare candidate
/// layouts with it without judging the access again.
struct JudgedShapes {
  std::vector<BlockShape> Shapes;
  const std::vector<AccessSummary> *AsIs = nullptr; ///< one per shape

  JudgedShapes() = default;
  JudgedShapes(std::initializer_list<BlockShape> Shapes) : Shapes(Shapes) {}
  JudgedShapes(std::vector<BlockShape> Shapes) : Shapes(std::move(Shapes)) {}
};

/// Iterations of a loop evaluated one by one when no repeating pattern can
/// be shown; a longer loop is then not judged.
constexpr uint64_t MaxIterationsOneByOne = 1024;
/// Combinations of the iterations of nested loops evaluated, at most, to
/// judge an access in the nest.
constexpr uint64_t MaxNestCombinations = 1 << 14;
/// The longest period of a sum of a nest's loops followed (NestSum.h).
constexpr uint64_t MaxSumPeriod = 1 << 12;

/// Every execution of \p Instances that runs for \p Shape, evaluated;
/// \p Only as in evaluateAccess. The evaluation stops (Stopped) once the
/// executions evaluated take \p StopAt wavefronts per block: a fix search
/// needs no more of a layout that can no longer win.
AccessSummary summarizeAccess(const SharedArrayLayout &Array,
                              const std::vector<AccessInstance> &Instances,
                              const BlockShape &Shape,
                              const UniformValueSets *Only = nullptr,
                              uint64_t StopAt = UINT64_MAX);

} // namespace bankfix

#endif // BANKFIX_ACCESSSUMMARY_H
