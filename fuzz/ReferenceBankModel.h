//===- ReferenceBankModel.h - The calibrated bank rule, written slowly ----===//
//
// A second implementation of the bank model, for CoreFuzzer to check
// analyzeWarpAccess against. It follows ../shared/calibration.md ("The model
// these numbers confirm") sentence by sentence, with the simplest data
// structures and none of the library's code: byte A is word A / 4 in bank
// (A / 4) % 32; lanes are split into phases (the warp for 1-4 bytes,
// half-warps for 8, quarter-warps for 16); a phase takes as many wavefronts
// as the most DISTINCT words one bank serves to its active lanes; the access
// takes the sum over phases; ideal is the number of phases with an active
// lane; n-way is the largest phase value. Exception: a load of one address
// by every active lane, known to be warp-uniform, of 8 bytes takes 1
// wavefront and of 16 bytes 2 (stores follow the rule).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FUZZ_REFERENCEBANKMODEL_H
#define BANKFIX_FUZZ_REFERENCEBANKMODEL_H

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace bankfix::reference {

struct Phase {
  bool Active = false;
  unsigned Wavefronts = 0;
  /// Banks that serve more than one distinct word: bank -> (words, lanes).
  std::map<unsigned, std::pair<std::set<uint64_t>, std::set<unsigned>>>
      Collisions;
};

struct Access {
  unsigned Wavefronts = 0, Ideal = 0, NWay = 0;
  bool UniformLoadException = false;
  std::vector<Phase> Phases;
};

/// \p Addresses: 32 entries, nullopt for an inactive lane. \p Width: 1, 2,
/// 4, 8 or 16. \p Load: a load (else a store).
inline Access analyze(const std::vector<std::optional<uint64_t>> &Addresses,
                      unsigned Width, bool Load, bool AddressIsWarpUniform) {
  unsigned PhaseLanes = Width == 16 ? 8 : Width == 8 ? 16 : 32;
  Access Result;
  for (unsigned First = 0; First < 32; First += PhaseLanes) {
    Phase P;
    std::map<unsigned, std::set<uint64_t>> WordsOfBank;
    std::map<unsigned, std::set<unsigned>> LanesOfBank;
    for (unsigned Lane = First; Lane < First + PhaseLanes; ++Lane) {
      if (!Addresses[Lane])
        continue;
      P.Active = true;
      // Every byte the lane touches, in 128 bits: at the top of the
      // address range the last bytes are past 2^64 - 1, in word 2^62
      // (bank 0), as the library counts them; nothing wraps to word 0.
      for (unsigned Byte = 0; Byte < Width; ++Byte) {
        unsigned __int128 Address = (unsigned __int128)*Addresses[Lane] + Byte;
        uint64_t Word = uint64_t(Address / 4);
        unsigned Bank = unsigned(Word % 32);
        WordsOfBank[Bank].insert(Word);
        LanesOfBank[Bank].insert(Lane);
      }
    }
    for (const auto &[Bank, Words] : WordsOfBank) {
      P.Wavefronts = std::max<unsigned>(P.Wavefronts, Words.size());
      if (Words.size() > 1)
        P.Collisions[Bank] = {Words, LanesOfBank[Bank]};
    }
    if (P.Active) {
      ++Result.Ideal;
      Result.Wavefronts += P.Wavefronts;
      Result.NWay = std::max(Result.NWay, P.Wavefronts);
    }
    Result.Phases.push_back(P);
  }
  std::set<uint64_t> Distinct;
  for (const std::optional<uint64_t> &A : Addresses)
    if (A)
      Distinct.insert(*A);
  if (Load && AddressIsWarpUniform && Distinct.size() == 1 &&
      (Width == 8 || Width == 16)) {
    unsigned Measured = Width == 8 ? 1 : 2;
    if (Measured < Result.Wavefronts) {
      Result.Wavefronts = Result.Ideal = Measured;
      Result.UniformLoadException = true;
    }
  }
  return Result;
}

} // namespace bankfix::reference

#endif // BANKFIX_FUZZ_REFERENCEBANKMODEL_H
