//===- WideLoadMerge.h - 8- and 16-byte loads served in one wavefront -----===//
//
// The phase rule splits an 8-byte access into half-warps and a 16-byte one
// into quarter-warps. For loads the H100 does better: it serves a whole warp
// (8 bytes) or a whole half-warp (16 bytes) in ONE wavefront when the
// lanes' words fit in the 32 banks (no bank holds two distinct words) and
// the lanes pair up inside each group of four (lanes 4k..4k+3): for one of
// the pairings {0,1}{2,3}, {0,2}{1,3}, {0,3}{1,2}, the two lanes of every
// pair read the same address. A 16-byte half-warp with an inactive lane
// needs no pairing. Rule fitted to the 4,021 accesses of differential run 2
// (docs/differential.md): exact on all 527 8-byte and 143 of the 144
// 16-byte loads, the exception being a load whose address is uniform in
// the source (BankModel's uniform-register rule).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_WIDELOADMERGE_H
#define BANKFIX_WIDELOADMERGE_H

#include "core/model/BankModel.h"

namespace bankfix {

/// Lanes a load of \p Width bytes can have served in one wavefront: 32 for
/// 8 bytes (two half-warp phases), 16 for 16 bytes (two quarter-warp
/// phases), 0 for narrower loads (one phase already).
unsigned mergeUnitLanes(unsigned Width);

/// Whether the lanes FirstLane .. FirstLane + mergeUnitLanes(Width) - 1 of a
/// load of \p Width bytes are served in one wavefront (some lane of them
/// must be active).
bool servedInOneWavefront(const WarpAddresses &Addresses, unsigned Width,
                          unsigned FirstLane);

/// Whether, for one pairing inside each group of four lanes (lane ^ 1,
/// lane ^ 2 or lane ^ 3), every two active partners among \p Lanes lanes
/// from \p FirstLane read the same address.
bool lanesPairUp(const WarpAddresses &Addresses, unsigned FirstLane,
                 unsigned Lanes);

/// Whether no bank holds two distinct words among the words that the
/// active lanes FirstLane .. FirstLane + Lanes - 1 touch.
bool wordsFitTheBanks(const WarpAddresses &Addresses, unsigned Width,
                      unsigned FirstLane, unsigned Lanes);

} // namespace bankfix

#endif // BANKFIX_WIDELOADMERGE_H
