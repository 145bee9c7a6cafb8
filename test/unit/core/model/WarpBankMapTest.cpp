// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WarpBankMapTest.cpp - Lanes and banks laid out for display ---------===//

#include "core/model/WarpBankMap.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace bankfix;

namespace {

WarpAddresses stride(uint64_t Bytes, unsigned Lanes = WarpSize) {
  WarpAddresses A;
  for (unsigned L = 0; L < Lanes; ++L)
    A[L] = L * Bytes;
  return A;
}

TEST(WarpBankMap, SeedZeroColumnIsAllBankZero) {
  // tile[32][32], tile[threadIdx.x][0]: 0, 128, ..., 3968.
  WarpBankMap M = buildWarpBankMap(stride(128), 4, AccessKind::Load);
  for (unsigned L = 0; L < WarpSize; ++L) {
    EXPECT_EQ(M.Lanes[L].Address, 128u * L);
    EXPECT_EQ(M.Lanes[L].FirstWord, 32u * L);
    EXPECT_EQ(M.Lanes[L].FirstBank, 0u);
    EXPECT_TRUE(M.collides(L, 0));
    EXPECT_FALSE(M.collides(L, 1));
  }
  EXPECT_EQ(M.Lanes[31].Address, 3968u);
  ASSERT_EQ(M.phases(), 1u);
  EXPECT_EQ(M.WordsPerBank[0][0], 32u);
  for (unsigned B = 1; B < NumBanks; ++B)
    EXPECT_EQ(M.WordsPerBank[0][B], 0u);
  EXPECT_EQ(M.Result.Wavefronts, 32u);
}

TEST(WarpBankMap, PaddedColumnsSpreadOverTheBanks) {
  // [33]: 0, 132, ..., 4092 -> banks 0..31; [31]: banks 0, 31, 30, ..., 1.
  WarpBankMap P33 = buildWarpBankMap(stride(132), 4, AccessKind::Load);
  WarpBankMap P31 = buildWarpBankMap(stride(124), 4, AccessKind::Load);
  for (unsigned L = 0; L < WarpSize; ++L) {
    EXPECT_EQ(P33.Lanes[L].FirstBank, L);
    EXPECT_EQ(P31.Lanes[L].FirstBank, (NumBanks - L) % NumBanks);
    EXPECT_FALSE(P33.collides(L, L));
  }
  EXPECT_EQ(P33.Lanes[31].Address, 4092u);
  EXPECT_EQ(P31.Lanes[30].Address, 3720u);
  EXPECT_EQ(P31.Lanes[31].Address, 3844u);
  for (unsigned B = 0; B < NumBanks; ++B) {
    EXPECT_EQ(P33.WordsPerBank[0][B], 1u);
    EXPECT_EQ(P31.WordsPerBank[0][B], 1u);
  }
  EXPECT_EQ(P33.Result.Wavefronts, 1u);
  EXPECT_EQ(P31.Result.Wavefronts, 1u);
}

TEST(WarpBankMap, DoublesArePerHalfWarp) {
  // double a[tid]: lane 16 is at byte 128, bank 0 like lane 0, but in the
  // other phase: no conflict (seed 002 thought otherwise).
  WarpBankMap M = buildWarpBankMap(stride(8), 8, AccessKind::Load);
  ASSERT_EQ(M.phases(), 2u);
  EXPECT_EQ(M.Lanes[16].Address, 128u);
  EXPECT_EQ(M.Lanes[16].FirstBank, 0u);
  EXPECT_EQ(M.Lanes[16].Words, 2u);
  EXPECT_EQ(M.Lanes[16].Phase, 1u);
  EXPECT_EQ(M.Lanes[15].Phase, 0u);
  EXPECT_TRUE(M.Lanes[16].touches(1));
  EXPECT_FALSE(M.Lanes[16].touches(2));
  EXPECT_FALSE(M.collides(16, 0));
  EXPECT_EQ(M.WordsPerBank[0][0], 1u);
  EXPECT_EQ(M.WordsPerBank[1][0], 1u);
  EXPECT_EQ(M.Result.Wavefronts, 2u);
  // The 16-byte struct: 2 words in banks 0, 1, 4, 5, ... per half-warp.
  WarpBankMap S = buildWarpBankMap(stride(16), 8, AccessKind::Load);
  EXPECT_EQ(S.WordsPerBank[0][0], 2u);
  EXPECT_EQ(S.WordsPerBank[0][2], 0u);
  EXPECT_TRUE(S.collides(8, 0));
  EXPECT_EQ(S.Result.Wavefronts, 4u);
}

TEST(WarpBankMap, InactiveLanesTouchNothing) {
  WarpAddresses A = stride(128, 8); // seed 001: 8 active lanes
  WarpBankMap M = buildWarpBankMap(A, 4, AccessKind::Load);
  EXPECT_FALSE(M.Lanes[8].Active);
  for (unsigned B = 0; B < NumBanks; ++B)
    EXPECT_FALSE(M.Lanes[8].touches(B));
  EXPECT_EQ(M.WordsPerBank[0][0], 8u);
  EXPECT_EQ(M.Result.Wavefronts, 8u);
}

TEST(WarpBankMap, MostWordsInABankIsTheModelsPhaseValue) {
  // Whatever the addresses: the display's counts agree with the model.
  std::mt19937 Rng(7);
  for (unsigned Width : {1u, 2u, 4u, 8u, 16u}) {
    for (int Round = 0; Round < 200; ++Round) {
      WarpAddresses A;
      for (unsigned L = 0; L < WarpSize; ++L)
        if (Rng() % 5)
          A[L] = (Rng() % 512) * Width;
      WarpBankMap M = buildWarpBankMap(A, Width, AccessKind::Store);
      for (unsigned P = 0; P < M.phases(); ++P) {
        unsigned Most = *std::max_element(M.WordsPerBank[P].begin(),
                                          M.WordsPerBank[P].end());
        EXPECT_EQ(Most, M.Result.Phases[P].Wavefronts);
        for (unsigned B = 0; B < NumBanks; ++B) {
          bool Collision = false;
          for (const BankCollision &C : M.Result.Phases[P].Collisions)
            Collision = Collision || C.Bank == B;
          EXPECT_EQ(Collision, M.WordsPerBank[P][B] > 1);
        }
      }
    }
  }
}

} // namespace
