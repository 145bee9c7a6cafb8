// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WarpBankMap.cpp - Which lane touches which bank, for one warp ------===//

#include "core/model/WarpBankMap.h"

#include <algorithm>
#include <set>

namespace bankfix {

bool LaneBankUse::touches(unsigned Bank) const {
  if (!Active)
    return false;
  for (unsigned W = 0; W < Words; ++W)
    if ((FirstBank + W) % NumBanks == Bank)
      return true;
  return false;
}

bool WarpBankMap::collides(unsigned Lane, unsigned Bank) const {
  const LaneBankUse &L = Lanes[Lane];
  return L.touches(Bank) && WordsPerBank[L.Phase][Bank] > 1;
}

WarpBankMap buildWarpBankMap(const WarpAddresses &Addresses, unsigned Width,
                             AccessKind Kind, LaneService Service) {
  WarpBankMap Map;
  Map.Width = Width;
  Map.Result = analyzeWarpAccess(Addresses, Width, Kind, Service);
  unsigned PhaseLanes = lanesPerPhase(Width);
  unsigned Phases = WarpSize / PhaseLanes;
  std::vector<std::array<std::set<uint64_t>, NumBanks>> Words(Phases);
  // With EachLane every lane takes a wavefront of its bank: touches count.
  std::vector<std::array<unsigned, NumBanks>> Touches(Phases);
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    LaneBankUse &L = Map.Lanes[Lane];
    L.Phase = Lane / PhaseLanes;
    if (!Addresses[Lane])
      continue;
    L.Active = true;
    L.Address = *Addresses[Lane];
    L.FirstWord = L.Address / BankWidthBytes;
    uint64_t LastWord = lastWordOf(L.Address, Width);
    L.Words = unsigned(LastWord - L.FirstWord + 1);
    L.FirstBank = bankOf(L.Address);
    for (uint64_t Word = L.FirstWord; Word <= LastWord; ++Word) {
      Words[L.Phase][Word % NumBanks].insert(Word);
      ++Touches[L.Phase][Word % NumBanks];
    }
  }
  Map.WordsPerBank.resize(Phases);
  for (unsigned P = 0; P < Phases; ++P)
    for (unsigned B = 0; B < NumBanks; ++B)
      Map.WordsPerBank[P][B] = Service == LaneService::EachLane
                                   ? Touches[P][B]
                                   : unsigned(Words[P][B].size());
  return Map;
}

} // namespace bankfix
