// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReferenceBankModel.h - The calibrated bank rule, written slowly ----===//
//
// A second implementation of the bank model, for CoreFuzzer to check
// analyzeWarpAccess against. It follows docs/bank-model.md ("The model
// these numbers confirm") sentence by sentence, with the simplest data
// structures and none of the library's code: byte A is word A / 4 in bank
// (A / 4) % 32; lanes are split into phases (the warp for 1-4 bytes,
// half-warps for 8, quarter-warps for 16); a phase takes as many wavefronts
// as the most DISTINCT words one bank serves to its active lanes; the access
// takes the sum over phases; n-way is the largest phase value; ideal is 1
// for 1-4 bytes and ceil(active lanes x width / 128) for 8 and 16. Loads of
// 8 and 16 bytes as Nsight Compute's Source page counts them
// (docs/wide-load-counters.md, rule hstar12all of
// test/differential/probe/fit_rules.py): every active lane on one address
// takes 1 wavefront for 8 bytes, one per 16 active lanes for 16; otherwise
// the warp (8 bytes) or a half-warp (16) takes one wavefront when no bank
// holds two of its words and lane L and lane L ^ 1 (or every L and L ^ 2)
// read the same address wherever both are active; the low half-warp of a
// 16-byte load needs no pairing when some lane of the warp is inactive.
// A load's ideal is at most its wavefronts.
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
  bool OneAddressLoad = false;
  std::vector<Phase> Phases;
};

/// \p Addresses: 32 entries, nullopt for an inactive lane. \p Width: 1, 2,
/// 4, 8 or 16. \p Load: a load (else a store).
inline bool wordsFit(const std::vector<std::optional<uint64_t>> &Addresses,
                     unsigned Width, unsigned First, unsigned Count) {
  std::map<unsigned, std::set<uint64_t>> WordsOfBank;
  for (unsigned Lane = First; Lane < First + Count; ++Lane)
    if (Addresses[Lane])
      for (unsigned Byte = 0; Byte < Width; ++Byte) {
        unsigned __int128 Address = (unsigned __int128)*Addresses[Lane] + Byte;
        uint64_t Word = uint64_t(Address / 4);
        WordsOfBank[unsigned(Word % 32)].insert(Word);
      }
  for (const auto &[Bank, Words] : WordsOfBank)
    if (Words.size() > 1)
      return false;
  return true;
}

inline bool pairUp(const std::vector<std::optional<uint64_t>> &Addresses,
                   unsigned First, unsigned Count, unsigned Partner) {
  for (unsigned Lane = First; Lane < First + Count; ++Lane) {
    const std::optional<uint64_t> &Mine = Addresses[Lane];
    const std::optional<uint64_t> &Theirs = Addresses[Lane ^ Partner];
    if (Mine && Theirs && *Mine != *Theirs)
      return false;
  }
  return true;
}

inline Access analyze(const std::vector<std::optional<uint64_t>> &Addresses,
                      unsigned Width, bool Load) {
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
      Result.Wavefronts += P.Wavefronts;
      Result.NWay = std::max(Result.NWay, P.Wavefronts);
    }
    Result.Phases.push_back(P);
  }
  std::set<uint64_t> Distinct;
  unsigned Active = 0;
  for (const std::optional<uint64_t> &A : Addresses)
    if (A) {
      Distinct.insert(*A);
      ++Active;
    }
  Result.Ideal = Active == 0  ? 0
                 : Width <= 4 ? 1
                              : (Active * Width + 127) / 128;
  if (!Load || Width < 8)
    return Result;
  unsigned Unit = Width == 8 ? 32 : 16;
  for (unsigned First = 0; First < 32; First += Unit) {
    unsigned Sum = 0;
    for (unsigned P = First / PhaseLanes; P < (First + Unit) / PhaseLanes; ++P)
      if (Result.Phases[P].Active)
        Sum += Result.Phases[P].Wavefronts;
    bool Paired = pairUp(Addresses, First, Unit, 1) ||
                  pairUp(Addresses, First, Unit, 2) ||
                  (Width == 16 && First == 0 && Active < 32);
    if (Sum > 1 && wordsFit(Addresses, Width, First, Unit) && Paired)
      Result.Wavefronts -= Sum - 1;
  }
  if (Distinct.size() == 1) {
    unsigned Measured = Width == 8 ? 1 : (Active + 15) / 16;
    if (Measured <= Result.Wavefronts) {
      Result.Wavefronts = Measured;
      Result.OneAddressLoad = true;
    }
  }
  Result.Ideal = std::min(Result.Ideal, Result.Wavefronts);
  return Result;
}

} // namespace bankfix::reference

#endif // BANKFIX_FUZZ_REFERENCEBANKMODEL_H
