// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MatrixRowsTest.cpp - ldmatrix/stmatrix rows in the bank model ------===//
//
// The patterns of test/differential/findings/tensor_tiles.cu, measured with
// Nsight Compute (H200, sm_90): lane l names the byte offset rowOffset(l)
// of one 16-byte row; ldmatrix .x1/.x2/.x4 reads the rows lanes 0-7, 0-15
// or 0-31 name (LDSM), stmatrix writes them (STSM). The .trans forms gave
// the same numbers.
//
//===----------------------------------------------------------------------===//

#include "core/model/BankModel.h"

#include <gtest/gtest.h>

using namespace bankfix;

namespace {

uint64_t rowOffset(int Mode, unsigned L) {
  switch (Mode) {
  case 0:
    return L * 16;
  case 1:
    return L * 32;
  case 2:
    return 16 * ((L % 8) / 2 + 4 * (L / 16) + 8 * (L % 2 + 2 * ((L / 8) % 2)));
  case 3:
    return (L % 8) * 128 + (L / 8) * 16;
  case 4:
    return (L % 8) * 16;
  case 5:
    return (L % 16) * 48 + (L / 16) * 16;
  case 6:
    return (L % 16) * 64 + (L / 16) * 16;
  default:
    return (L % 16) * 80 + (L / 16) * 16;
  }
}

WarpAccessResult rows(int Mode, unsigned Matrices, AccessKind Kind) {
  WarpAddresses A;
  for (unsigned L = 0; L < 8 * Matrices; ++L)
    A[L] = rowOffset(Mode, L);
  return analyzeWarpAccess(A, 16, Kind, LaneService::MatrixRows);
}

TEST(MatrixRows, MeasuredWavefronts) {
  // Per mode, measured wavefronts of .x1, .x2 and .x4, loads and stores.
  const unsigned Measured[8][3] = {{1, 2, 4},   {2, 4, 8}, {2, 4, 8},
                                   {8, 16, 32}, {1, 2, 4}, {1, 2, 4},
                                   {4, 8, 16},  {1, 2, 4}};
  const unsigned Counts[3] = {1, 2, 4};
  for (int Mode = 0; Mode < 8; ++Mode)
    for (int C = 0; C < 3; ++C)
      for (AccessKind Kind : {AccessKind::Load, AccessKind::Store}) {
        WarpAccessResult R = rows(Mode, Counts[C], Kind);
        EXPECT_EQ(R.Wavefronts, Measured[Mode][C])
            << "mode " << Mode << " x" << Counts[C];
        EXPECT_EQ(R.Ideal, Counts[C]) << "mode " << Mode << " x" << Counts[C];
      }
}

} // namespace
