//===- CompileTimeValue.h - What the compiler folds to a constant --------===//
//
// The value of a lane expression when the compiler can compute it without
// knowing any thread index, block size or kernel parameter: constants and
// unrolled loop counters, C's operators on them, and the identities an
// optimizer applies to unknown operands (x - x, x ^ x, x * 0, x & 0, x % 1,
// a multiple of 2^k modulo 2^k, false && x, true || x), and comparisons of
// an unsigned value with a constant that its operators decide (`lane % 32
// > 35`, `2 * lane == 39`: never). A thread index or block size alone is
// not bounded (nvcc kept `36u + blockDim.x <= 28u` as a run-time
// condition, differential run 2). A thread index that the guard fixes
// (`threadIdx.x == 20`) counts as that constant. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_COMPILETIMEVALUE_H
#define BANKFIX_COMPILETIMEVALUE_H

#include "core/expr/LaneExpr.h"

#include <array>
#include <optional>

namespace bankfix {

/// Thread index components known to hold a constant where code runs.
struct CompileTimeFacts {
  std::array<std::optional<int64_t>, 3> ThreadIdx;
};

/// The thread index components that \p Guard fixes: each conjunct
/// `threadIdx.d == C` (or `C == threadIdx.d`) of its top-level &&. (Not
/// other expressions: `if (tid == 16) s[lane]` kept its per-lane address
/// where lane was computed before the branch, differential run 5.)
CompileTimeFacts factsUnder(const LaneExpr &Guard);

/// \p E's value when the compiler knows it, given \p Facts; nullopt when
/// it depends on something known only at run time.
std::optional<int64_t> compileTimeValue(const LaneExpr &E,
                                        const CompileTimeFacts &Facts = {});

/// Whether \p A and \p B are the same expression, node for node.
bool sameLaneExpr(const LaneExpr &A, const LaneExpr &B);

} // namespace bankfix

#endif // BANKFIX_COMPILETIMEVALUE_H
