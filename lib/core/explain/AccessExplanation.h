// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessExplanation.h - One access laid out lane by lane -------------===//
//
// What --explain shows for one access, one block shape and one warp, as
// plain data: for each lane its threadIdx and index values, and the bank
// map of the array as declared and, when bankfix proposes one, as padded.
// This is the table the seed documents draw by hand (thread -> index ->
// byte address -> bank). No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ACCESSEXPLANATION_H
#define BANKFIX_ACCESSEXPLANATION_H

#include "core/access/AccessEvaluation.h"
#include "core/expr/LaneEvaluator.h"
#include "core/model/WarpBankMap.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

struct ExplainedLane {
  bool Exists = false; ///< the block has a thread at this lane
  std::array<unsigned, 3> ThreadIdx = {0, 0, 0};
  /// The value of each index ("5", "blockIdx.x+5"); empty when inactive.
  std::vector<std::string> Indices;
};

/// The array with one layout (as declared, or padded) and its bank map.
struct ExplainedLayout {
  std::string TypeSpelling; ///< "float[32][33]"
  WarpBankMap Map;
};

struct AccessExplanation {
  // Filled by whoever knows the source.
  std::string Place;     ///< "file.cu:10:22"
  std::string Access;    ///< "load from 'tile'"
  std::string Function;  ///< "readColumn", "transpose<16>"
  std::string Block;     ///< "32x1x1 (set with --block-dim)"
  std::string Iteration; ///< "j = 8" for an unrolled loop's worst iteration
  std::string NoAfter;   ///< why there is no "after" map
  bool SameInEveryIteration = false; ///< the loop's iterations are alike

  // Filled by explainWarp.
  BlockShape Shape;
  unsigned Warp = 0;
  bool WorstWarp = false;         ///< the warp was chosen as the worst
  bool SameInEveryWarp = false;   ///< every warp takes the same wavefronts
  std::vector<std::string> Index; ///< each index as an expression
  unsigned Width = 4;
  AccessKind Kind = AccessKind::Load;
  /// The warp-uniform part of the addresses, left out of them ("128*b").
  std::string UniformOffset;
  /// For which values of what is not known the maps hold: "the worst case,
  /// for n = 32", "the same for every value of n"; empty when nothing
  /// unknown was given a value or assumed.
  std::string Values;
  /// Non-empty when the access cannot be explained (it cannot be judged).
  std::string Problem;
  std::array<ExplainedLane, WarpSize> Lanes;
  ExplainedLayout Before;
  std::optional<ExplainedLayout> After;
};

/// "5", "blockIdx.x+5", "2*n-1".
std::string formatSymbolicValue(const SymbolicValue &V);

/// The warp of \p Shape with the most excess wavefronts for \p Access (the
/// one the diagnostics report), 0 when no warp runs it.
unsigned worstWarp(const SharedArrayLayout &Array, const SharedAccessDesc &Desc,
                   const BlockShape &Shape);

/// Fills \p E's lanes, indices and maps for warp \p Warp of \p Shape:
/// \p Array as declared, and padded by \p Pad elements in its innermost
/// dimension when \p Pad is non-zero (with \p PaddedSpelling). Sets
/// E.Problem when the access cannot be evaluated.
void explainWarp(const SharedArrayLayout &Array, const std::string &Spelling,
                 const SharedAccessDesc &Desc, const BlockShape &Shape,
                 unsigned Warp, unsigned Pad, const std::string &PaddedSpelling,
                 AccessExplanation &E);

} // namespace bankfix

#endif // BANKFIX_ACCESSEXPLANATION_H
