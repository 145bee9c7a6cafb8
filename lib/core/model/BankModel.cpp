//===- BankModel.cpp - Shared-memory bank model of one warp access -------===//

#include "core/model/BankModel.h"

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
                                unsigned FirstLane, unsigned LastLane) {
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
    for (; End < N && Touches[End].Bank == Touches[I].Bank; ++End)
      if (End == I || Touches[End].Word != Touches[End - 1].Word)
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

WarpAccessResult analyzeWarpAccess(const WarpAddresses &Addresses,
                                   unsigned Width, AccessKind Kind,
                                   bool AddressIsWarpUniform) {
  assert(isSupportedAccessWidth(Width) && "unsupported access width");
  WarpAccessResult Result;
  unsigned PhaseLanes = lanesPerPhase(Width);
  Result.Phases.reserve(WarpSize / PhaseLanes);
  for (unsigned First = 0; First < WarpSize; First += PhaseLanes) {
    PhaseResult Phase =
        analyzePhase(Addresses, Width, First, First + PhaseLanes - 1);
    if (Phase.Active) {
      ++Result.Ideal;
      Result.Wavefronts += Phase.Wavefronts;
      Result.NWay = std::max(Result.NWay, Phase.Wavefronts);
    }
    Result.Phases.push_back(std::move(Phase));
  }
  // Measured exception: a load of one uniform address is served in
  // Width / 8 wavefronts (1 for 8 bytes, 2 for 16 bytes); stores follow the
  // phase rule.
  if (Kind == AccessKind::Load && AddressIsWarpUniform && Width >= 8 &&
      allActiveLanesShareOneAddress(Addresses)) {
    unsigned Uniform = Width / 8;
    if (Uniform < Result.Wavefronts) {
      Result.Wavefronts = Uniform;
      Result.Ideal = Uniform;
      Result.UniformLoadException = true;
    }
  }
  return Result;
}

} // namespace bankfix
