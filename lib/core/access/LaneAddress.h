// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaneAddress.h - One lane's byte address of an access ---------------===//
//
// Internal to AccessEvaluation.cpp: how an access's indices become each
// lane's byte address in the array (the element size and extents, the
// bounds, a member's offset, where the array starts inside a word), and
// where a layout being weighed for a fix (rows padded, columns swizzled;
// core/model/ArrayLayout.h) moves that address. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LANEADDRESS_H
#define BANKFIX_LANEADDRESS_H

#include "core/access/AccessEvaluation.h"
#include "core/expr/LaneEvaluator.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

/// Why the access cannot be judged, for the evaluation \p E.
void setProblem(AccessEvaluation &E, std::string Problem, std::string Term);

/// "threadIdx (x,y,z)".
std::string describeLane(const std::array<unsigned, 3> &Tid);

/// True when an evaluation error comes from the values reached (it cannot
/// happen in a program that runs), not from what is not known.
bool fromValues(EvalErrorKind K);

/// How an access's indices become a byte address: bytes per index step and
/// the extent (0: not known) of each index.
struct Addressing {
  std::vector<int64_t> Scale;
  std::vector<uint64_t> Extent;
  /// Per index: it reads a symbol that has no value, so that evaluating it
  /// as a plain number fails in every lane (set by withSymbolsOf).
  std::vector<bool> Symbolic;
};

/// \p Scheme with Symbolic set for the bindings \p Uniforms.
void withSymbolsOf(Addressing &Scheme, const SharedAccessDesc &Access,
                   const UniformBindings *Uniforms);

/// The addressing of \p Access into \p Array; nullopt (and the problem set)
/// for an array whose size in bytes does not fit in 64 bits.
std::optional<Addressing> addressingOf(const SharedArrayLayout &Array,
                                       const SharedAccessDesc &Access,
                                       AccessEvaluation &Eval);

/// The byte address of the access for one lane: a constant plus multiples
/// of warp-uniform symbols; nullopt (and the problem set) when an index
/// cannot be evaluated, is out of bounds, or the address overflows. Given
/// \p OutOfBounds, an index out of bounds, or one whose evaluation is
/// undefined for the values given (a signed overflow), sets it instead of
/// the problem.
std::optional<SymbolicValue>
laneAddress(const SharedArrayLayout &Array, const SharedAccessDesc &Access,
            const Addressing &Scheme, const LaneEnv &Env,
            AccessEvaluation &Eval, bool *OutOfBounds = nullptr);

} // namespace bankfix

#endif // BANKFIX_LANEADDRESS_H
