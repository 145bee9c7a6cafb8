// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BankModel.cpp - Shared-memory bank model of one warp access --------===//

#include "core/model/BankModel.h"

#include "core/model/WideLoadPairing.h"

#include <algorithm>
#include <array>
#include <cassert>

namespace bankfix {

bool isSupportedAccessWidth(unsigned Width) {
  return Width == 1 || Width == 2 || Width == 4 || Width == 8 || Width == 16;
}

unsigned lanesPerPhase(unsigned Width) {
  if (Width == 16)
    return WarpSize / 4;
  if (Width == 8)
    return WarpSize / 2;
  return WarpSize;
}

static PhaseResult analyzePhase(const WarpAddresses &Addresses, unsigned Width,
                                unsigned FirstLane, unsigned LastLane,
                                bool EachLane) {
  PhaseResult Phase;
  Phase.FirstLane = FirstLane;
  Phase.LastLane = LastLane;
  // Every (bank, word, lane) the phase touches, sorted: runs of one bank,
  // its words ascending. No allocation: this runs for every warp of every
  // access. A lane touches at most 5 words (16 bytes, unaligned).
  struct Touch {
    unsigned Bank;
    uint64_t Word;
    unsigned Lane;
    bool operator<(const Touch &O) const {
      return Bank != O.Bank   ? Bank < O.Bank
             : Word != O.Word ? Word < O.Word
                              : Lane < O.Lane;
    }
  };
  std::array<Touch, WarpSize * 5> Touches;
  size_t N = 0;
  for (unsigned Lane = FirstLane; Lane <= LastLane; ++Lane) {
    if (!Addresses[Lane])
      continue;
    Phase.Active = true;
    uint64_t First = *Addresses[Lane] / BankWidthBytes;
    uint64_t Last = lastWordOf(*Addresses[Lane], Width);
    for (uint64_t Word = First; Word <= Last && N < Touches.size(); ++Word)
      Touches[N++] = {static_cast<unsigned>(Word % NumBanks), Word, Lane};
  }
  std::sort(Touches.begin(), Touches.begin() + N);
  for (size_t I = 0; I < N;) {
    size_t End = I;
    unsigned Words = 0;
    // A wavefront per word of the bank, or per lane with EachLane.
    for (; End < N && Touches[End].Bank == Touches[I].Bank; ++End)
      if (End == I || Touches[End].Word != Touches[End - 1].Word || EachLane)
        ++Words;
    Phase.Wavefronts = std::max(Phase.Wavefronts, Words);
    if (Words > 1) {
      BankCollision C;
      C.Bank = Touches[I].Bank;
      for (size_t K = I; K < End; ++K) {
        if (K == I || Touches[K].Word != Touches[K - 1].Word)
          C.Words.push_back(Touches[K].Word);
        C.Lanes.push_back(Touches[K].Lane);
      }
      std::sort(C.Lanes.begin(), C.Lanes.end());
      C.Lanes.erase(std::unique(C.Lanes.begin(), C.Lanes.end()), C.Lanes.end());
      Phase.Collisions.push_back(std::move(C));
    }
    I = End;
  }
  return Phase;
}

/// True when every active lane has the same address (and one lane is active).
static bool allActiveLanesShareOneAddress(const WarpAddresses &Addresses) {
  std::optional<uint64_t> Seen;
  for (const std::optional<uint64_t> &A : Addresses) {
    if (!A)
      continue;
    if (Seen && *Seen != *A)
      return false;
    Seen = A;
  }
  return Seen.has_value();
}

static unsigned activeLanes(const WarpAddresses &Addresses) {
  unsigned N = 0;
  for (const std::optional<uint64_t> &A : Addresses)
    N += A.has_value();
  return N;
}

unsigned idealWavefronts(unsigned ActiveLanes, unsigned Width) {
  if (ActiveLanes == 0 || Width < 8)
    return ActiveLanes ? 1 : 0;
  return (ActiveLanes * Width + 127) / 128;
}

/// A load of 8 or 16 bytes: each unit of lanes (WideLoadPairing.h) that the
/// hardware serves in one wavefront replaces its phases' wavefronts by 1.
static void mergeUnits(const WarpAddresses &Addresses, unsigned Width,
                       WarpAccessResult &Result) {
  unsigned Unit = pairingUnitLanes(Width);
  if (Unit == 0)
    return;
  unsigned PhasesPerUnit = Unit / lanesPerPhase(Width);
  for (unsigned U = 0; U * Unit < WarpSize; ++U) {
    unsigned Served = 0;
    for (unsigned P = U * PhasesPerUnit; P < (U + 1) * PhasesPerUnit; ++P)
      if (Result.Phases[P].Active)
        Served += Result.Phases[P].Wavefronts;
    if (Served > 1 && servedInOneWavefront(Addresses, Width, U * Unit)) {
      if (pairingIsUncertain(Addresses, Width, U * Unit)) {
        Result.PairingUncertain = true;
        continue;
      }
      Result.Wavefronts -= Served - 1;
      ++Result.GroupedUnits;
    }
  }
}

/// Measured rule: a load whose active lanes all read one address is served
/// in 1 wavefront for 8 bytes and one per 16 active lanes for 16 bytes (2
/// for a whole warp); stores follow the phase rule.
static void applyOneAddressRule(const WarpAddresses &Addresses, unsigned Width,
                                WarpAccessResult &Result) {
  if (Width < 8 || !allActiveLanesShareOneAddress(Addresses))
    return;
  unsigned OneAddress = Width == 8 ? 1 : (activeLanes(Addresses) + 15) / 16;
  if (OneAddress <= Result.Wavefronts) {
    Result.Wavefronts = OneAddress;
    Result.OneAddressLoad = true;
    Result.PairingUncertain = false;
  }
}

WarpAccessResult analyzeWarpAccess(const WarpAddresses &Addresses,
                                   unsigned Width, AccessKind Kind,
                                   LaneService Service) {
  assert(isSupportedAccessWidth(Width) && "unsupported access width");
  WarpAccessResult Result;
  unsigned PhaseLanes = lanesPerPhase(Width);
  Result.Phases.reserve(WarpSize / PhaseLanes);
  for (unsigned First = 0; First < WarpSize; First += PhaseLanes) {
    PhaseResult Phase =
        analyzePhase(Addresses, Width, First, First + PhaseLanes - 1,
                     Service == LaneService::EachLane);
    if (Phase.Active) {
      Result.Wavefronts += Phase.Wavefronts;
      Result.NWay = std::max(Result.NWay, Phase.Wavefronts);
    }
    Result.Phases.push_back(std::move(Phase));
  }
  Result.Ideal = idealWavefronts(activeLanes(Addresses), Width);
  if (Kind == AccessKind::Store || Service != LaneService::Instruction)
    return Result;
  mergeUnits(Addresses, Width, Result);
  applyOneAddressRule(Addresses, Width, Result);
  Result.Ideal = std::min(Result.Ideal, Result.Wavefronts);
  return Result;
}

} // namespace bankfix
