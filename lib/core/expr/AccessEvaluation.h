//===- AccessEvaluation.h - One shared access over every warp of a block --===//
//
// Joins the lane evaluator and the bank model: for a shared array's layout,
// one access to it (an index expression per dimension, an optional guard
// that decides which lanes are active) and a block shape, computes each
// lane's byte address in every warp and runs the bank model on it.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ACCESSEVALUATION_H
#define BANKFIX_ACCESSEVALUATION_H

#include "core/expr/LaneExpr.h"
#include "core/model/BankModel.h"
#include "core/model/BlockShape.h"

#include <string>
#include <vector>

namespace bankfix {

struct SharedArrayLayout {
  std::string Name;
  /// Extents, outermost first; 0 for an extent that is not known
  /// (the outermost one of `extern __shared__ T a[]`).
  std::vector<uint64_t> Dims;
  uint64_t ElementSize = 4;
};

struct SharedAccessDesc {
  /// One per dimension of the array; with FlatBytes, one: the byte offset
  /// from the start of the array (an access through a pointer).
  std::vector<LaneExprPtr> Indices;
  bool FlatBytes = false;
  LaneExprPtr Guard;       ///< lanes where it is 0 are inactive
  uint64_t ByteOffset = 0; ///< offset of the member accessed
  unsigned Width = 4;      ///< bytes moved per lane
  AccessKind Kind = AccessKind::Load;
  /// The load is the only effect of the conditional code around it (an if
  /// whose branch only computes local values, an operand of ?:, && or ||),
  /// so that nvcc may run it unconditionally (LoadSpeculation.h).
  bool Speculable = false;
};

struct WarpOutcome {
  unsigned Warp = 0;
  WarpAddresses Addresses;
  WarpAccessResult Result;
};

struct AccessEvaluation {
  BlockShape Shape;
  /// Empty when every lane could be evaluated; otherwise why the access
  /// cannot be judged (and Warps is empty).
  std::string Problem;
  /// The sub-expression that blocked evaluation, when there is one.
  std::string BlockingTerm;
  std::vector<WarpOutcome> Warps; ///< warps with at least one active lane
  unsigned WorstWarp = 0;         ///< index into Warps: most excess
  uint64_t BlockWavefronts = 0;   ///< summed over the warps of one block
  uint64_t BlockIdeal = 0;
  /// nvcc runs the load in every warp with every lane, at its constant
  /// address, whatever its guard says (LoadSpeculation.h).
  bool Speculated = false;

  bool judged() const { return Problem.empty(); }
  const WarpAccessResult &worst() const { return Warps[WorstWarp].Result; }
  /// True when every evaluated warp has the same wavefronts and ideal.
  bool sameInEveryWarp() const;
  uint64_t blockExcess() const { return BlockWavefronts - BlockIdeal; }
};

AccessEvaluation evaluateAccess(const SharedArrayLayout &Array,
                                const SharedAccessDesc &Access,
                                const BlockShape &Shape);

} // namespace bankfix

#endif // BANKFIX_ACCESSEVALUATION_H
