// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BankModel.h - Shared-memory bank model of one warp access ----------===//
//
// The pure bank model, calibrated against Nsight Compute on an H100
// (see docs/bank-model.md): given the byte address each lane of a warp
// touches, the access width and whether it is a load or a store, it returns
// the wavefronts the access takes, the ideal, the n-way degree and which
// lanes collide in which bank. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_BANKMODEL_H
#define BANKFIX_BANKMODEL_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

constexpr unsigned WarpSize = 32;
constexpr unsigned NumBanks = 32;
constexpr unsigned BankWidthBytes = 4;

/// An atomic (ATOMS on a 4-byte word) is served as a load is: lanes on
/// one word share its wavefront.
enum class AccessKind { Load, Store, Atomic };

/// "load", "store" or "atomic".
inline const char *accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::Atomic:
    break;
  }
  return "atomic";
}

/// "load from 'a'", "store to 'a'", "atomic update of 'a'".
inline std::string accessOn(AccessKind K, const std::string &Array) {
  switch (K) {
  case AccessKind::Load:
    return "load from '" + Array + "'";
  case AccessKind::Store:
    return "store to '" + Array + "'";
  case AccessKind::Atomic:
    break;
  }
  return "atomic update of '" + Array + "'";
}

/// Byte address per lane; std::nullopt for an inactive lane.
using WarpAddresses = std::array<std::optional<uint64_t>, WarpSize>;

/// A bank that serves more than one distinct word in one phase.
struct BankCollision {
  unsigned Bank = 0;
  std::vector<uint64_t> Words; ///< distinct 4-byte words, ascending
  std::vector<unsigned> Lanes; ///< lanes touching this bank, ascending
};

/// One phase: the whole warp (1-4 byte accesses), a half-warp (8 bytes) or
/// a quarter-warp (16 bytes).
struct PhaseResult {
  unsigned FirstLane = 0;
  unsigned LastLane = 0;
  bool Active = false;     ///< some lane of the phase is active
  unsigned Wavefronts = 0; ///< most distinct words in any one bank
  std::vector<BankCollision> Collisions;
};

struct WarpAccessResult {
  /// Sum over phases, after the merged units and the one-address rule.
  unsigned Wavefronts = 0;
  /// What Nsight Compute reports as ideal: 1 for 1-4 byte accesses;
  /// ceil(active lanes x width / 128) for 8 and 16 bytes, for loads at most
  /// the wavefronts.
  unsigned Ideal = 0;
  unsigned NWay = 0; ///< largest phase value (classic n-way)
  /// 8- or 16-byte load: units (the warp, or half-warps for 16 bytes) whose
  /// phases were served together in one wavefront (WideLoadPairing.h).
  unsigned GroupedUnits = 0;
  /// An 8- or 16-byte load whose active lanes all read one address, served
  /// in fewer wavefronts than the phase rule says (1 for 8 bytes, one per
  /// 16 active lanes for 16).
  bool OneAddressLoad = false;
  /// A 16-byte load's half-warp with a lane switched off inside it (below
  /// its last active lane) that the rule would serve in one wavefront:
  /// ncu's count there follows no rule found, so its phases are kept: never
  /// below ncu's count (docs/wide-load-counters.md).
  bool PairingUncertain = false;
  std::vector<PhaseResult> Phases;

  unsigned excess() const { return Wavefronts - Ideal; }
  bool hasConflict() const { return NWay > 1; }
};

/// Access widths the hardware has: 1, 2, 4, 8 or 16 bytes.
bool isSupportedAccessWidth(unsigned Width);

/// Lanes per phase for an access of \p Width bytes (32, 16 or 8).
unsigned lanesPerPhase(unsigned Width);

/// Bank of a byte address: (Address / 4) % 32.
inline unsigned bankOf(uint64_t Address) {
  return static_cast<unsigned>((Address / BankWidthBytes) % NumBanks);
}

/// The last 4-byte word an access of \p Width bytes at \p Address touches
/// (the first is Address / 4); computed without Address + Width, which
/// wraps at the top of the address range.
inline uint64_t lastWordOf(uint64_t Address, unsigned Width) {
  return Address / BankWidthBytes +
         (Address % BankWidthBytes + Width - 1) / BankWidthBytes;
}

/// Nsight Compute's ideal wavefronts for \p ActiveLanes lanes moving
/// \p Width bytes each: 1 for 1-4 bytes, ceil(ActiveLanes x Width / 128)
/// for 8 and 16 bytes (0 with no active lane). Loads take at most their
/// wavefronts.
unsigned idealWavefronts(unsigned ActiveLanes, unsigned Width);

/// How the lanes' addresses reach the banks.
enum class LaneService {
  /// One LDS, STS or ATOMS: the phase rule, and for 8- and 16-byte loads
  /// the units served together and the one-address rule.
  Instruction,
  /// The row addresses of ldmatrix/stmatrix (LDSM/STSM, 16 bytes per
  /// lane): each group of 8 lanes names the rows of one 8x8 matrix and is
  /// served alone; measured, rows that two matrices share are not served
  /// together (docs/bank-model.md).
  MatrixRows,
  /// The generic ATOM that cuda::atomic_ref compiles to on shared memory:
  /// every active lane takes a wavefront of its bank, lanes on one word
  /// too (measured: pairs of lanes on 16 words of 16 banks take 2).
  EachLane,
};

/// Runs the bank model on one warp-level access. \p Width must satisfy
/// isSupportedAccessWidth. An 8- or 16-byte load whose active lanes all read
/// one address takes 1 wavefront for 8 bytes and one per 16 active lanes
/// for 16 bytes, whether or not the compiler knows the address is uniform
/// (Nsight Compute's Source-page counter; WideLoadPairing.h).
WarpAccessResult
analyzeWarpAccess(const WarpAddresses &Addresses, unsigned Width,
                  AccessKind Kind,
                  LaneService Service = LaneService::Instruction);

} // namespace bankfix

#endif // BANKFIX_BANKMODEL_H
