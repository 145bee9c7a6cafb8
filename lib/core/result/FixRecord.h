// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixRecord.h - What was planned for one array, as plain data --------===//
//
// The fix (or why none) of one conflicting declaration: its style and
// parameters, the wavefronts before and after, the edits, and what it
// costs each kernel in shared memory and blocks per SM. The JSON report's
// "fixes" are made from it.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FIXRECORD_H
#define BANKFIX_FIXRECORD_H

#include "core/fix/SmOccupancy.h"
#include "core/model/BlockShape.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bankfix {

struct FixRecord {
  std::string File; ///< of the declaration
  unsigned Line = 0, Column = 0;
  std::string Array;
  std::string Style; ///< "row padding", "row stride", "index padding"
  bool Offered = false;
  std::string Change;  ///< "pad it to float[32][33]"
  std::string WhyNot;  ///< no plan: why
  std::string Refusal; ///< a plan, not offered: why
  std::string NoGain;  ///< a plan that lowers nothing: so it says
  /// Not offered: why the other style (padding or swizzle) is no fix either.
  std::string OtherWhyNot;
  unsigned Pad = 0;
  uint64_t Period = 0;
  /// XOR swizzle: granule bytes and masks (0 for the other styles).
  uint64_t SwizzleGranule = 0, SwizzleRows = 0;
  uint64_t WavefrontsBefore = 0, WavefrontsAfter = 0;
  struct Budget {
    std::string Kernel;
    BlockShape Shape;
    BlockSharedMemory Before, After;
    unsigned BlocksPerSmBefore = 0, BlocksPerSmAfter = 0;
    bool DynamicUnknown = false; ///< extern, no launch in sight
  };
  std::vector<Budget> Budgets;
  std::vector<std::string> EditedFiles;
  unsigned Edits = 0;
  std::string LaunchNote;
};

} // namespace bankfix

#endif // BANKFIX_FIXRECORD_H
