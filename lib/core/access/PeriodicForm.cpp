// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PeriodicForm.cpp - How a value moves with a loop's iterations ------===//

#include "core/access/PeriodicForm.h"

namespace bankfix {
namespace periodic {

Int absolute(Int V) { return V < 0 ? -V : V; }

Int gcd(Int A, Int B) {
  A = absolute(A);
  B = absolute(B);
  while (B != 0) {
    Int T = A % B;
    A = B;
    B = T;
  }
  return A;
}

std::optional<uint64_t> lcm(uint64_t A, uint64_t B) {
  Int L = Int(A) / gcd(A, B) * B;
  if (L > Int(MaxPeriod))
    return std::nullopt;
  return uint64_t(L);
}

Int typeMin(IntType T) {
  if (T.IsBool || !T.Signed)
    return 0;
  return -(Int(1) << (T.Bits - 1));
}

Int typeMax(IntType T) {
  if (T.IsBool)
    return 1;
  return T.Signed ? (Int(1) << (T.Bits - 1)) - 1 : (Int(1) << T.Bits) - 1;
}

Form bounded(uint64_t Period, Int Drift, Int Lo, Int Hi) {
  Form F;
  F.Period = Period;
  F.Drift = Drift;
  F.Bounded = absolute(Lo) < Huge && absolute(Hi) < Huge;
  F.Lo = Lo < Hi ? Lo : Hi;
  F.Hi = Lo < Hi ? Hi : Lo;
  return F;
}

Form repeating(Form F, IntType T) {
  F.Drift = 0;
  if (F.Bounded && !F.fits(T)) {
    F.Lo = typeMin(T);
    F.Hi = typeMax(T);
  }
  return F;
}

std::optional<Int> driftOver(const Form &F, uint64_t Period) {
  Int D = F.Drift * Int(Period / F.Period);
  if (absolute(D) >= Huge)
    return std::nullopt;
  return D;
}

std::optional<std::pair<uint64_t, Int>> periodModulo(const Form &F,
                                                     Int Modulus) {
  Int Factor = Modulus / gcd(F.Drift, Modulus);
  if (Factor > Int(MaxPeriod) || Int(F.Period) * Factor > Int(MaxPeriod))
    return std::nullopt;
  uint64_t Period = F.Period * uint64_t(Factor);
  std::optional<Int> D = driftOver(F, Period);
  if (!D)
    return std::nullopt;
  return std::make_pair(Period, *D);
}

Int floorDiv(Int A, Int B) {
  Int Q = A / B;
  return (A % B != 0 && ((A < 0) != (B < 0))) ? Q - 1 : Q;
}

unsigned bitLength(Int V) {
  unsigned Bits = 0;
  for (; V > 0; V >>= 1)
    ++Bits;
  return Bits;
}

} // namespace periodic
} // namespace bankfix
