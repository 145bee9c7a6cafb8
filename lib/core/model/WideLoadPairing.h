// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WideLoadPairing.h - 8- and 16-byte loads served in one wavefront ---===//
//
// The phase rule splits an 8-byte access into half-warps and a 16-byte one
// into quarter-warps. For loads Nsight Compute's per-line counter (the
// Source page's "L1 Wavefronts Shared") counts fewer: a whole warp (8
// bytes) or a whole half-warp (16 bytes) takes ONE wavefront when the
// lanes' words fit in the 32 banks (no bank holds two distinct words) and
// the lanes pair up inside each group of four (lanes 4k..4k+3): for one of
// the pairings {0,1}{2,3} (lane ^ 1) or {0,2}{1,3} (lane ^ 2), the two lanes
// of every pair read the same address ({0,3}{1,2} does not count). The
// low half-warp of a 16-byte load whose warp has an inactive lane needs no
// pairing. Fitted to the measured 8- and 16-byte loads of the differential
// test and its single-instruction probe (test/differential/probe/); it
// does not hold for 16-byte loads with inactive lanes inside a half-warp
// (docs/wide-load-counters.md, which also says where the hardware counter
// differs).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_WIDELOADPAIRING_H
#define BANKFIX_WIDELOADPAIRING_H

#include "core/model/BankModel.h"

namespace bankfix {

/// Lanes a load of \p Width bytes can have served in one wavefront: 32 for
/// 8 bytes (two half-warp phases), 16 for 16 bytes (two quarter-warp
/// phases), 0 for narrower loads (one phase already).
unsigned pairingUnitLanes(unsigned Width);

/// Whether the lanes FirstLane .. FirstLane + pairingUnitLanes(Width) - 1 of a
/// load of \p Width bytes are served in one wavefront (some lane of them
/// must be active).
bool servedInOneWavefront(const WarpAddresses &Addresses, unsigned Width,
                          unsigned FirstLane);

/// Whether the rule above is not to be trusted for the unit of a load of
/// \p Width bytes from \p FirstLane: a 16-byte half-warp with a lane
/// switched off below its last active lane, where the measured counts
/// follow no rule found; its quarter-warps are never below them.
bool pairingIsUncertain(const WarpAddresses &Addresses, unsigned Width,
                        unsigned FirstLane);

/// Whether, for one pairing inside each group of four lanes (lane ^ 1 or
/// lane ^ 2), every two active partners among \p Lanes lanes from
/// \p FirstLane read the same address.
bool lanesPairUp(const WarpAddresses &Addresses, unsigned FirstLane,
                 unsigned Lanes);

/// Whether no bank holds two distinct words among the words that the
/// active lanes FirstLane .. FirstLane + Lanes - 1 touch.
bool wordsFitTheBanks(const WarpAddresses &Addresses, unsigned Width,
                      unsigned FirstLane, unsigned Lanes);

} // namespace bankfix

#endif // BANKFIX_WIDELOADPAIRING_H
