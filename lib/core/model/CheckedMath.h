// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CheckedMath.h - 64-bit integer arithmetic that reports overflow ----===//
//
// The evaluator and the address computation work on int64_t values that
// come from the user's source (any constant, any extent). These helpers
// compute exactly or say that the result does not fit; they never run
// signed overflow. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_CHECKEDMATH_H
#define BANKFIX_CHECKEDMATH_H

#include <cstdint>
#include <optional>

namespace bankfix {

inline std::optional<int64_t> checkedAdd(int64_t A, int64_t B) {
  int64_t R;
  if (__builtin_add_overflow(A, B, &R))
    return std::nullopt;
  return R;
}

inline std::optional<int64_t> checkedSub(int64_t A, int64_t B) {
  int64_t R;
  if (__builtin_sub_overflow(A, B, &R))
    return std::nullopt;
  return R;
}

inline std::optional<int64_t> checkedMul(int64_t A, int64_t B) {
  int64_t R;
  if (__builtin_mul_overflow(A, B, &R))
    return std::nullopt;
  return R;
}

/// \p A * \p B as int64_t, for unsigned operands (extents, strides, sizes).
inline std::optional<int64_t> checkedMul(uint64_t A, uint64_t B) {
  int64_t R;
  if (__builtin_mul_overflow(A, B, &R))
    return std::nullopt;
  return R;
}

/// -\p A modulo 2^64: what unsigned negation computes (never UB).
inline int64_t wrappingNeg(int64_t A) { return int64_t(0 - uint64_t(A)); }

} // namespace bankfix

#endif // BANKFIX_CHECKEDMATH_H
