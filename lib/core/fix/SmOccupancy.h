// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SmOccupancy.h - Shared memory per block and blocks per SM ----------===//
//
// What a fix costs: the shared memory of a block before and after, whether
// it stays within what CUDA allows (48 KiB of static shared memory; dynamic
// shared memory above 48 KiB only with an opt-in attribute, up to the
// per-block maximum), and how many blocks of the analysed shape fit on one
// SM before and after, as far as shared memory, warps and the block limit
// decide (registers are not known here). The limits are sm_90's.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SMOCCUPANCY_H
#define BANKFIX_SMOCCUPANCY_H

#include <cstdint>
#include <string>

namespace bankfix {

/// CUDA's limit on static shared memory per block, and on dynamic shared
/// memory without cudaFuncAttributeMaxDynamicSharedMemorySize.
constexpr uint64_t StaticSharedMemoryLimit = 48 * 1024;

struct SmLimits {
  uint64_t SharedPerSm = 228 * 1024;
  uint64_t SharedPerBlock = 227 * 1024;
  uint64_t ReservedPerBlock = 1024; ///< the system's share of each block
  unsigned BlocksPerSm = 32;
  unsigned WarpsPerSm = 64;
};

/// The limits of sm_90 (H100).
SmLimits sm90Limits();

/// Blocks of \p Warps warps using \p SharedBytes each that fit on one SM;
/// 0 when not even one does.
unsigned blocksPerSm(uint64_t SharedBytes, unsigned Warps,
                     const SmLimits &Limits);

/// One block's shared memory, split as it is allocated.
struct BlockSharedMemory {
  uint64_t Static = 0;
  uint64_t Dynamic = 0;
  uint64_t total() const { return Static + Dynamic; }
};

/// Why growing \p Before to \p After is refused, or empty: a kernel over
/// the limits already (nvcc does not build it, no launch runs it), static
/// shared memory over 48 KiB, dynamic shared memory crossing 48 KiB (the
/// launch would fail without the opt-in) or over the per-block maximum.
std::string budgetRefusal(const BlockSharedMemory &Before,
                          const BlockSharedMemory &After,
                          const SmLimits &Limits);

} // namespace bankfix

#endif // BANKFIX_SMOCCUPANCY_H
