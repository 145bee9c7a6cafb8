// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SmOccupancyTest.cpp - Shared memory per block and blocks per SM ----===//

#include "core/fix/SmOccupancy.h"

#include <gtest/gtest.h>

using namespace bankfix;

namespace {

TEST(SmOccupancy, BlocksPerSmOfSm90) {
  SmLimits L = sm90Limits();
  // 32 warps: two blocks by warps, whatever the shared memory.
  EXPECT_EQ(blocksPerSm(4096, 32, L), 2u);
  // 1 warp, no shared memory: the 32-block limit.
  EXPECT_EQ(blocksPerSm(0, 1, L), 32u);
  // 8 warps: 8 by warps; 27.5 KiB + 1 KiB reserved: 8 x 28.5 = 228 KiB.
  EXPECT_EQ(blocksPerSm(28160, 8, L), 8u);
  // One byte more: 7.
  EXPECT_EQ(blocksPerSm(28161, 8, L), 7u);
  EXPECT_EQ(blocksPerSm(227 * 1024, 1, L), 1u);
  EXPECT_EQ(blocksPerSm(227 * 1024 + 1, 1, L), 0u);
  EXPECT_EQ(blocksPerSm(0, 65, L), 0u);
}

TEST(SmOccupancy, RefusesStaticOver48KiB) {
  SmLimits L = sm90Limits();
  EXPECT_EQ(budgetRefusal({48 * 1024, 0}, {48 * 1024, 0}, L), "");
  EXPECT_NE(budgetRefusal({48 * 1024, 0}, {48 * 1024 + 512, 0}, L)
                .find("static shared memory 49664 bytes"),
            std::string::npos);
}

TEST(SmOccupancy, RefusesAKernelThatCannotBeBuiltAsItIs) {
  SmLimits L = sm90Limits();
  // A swizzle keeps the bytes, yet the array alone is over the limit.
  EXPECT_NE(budgetRefusal({4 << 20, 0}, {4 << 20, 0}, L)
                .find("static shared memory is already 4194304 bytes, over "
                      "the 49152-byte limit"),
            std::string::npos);
  EXPECT_NE(budgetRefusal({0, 240 * 1024}, {0, 240 * 1024}, L)
                .find("already 245760 bytes, over the 232448-byte maximum"),
            std::string::npos);
}

TEST(SmOccupancy, DynamicCrossing48KiBNeedsTheOptIn) {
  SmLimits L = sm90Limits();
  EXPECT_NE(budgetRefusal({0, 48 * 1024}, {0, 48 * 1024 + 1536}, L)
                .find("cudaFuncAttributeMaxDynamicSharedMemorySize"),
            std::string::npos);
  // Already above 48 KiB: the launch has opted in; up to 227 KiB is fine.
  EXPECT_EQ(budgetRefusal({0, 64 * 1024}, {0, 66 * 1024}, L), "");
  EXPECT_NE(budgetRefusal({0, 226 * 1024}, {0, 228 * 1024}, L)
                .find("over the 232448-byte maximum"),
            std::string::npos);
}

} // namespace
