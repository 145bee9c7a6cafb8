// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WarpBankMap.h - Which lane touches which bank, for one warp --------===//
//
// The bank model's input and output laid out for a reader: for each lane of
// one warp its byte address, the 4-byte words it touches, their banks and
// its phase; for each phase how many distinct words each bank serves. The
// wavefronts come from the bank model (BankModel.h); this only arranges the
// same addresses for display. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_WARPBANKMAP_H
#define BANKFIX_WARPBANKMAP_H

#include "core/model/BankModel.h"

#include <array>
#include <cstdint>
#include <vector>

namespace bankfix {

struct LaneBankUse {
  bool Active = false;
  uint64_t Address = 0;   ///< bytes from the array's start
  uint64_t FirstWord = 0; ///< Address / 4
  unsigned Words = 0;     ///< 4-byte words touched: Width / 4, at least 1
  unsigned FirstBank = 0; ///< FirstWord % 32
  unsigned Phase = 0;     ///< Lane / lanesPerPhase(Width)

  /// True when this lane touches bank \p Bank.
  bool touches(unsigned Bank) const;
};

struct WarpBankMap {
  unsigned Width = 4;
  std::array<LaneBankUse, WarpSize> Lanes;
  /// WordsPerBank[phase][bank]: distinct words the phase's lanes touch in
  /// the bank (with LaneService::EachLane, the lanes' touches: each takes
  /// a wavefront).
  std::vector<std::array<unsigned, NumBanks>> WordsPerBank;
  WarpAccessResult Result; ///< the bank model's verdict on these addresses

  unsigned phases() const { return unsigned(WordsPerBank.size()); }
  /// True when lane \p Lane touches bank \p Bank and that bank serves more
  /// than one distinct word in the lane's phase.
  bool collides(unsigned Lane, unsigned Bank) const;
};

/// Runs the bank model on \p Addresses and lays out its input per lane and
/// per bank.
WarpBankMap buildWarpBankMap(const WarpAddresses &Addresses, unsigned Width,
                             AccessKind Kind,
                             LaneService Service = LaneService::Instruction);

} // namespace bankfix

#endif // BANKFIX_WARPBANKMAP_H
