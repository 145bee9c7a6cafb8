//===- BankModel.cpp - Shared-memory bank model of one warp access -------===//

#include "BankModel.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <set>

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
  // Bank -> distinct words, and bank -> lanes.
  std::map<unsigned, std::set<uint64_t>> WordsInBank;
  std::map<unsigned, std::set<unsigned>> LanesInBank;
  for (unsigned Lane = FirstLane; Lane <= LastLane; ++Lane) {
    if (!Addresses[Lane])
      continue;
    Phase.Active = true;
    // Words First..Last; computed without Address + Width, which wraps at
    // the top of the address range.
    uint64_t First = *Addresses[Lane] / BankWidthBytes;
    uint64_t Last = First + (*Addresses[Lane] % BankWidthBytes + Width - 1) /
                                BankWidthBytes;
    for (uint64_t Word = First; Word <= Last; ++Word) {
      unsigned Bank = static_cast<unsigned>(Word % NumBanks);
      WordsInBank[Bank].insert(Word);
      LanesInBank[Bank].insert(Lane);
    }
  }
  for (const auto &[Bank, Words] : WordsInBank) {
    Phase.Wavefronts =
        std::max(Phase.Wavefronts, static_cast<unsigned>(Words.size()));
    if (Words.size() > 1) {
      const std::set<unsigned> &Lanes = LanesInBank[Bank];
      Phase.Collisions.push_back(
          {Bank, std::vector<uint64_t>(Words.begin(), Words.end()),
           std::vector<unsigned>(Lanes.begin(), Lanes.end())});
    }
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
