// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BankModelTest.cpp - The bank model on explicit address lists -------===//

#include "core/model/BankModel.h"

#include <gtest/gtest.h>

using namespace bankfix;

namespace {

WarpAddresses stride(uint64_t Bytes) {
  WarpAddresses A;
  for (unsigned L = 0; L < WarpSize; ++L)
    A[L] = L * Bytes;
  return A;
}

TEST(BankModel, BankOfMatchesSeed000) {
  // Seed 000: addresses 0, 128, ..., 3968 are all bank 0; with 33 columns
  // 0, 132, ..., 4092 are banks 0..31; with 31, banks 0, 31, 30, ..., 1.
  for (unsigned L = 0; L < 32; ++L) {
    EXPECT_EQ(bankOf(L * 128), 0u);
    EXPECT_EQ(bankOf(L * 132), L);
    EXPECT_EQ(bankOf(L * 124), (32 - L) % 32);
  }
  EXPECT_EQ(bankOf(3968), 0u);
  EXPECT_EQ(bankOf(4092), 31u);
  // tile[31][0] of a 31-column tile is at (31 * 31) * 4 = 3844, bank 1. The
  // seed prints the address as 3964 (an arithmetic slip) but its bank, 1, is
  // that of 3844.
  EXPECT_EQ(bankOf(31 * 31 * 4), 1u);
}

TEST(BankModel, ColumnAccessCollidesInBankZero) {
  WarpAccessResult R = analyzeWarpAccess(stride(128), 4, AccessKind::Store);
  EXPECT_EQ(R.Wavefronts, 32u);
  EXPECT_EQ(R.Ideal, 1u);
  EXPECT_EQ(R.NWay, 32u);
  EXPECT_EQ(R.excess(), 31u);
  ASSERT_EQ(R.Phases.size(), 1u);
  ASSERT_EQ(R.Phases[0].Collisions.size(), 1u);
  const BankCollision &C = R.Phases[0].Collisions[0];
  EXPECT_EQ(C.Bank, 0u);
  EXPECT_EQ(C.Lanes.size(), 32u);
  EXPECT_EQ(C.Words.size(), 32u);
  EXPECT_EQ(C.Words[1], 32u);
}

TEST(BankModel, InactiveLanesDoNotCount) {
  WarpAddresses A = stride(128);
  for (unsigned L = 8; L < WarpSize; ++L)
    A[L].reset();
  WarpAccessResult R = analyzeWarpAccess(A, 4, AccessKind::Load);
  EXPECT_EQ(R.Wavefronts, 8u);
  EXPECT_EQ(R.NWay, 8u);
}

TEST(BankModel, NoActiveLaneNoWavefront) {
  WarpAccessResult R = analyzeWarpAccess(WarpAddresses{}, 8, AccessKind::Load);
  EXPECT_EQ(R.Wavefronts, 0u);
  EXPECT_EQ(R.Ideal, 0u);
  EXPECT_EQ(R.NWay, 0u);
}

TEST(BankModel, BroadcastIsFree) {
  WarpAddresses A;
  for (unsigned L = 0; L < WarpSize; ++L)
    A[L] = (L / 4) * 4; // four lanes per word
  WarpAccessResult R = analyzeWarpAccess(A, 4, AccessKind::Load);
  EXPECT_EQ(R.Wavefronts, 1u);
  EXPECT_TRUE(R.Phases[0].Collisions.empty());
}

TEST(BankModel, EightByteAccessesUseHalfWarps) {
  WarpAccessResult R = analyzeWarpAccess(stride(8), 8, AccessKind::Load);
  ASSERT_EQ(R.Phases.size(), 2u);
  EXPECT_EQ(R.Phases[0].FirstLane, 0u);
  EXPECT_EQ(R.Phases[0].LastLane, 15u);
  EXPECT_EQ(R.Phases[1].FirstLane, 16u);
  EXPECT_EQ(R.Wavefronts, 2u);
  EXPECT_EQ(R.Ideal, 2u);
  EXPECT_EQ(R.NWay, 1u);
  // Only the first half-warp active: one phase.
  WarpAddresses Half = stride(8);
  for (unsigned L = 16; L < WarpSize; ++L)
    Half[L].reset();
  WarpAccessResult H = analyzeWarpAccess(Half, 8, AccessKind::Load);
  EXPECT_EQ(H.Wavefronts, 1u);
  EXPECT_EQ(H.Ideal, 1u);
}

TEST(BankModel, SixteenByteAccessesUseQuarterWarps) {
  WarpAccessResult R = analyzeWarpAccess(stride(16), 16, AccessKind::Load);
  EXPECT_EQ(R.Phases.size(), 4u);
  EXPECT_EQ(R.Wavefronts, 4u);
  EXPECT_EQ(R.Ideal, 4u);
}

TEST(BankModel, LoadsOfOneAddressTakeOneWavefrontPerSixteenBytesUnit) {
  // Calibration: every lane loads the same address: 1 wavefront for 8
  // bytes, 2 for 16; the matching stores follow the phase rule (2 and 4).
  WarpAddresses Same;
  Same.fill(64);
  EXPECT_EQ(analyzeWarpAccess(Same, 8, AccessKind::Load).Wavefronts, 1u);
  EXPECT_TRUE(analyzeWarpAccess(Same, 8, AccessKind::Load).OneAddressLoad);
  EXPECT_EQ(analyzeWarpAccess(Same, 16, AccessKind::Load).Wavefronts, 2u);
  EXPECT_EQ(analyzeWarpAccess(Same, 8, AccessKind::Store).Wavefronts, 2u);
  EXPECT_FALSE(analyzeWarpAccess(Same, 8, AccessKind::Store).OneAddressLoad);
  EXPECT_EQ(analyzeWarpAccess(Same, 16, AccessKind::Store).Wavefronts, 4u);
  // 4-byte accesses have one phase anyway.
  EXPECT_EQ(analyzeWarpAccess(Same, 4, AccessKind::Load).Wavefronts, 1u);
  EXPECT_FALSE(analyzeWarpAccess(Same, 4, AccessKind::Load).OneAddressLoad);
}

TEST(BankModel, SupportedWidths) {
  for (unsigned W : {1u, 2u, 4u, 8u, 16u})
    EXPECT_TRUE(isSupportedAccessWidth(W));
  for (unsigned W : {0u, 3u, 5u, 12u, 32u})
    EXPECT_FALSE(isSupportedAccessWidth(W));
}

} // namespace

namespace {

// Fuzzing finding (CoreFuzzer): at the top of the address range
// Address + Width - 1 wrapped, the lane touched no word and the phase had
// 0 wavefronts. Each lane touches Width / 4 words (at least one) wherever
// it is.
TEST(BankModel, TopOfTheAddressRange) {
  WarpAddresses A;
  A[0] = UINT64_MAX - 1; // bytes ...fe, ...ff and two past the top
  WarpAccessResult R = analyzeWarpAccess(A, 4, AccessKind::Load);
  EXPECT_EQ(R.Wavefronts, 1u);
  ASSERT_EQ(R.Phases.size(), 1u);
  EXPECT_EQ(R.Phases[0].Wavefronts, 1u);
  WarpAddresses B;
  B[0] = UINT64_MAX - 15;
  B[1] = UINT64_MAX - 15 - 128; // same bank, another word
  WarpAccessResult S = analyzeWarpAccess(B, 16, AccessKind::Store);
  EXPECT_EQ(S.Wavefronts, 2u);
  EXPECT_EQ(S.NWay, 2u);
}

} // namespace
