// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PeriodicForm.h - How a value moves with a loop's iterations --------===//
//
// Internal to IterationPeriod.cpp: the form of a value over the iterations
// of a stepped loop (it repeats after Period iterations, moved by Drift,
// within bounds) and the 128-bit arithmetic on such forms. 128 bits hold
// every product of two C values exactly. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_PERIODICFORM_H
#define BANKFIX_PERIODICFORM_H

#include "core/expr/LaneExpr.h"
#include "core/model/BankModel.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace bankfix {
namespace periodic {

using Int = __int128;

/// Bounds past which values are not followed (no C value is near them).
constexpr Int Huge = Int(1) << 100;
constexpr uint64_t MaxPeriod = uint64_t(1) << 32;
/// Bytes after which the banks repeat.
constexpr Int BankCycleBytes = Int(NumBanks) * BankWidthBytes;

Int absolute(Int V);
Int gcd(Int A, Int B);
/// The least common multiple, when it is at most MaxPeriod.
std::optional<uint64_t> lcm(uint64_t A, uint64_t B);
Int typeMin(IntType T);
Int typeMax(IntType T);
/// Division rounding towards minus infinity.
Int floorDiv(Int A, Int B);
/// Bits needed to write the non-negative \p V.
unsigned bitLength(Int V);

/// How a value moves with the iterations: in iteration k + Period it is
/// its value of iteration k plus Drift, for every lane; Lo .. Hi bound it
/// over the lanes and the iterations when Bounded (otherwise it may be a
/// symbol, or anything).
struct Form {
  uint64_t Period = 1;
  Int Drift = 0;
  bool Bounded = false;
  Int Lo = 0, Hi = 0;

  bool fits(IntType T) const {
    return Bounded && Lo >= typeMin(T) && Hi <= typeMax(T);
  }
  /// The same value in every lane and iteration.
  std::optional<Int> point() const {
    if (Bounded && Lo == Hi && Drift == 0)
      return Lo;
    return std::nullopt;
  }
  bool oneSigned() const { return Bounded && (Lo >= 0 || Hi <= 0); }
};

/// A form bounded by \p Lo and \p Hi (in either order) unless they are
/// beyond Huge.
Form bounded(uint64_t Period, Int Drift, Int Lo, Int Hi);

/// A value that repeats (no drift): any value of type \p T when its bounds
/// do not fit it (it wraps, or fails the same way every period).
Form repeating(Form F, IntType T);

/// Drift of \p F over \p Period iterations (a multiple of its own).
std::optional<Int> driftOver(const Form &F, uint64_t Period);

/// The period after which \p F has moved by a multiple of \p Modulus, and
/// its drift then.
std::optional<std::pair<uint64_t, Int>> periodModulo(const Form &F,
                                                     Int Modulus);

} // namespace periodic
} // namespace bankfix

#endif // BANKFIX_PERIODICFORM_H
