// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
#include "core/model/ArrayLayout.h"
#include "core/model/BankModel.h"
#include "core/model/BlockShape.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace bankfix {

struct SharedAccessDesc {
  /// One per dimension of the array; with FlatBytes, one: the byte offset
  /// from the start of the array (an access through a pointer).
  std::vector<LaneExprPtr> Indices;
  bool FlatBytes = false;
  LaneExprPtr Guard;       ///< lanes where it is 0 are inactive
  uint64_t ByteOffset = 0; ///< offset of the member accessed
  /// Bytes every lane's address moves down by: a run of loads nvcc widens
  /// to the aligned 16 bytes around it starts before its first element.
  uint64_t WidenedDownBy = 0;
  unsigned Width = 4; ///< bytes moved per lane
  AccessKind Kind = AccessKind::Load;
  /// An atomic nvcc does not combine per word (all but `atomicAdd(p, 1)`
  /// with its result unused): the lanes on one word are served one by one
  /// (atomicInc, atomicCAS, measured) or combined by nvcc (a warp-uniform
  /// address), which bankfix does not decide: such a warp is not judged.
  bool EachLaneAtomic = false;
  /// A FlatBytes address (row * ldm + column) elements from a tile in the
  /// array, with ldm the array's row length: padded rows move each lane
  /// with the row it reaches, and a fix grows ldm with them (a wmma
  /// fragment's load or store).
  bool StridedByRows = false;
  /// With StridedByRows: the byte offset of the tile's first element. wmma
  /// asks for it 32-byte aligned, so padded rows must keep it so.
  LaneExprPtr TileStart;
  /// How the lanes' addresses are served (LaneService::MatrixRows for
  /// ldmatrix/stmatrix, 16 bytes per lane).
  LaneService Service = LaneService::Instruction;
  /// The load is the only effect of the conditional code around it (an if
  /// whose branch only computes local values, an operand of ?:, && or ||),
  /// so that nvcc may run it unconditionally (LoadSpeculation.h).
  bool Speculable = false;
  /// Warp-uniform symbols that hold only powers of two, each from the
  /// value given (`for (j = k / 2; j > 0; j >>= 1)` with k doubling from
  /// 2: j from 1): an unknown one is judged over those values only.
  std::map<std::string, int64_t> PowersOfTwoFrom;
  /// Of those, the ones that are never 0 where the access runs (the loop
  /// that halves one stops before 0: `for (; q > 0; q >>= 2)`).
  std::set<std::string> PowersNeverZero;
};

struct WarpOutcome {
  unsigned Warp = 0;
  WarpAddresses Addresses;
  /// The warp's totals; its Phases are not kept (WarpBankMap works out a
  /// warp's phases again when they are shown).
  WarpAccessResult Result;
};

/// How evaluateAccessWith treats values that are not known.
struct EvaluationOptions {
  /// Values for some warp-uniform symbols; the others stay symbols.
  const UniformBindings *Uniforms = nullptr;
  /// A guard conjunct that cannot be decided for a lane (data read from
  /// memory, a value not known) is taken as true: the lane runs the access,
  /// which is the worst case. The conjunct is listed in AssumedGuards.
  bool AssumeUndecidedGuards = false;
  /// Only the lanes' addresses are wanted: the warps' wavefronts are not
  /// counted (WarpOutcome::Result stays empty).
  bool AddressesOnly = false;
};

/// The worst case of an access whose warps kept uncertain merges.
inline constexpr const char *UncertainPairingCase =
    "counted by quarter-warps; with lanes switched off inside a half-warp, "
    "a 16-byte load may take fewer";

struct AccessEvaluation {
  BlockShape Shape;
  /// Empty when every lane could be evaluated; otherwise why the access
  /// cannot be judged (and Warps is empty).
  std::string Problem;
  /// The sub-expression that blocked evaluation, when there is one.
  std::string BlockingTerm;
  /// The problem comes from the values the lanes reached (an index out of
  /// bounds, a division by zero), not from what could not be evaluated.
  bool ProblemFromValues = false;
  /// With ProblemFromValues: a lane's guard divides by zero, shifts out of
  /// range or overflows for the values given to symbols. Evaluating it is
  /// undefined behaviour, so a correct program never has these values
  /// where it runs.
  bool GuardUndefined = false;
  /// Not judged because judging it would pass its budget (WorkBudget.h).
  bool OverBudget = false;
  /// Guard conjuncts taken as true ("'x > 0' holds in every lane").
  std::vector<std::string> AssumedGuards;
  /// The guard conjuncts behind AssumedGuards, so that each is named once
  /// however many lanes take it as true.
  std::vector<const LaneExpr *> AssumedGuardExprs;
  /// A guard taken as true reads memory (`if (key[a] > key[b])`): which
  /// lanes run the access depends on the data, and its numbers are the
  /// case where every lane does.
  bool LanesFromData = false;
  /// The value given to an unknown warp-uniform symbol ("n = 32") when the
  /// access was judged for each of its values that matter: the values of
  /// these numbers and addresses.
  std::string Binding;
  UniformBindings Bound;
  /// Set when the numbers are the worst case, not exact: under which
  /// conditions ("for n = 32", "if 'x > 0' holds in every lane",
  /// UncertainPairingCase).
  std::string WorstCase;
  /// The unknown symbol for every value of which the numbers are the same
  /// (they are exact).
  std::string ForEvery;
  /// Lanes were left out because the values given to symbols sent them
  /// out of the array under a guard taken as true (a program that stays in
  /// bounds switches them off).
  bool LanesOutOfArray = false;
  /// The unknown symbol every value of which gives the same numbers,
  /// though they are a worst case over guards taken as true.
  std::string SameForEveryValue;
  std::vector<WarpOutcome> Warps; ///< warps with at least one active lane
  unsigned WorstWarp = 0;         ///< index into Warps: most excess
  uint64_t BlockWavefronts = 0;   ///< summed over the warps of one block
  uint64_t BlockIdeal = 0;
  /// nvcc runs the load in every warp with every lane, at its constant
  /// address, whatever its guard says (LoadSpeculation.h).
  bool Speculated = false;

  /// Some warp kept the phases of a 16-byte half-warp with a lane
  /// switched off inside it (WarpAccessResult::PairingUncertain).
  bool uncertainPairing() const;

  bool judged() const { return Problem.empty(); }
  bool exact() const { return WorstCase.empty(); }
  const WarpAccessResult &worst() const { return Warps[WorstWarp].Result; }
  /// True when every evaluated warp has the same wavefronts and ideal.
  bool sameInEveryWarp() const;
  uint64_t blockExcess() const { return BlockWavefronts - BlockIdeal; }
};

/// Values to try for warp-uniform symbols in place of every value that
/// matters: the fix planner compares candidate layouts at the values that
/// were the worst case of the layout as it is (FixSearch.h), as a search
/// over every value for every candidate would cost their product.
using UniformValueSets = std::map<std::string, std::vector<int64_t>>;

/// The access judged over every value that matters of the warp-uniform
/// symbols it cannot be judged without (UniformSearch.h): exact when all
/// give the same numbers, otherwise the worst case and its condition.
/// With \p Only, a symbol it names takes only those values (and the
/// numbers are never said to hold for every value).
AccessEvaluation evaluateAccess(const SharedArrayLayout &Array,
                                const SharedAccessDesc &Access,
                                const BlockShape &Shape,
                                const UniformValueSets *Only = nullptr);

/// One evaluation with the values and assumptions of \p Options.
/// The lanes evaluateAccessWith has evaluated on this thread so far: the
/// work a search's budget counts (deterministic, unlike time).
uint64_t lanesEvaluated();

AccessEvaluation evaluateAccessWith(const SharedArrayLayout &Array,
                                    const SharedAccessDesc &Access,
                                    const BlockShape &Shape,
                                    const EvaluationOptions &Options);

} // namespace bankfix

#endif // BANKFIX_ACCESSEVALUATION_H
