// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CompileTimeValue.h - What the compiler folds to a constant ---------===//
//
// The value of a lane expression when the compiler can compute it without
// knowing any thread index, block size or kernel parameter: constants and
// unrolled loop counters, C's operators on them, and the identities an
// optimizer applies to unknown operands (x - x, x ^ x, x * 0, x & 0, x % 1,
// a multiple of 2^k modulo 2^k, false && x, true || x), and comparisons of
// an unsigned value with a constant that its operators decide (`lane % 32
// > 35`, `2 * lane == 39`: never). A thread index or block size alone is
// not bounded (nvcc keeps `36u + blockDim.x <= 28u` as a run-time
// condition). Bits count: `(x ^ x % 32) * 4` has seven low zero bits, so
// `(i & warp) & ((lane ^ tid) * 4)` is 0 for i < 128.
//
// Under a guard `e == C` the compiler replaces e by C in the code the guard
// runs (GVN): a thread index (`threadIdx.x == 20`), a variable (`tid ==
// 38`: `s[tid]` becomes `s[38]`) or any expression computed the same way.
// A variable computed before the branch from e keeps its value: `if (tid ==
// 16) s[lane]` keeps its per-lane address (LaneExpr::Variable). The rules
// live in Folder.h. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_COMPILETIMEVALUE_H
#define BANKFIX_COMPILETIMEVALUE_H

#include "core/expr/LaneExpr.h"

#include <array>
#include <optional>
#include <utility>
#include <vector>

namespace bankfix {

/// Values known to hold a constant where code runs.
struct CompileTimeFacts {
  /// Thread index components.
  std::array<std::optional<int64_t>, 3> ThreadIdx;
  /// Other expressions, each with the constant it equals.
  std::vector<std::pair<LaneExprPtr, int64_t>> Values;

  bool empty() const {
    return Values.empty() && !ThreadIdx[0] && !ThreadIdx[1] && !ThreadIdx[2];
  }
};

/// What \p Guard fixes: each conjunct `e == C` (or `C == e`) of its
/// top-level && whose e is not a constant.
CompileTimeFacts factsUnder(const LaneExpr &Guard);

/// \p E's value when the compiler knows it, given \p Facts; nullopt when
/// it depends on something known only at run time.
std::optional<int64_t> compileTimeValue(const LaneExpr &E,
                                        const CompileTimeFacts &Facts = {});

/// Whether \p A and \p B are the same expression, node for node.
bool sameLaneExpr(const LaneExpr &A, const LaneExpr &B);

} // namespace bankfix

#endif // BANKFIX_COMPILETIMEVALUE_H
