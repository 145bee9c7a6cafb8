// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SmOccupancy.cpp - Shared memory per block and blocks per SM --------===//

#include "core/fix/SmOccupancy.h"

#include <algorithm>

namespace bankfix {

SmLimits sm90Limits() { return SmLimits(); }

unsigned blocksPerSm(uint64_t SharedBytes, unsigned Warps,
                     const SmLimits &Limits) {
  if (SharedBytes > Limits.SharedPerBlock || Warps == 0 ||
      Warps > Limits.WarpsPerSm)
    return 0;
  uint64_t ByShared =
      Limits.SharedPerSm / (SharedBytes + Limits.ReservedPerBlock);
  uint64_t ByWarps = Limits.WarpsPerSm / Warps;
  return unsigned(std::min({ByShared, ByWarps, uint64_t(Limits.BlocksPerSm)}));
}

std::string budgetRefusal(const BlockSharedMemory &Before,
                          const BlockSharedMemory &After,
                          const SmLimits &Limits) {
  std::string Limit = std::to_string(StaticSharedMemoryLimit);
  // A kernel that cannot be built as it is gets no fix: nvcc refuses more
  // static shared memory than the limit, and no launch can give a block
  // more than the maximum.
  if (Before.Static > StaticSharedMemoryLimit)
    return "the kernel's static shared memory is already " +
           std::to_string(Before.Static) + " bytes, over the " + Limit +
           "-byte limit nvcc builds";
  if (Before.total() > Limits.SharedPerBlock)
    return "the block's shared memory is already " +
           std::to_string(Before.total()) + " bytes, over the " +
           std::to_string(Limits.SharedPerBlock) + "-byte maximum";
  if (After.Static > StaticSharedMemoryLimit && After.Static > Before.Static)
    return "it would make the static shared memory " +
           std::to_string(After.Static) + " bytes, over the " + Limit +
           "-byte limit";
  if (After.Dynamic > StaticSharedMemoryLimit &&
      Before.Dynamic <= StaticSharedMemoryLimit)
    return "it would make the dynamic shared memory " +
           std::to_string(After.Dynamic) + " bytes, over " + Limit +
           ", which a launch gets only with "
           "cudaFuncAttributeMaxDynamicSharedMemorySize";
  if (After.total() > Limits.SharedPerBlock && After.total() > Before.total())
    return "it would make the block's shared memory " +
           std::to_string(After.total()) + " bytes, over the " +
           std::to_string(Limits.SharedPerBlock) + "-byte maximum";
  return "";
}

} // namespace bankfix
