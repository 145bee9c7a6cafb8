// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WideLoadPairing.cpp - 8- and 16-byte loads served in one wavefront -===//

#include "core/model/WideLoadPairing.h"

#include <array>

namespace bankfix {

unsigned pairingUnitLanes(unsigned Width) {
  if (Width == 8)
    return WarpSize;
  if (Width == 16)
    return WarpSize / 2;
  return 0;
}

bool lanesPairUp(const WarpAddresses &Addresses, unsigned FirstLane,
                 unsigned Lanes) {
  for (unsigned Partner : {1u, 2u}) {
    bool Paired = true;
    for (unsigned Lane = FirstLane; Paired && Lane < FirstLane + Lanes;
         ++Lane) {
      const std::optional<uint64_t> &Mine = Addresses[Lane];
      const std::optional<uint64_t> &Theirs = Addresses[Lane ^ Partner];
      Paired = !Mine || !Theirs || *Mine == *Theirs;
    }
    if (Paired)
      return true;
  }
  return false;
}

bool wordsFitTheBanks(const WarpAddresses &Addresses, unsigned Width,
                      unsigned FirstLane, unsigned Lanes) {
  std::array<std::optional<uint64_t>, NumBanks> Held;
  for (unsigned Lane = FirstLane; Lane < FirstLane + Lanes; ++Lane) {
    if (!Addresses[Lane])
      continue;
    uint64_t Last = lastWordOf(*Addresses[Lane], Width);
    for (uint64_t Word = *Addresses[Lane] / BankWidthBytes; Word <= Last;
         ++Word) {
      std::optional<uint64_t> &Bank = Held[Word % NumBanks];
      if (Bank && *Bank != Word)
        return false;
      Bank = Word;
    }
  }
  return true;
}

/// Whether some lane of FirstLane .. FirstLane + Lanes - 1 is inactive.
static bool hasInactiveLane(const WarpAddresses &Addresses, unsigned FirstLane,
                            unsigned Lanes) {
  for (unsigned Lane = FirstLane; Lane < FirstLane + Lanes; ++Lane)
    if (!Addresses[Lane])
      return true;
  return false;
}

bool pairingIsUncertain(const WarpAddresses &Addresses, unsigned Width,
                        unsigned FirstLane) {
  if (Width != 16)
    return false;
  bool Gap = false;
  for (unsigned Lane = FirstLane; Lane < FirstLane + pairingUnitLanes(Width);
       ++Lane) {
    if (!Addresses[Lane])
      Gap = true;
    else if (Gap)
      return true;
  }
  return false;
}

bool servedInOneWavefront(const WarpAddresses &Addresses, unsigned Width,
                          unsigned FirstLane) {
  unsigned Lanes = pairingUnitLanes(Width);
  if (Lanes == 0 || !wordsFitTheBanks(Addresses, Width, FirstLane, Lanes))
    return false;
  return lanesPairUp(Addresses, FirstLane, Lanes) ||
         (Width == 16 && FirstLane == 0 &&
          hasInactiveLane(Addresses, 0, WarpSize));
}

} // namespace bankfix
