// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ColumnSwizzleTest.cpp - An XOR swizzle of the columns of an array --===//
//
// Where ColumnSwizzle::apply puts a byte, worked out by hand from the
// header's source form `t[r][c ^ (r % Rows * K)]`, and the properties a
// layout needs of it: each row keeps its bytes, the map is its own inverse,
// rows Rows apart share a mask, and a column of 32 floats lands in 32
// banks.
//
//===----------------------------------------------------------------------===//

#include "core/model/ColumnSwizzle.h"
#include "core/model/BankModel.h"

#include <gtest/gtest.h>

#include <set>

using namespace bankfix;

namespace {

TEST(ColumnSwizzle, ActiveWithAGranuleAndMoreThanOneRow) {
  EXPECT_FALSE(ColumnSwizzle{}.active());
  EXPECT_FALSE((ColumnSwizzle{0, 8}).active());
  EXPECT_FALSE((ColumnSwizzle{16, 0}).active());
  EXPECT_FALSE((ColumnSwizzle{16, 1}).active());
  EXPECT_TRUE((ColumnSwizzle{4, 2}).active());
  EXPECT_TRUE((ColumnSwizzle{16, 8}).active());
}

TEST(ColumnSwizzle, SixteenByteGranulesByHand) {
  ColumnSwizzle S{16, 8};
  // Row 3 of 128 bytes, granule 2, byte 4: granule 2 ^ 3 = 1.
  EXPECT_EQ(S.apply(3 * 128 + 2 * 16 + 4, 128), 3u * 128 + 1 * 16 + 4);
  // Row 7, byte 0: granule 0 ^ 7 = 7, the row's last.
  EXPECT_EQ(S.apply(7 * 128, 128), 7u * 128 + 7 * 16);
  // Rows of 256 bytes: row 9 has mask 9 % 8 = 1; granule 5 ^ 1 = 4.
  EXPECT_EQ(S.apply(9 * 256 + 5 * 16 + 7, 256), 9u * 256 + 4 * 16 + 7);
  // Row 0 keeps its order.
  EXPECT_EQ(S.apply(5 * 16 + 3, 128), 5u * 16 + 3);
}

TEST(ColumnSwizzle, EightByteGranulesByHand) {
  // Rows of 64 bytes, 4 masks: row 6 has mask 6 % 4 = 2; byte 8 is in
  // granule 1, which goes to 1 ^ 2 = 3.
  ColumnSwizzle S{8, 4};
  EXPECT_EQ(S.apply(6 * 64 + 8, 64), 6u * 64 + 3 * 8);
  EXPECT_EQ(S.apply(6 * 64 + 8 + 5, 64), 6u * 64 + 3 * 8 + 5);
}

TEST(ColumnSwizzle, MatchesTheSourceForm) {
  // Floats, 16-byte granules: K = 16 / 4 = 4, so element (r, c) of rows
  // of 32 floats is stored at column c ^ (r % 8 * 4).
  ColumnSwizzle S{16, 8};
  for (uint64_t R = 0; R < 32; ++R)
    for (uint64_t C = 0; C < 32; ++C)
      EXPECT_EQ(S.apply(R * 128 + C * 4, 128), R * 128 + (C ^ (R % 8 * 4)) * 4)
          << "r = " << R << ", c = " << C;
}

TEST(ColumnSwizzle, AColumnOfFloatsSpreadsOverTheBanks) {
  // Four-byte granules and 32 masks: column c of row r goes to column
  // c ^ r, so a column of 32 rows of 32 floats, all on one bank as
  // declared, lands on 32 banks.
  ColumnSwizzle S{4, 32};
  for (uint64_t C : {0u, 7u, 31u}) {
    std::set<unsigned> Banks;
    for (uint64_t R = 0; R < 32; ++R)
      Banks.insert(bankOf(S.apply(R * 128 + C * 4, 128)));
    EXPECT_EQ(Banks.size(), 32u) << "column " << C;
  }
  EXPECT_EQ(S.apply(5 * 128 + 7 * 4, 128), 5u * 128 + (7 ^ 5) * 4);
}

TEST(ColumnSwizzle, RowsAPeriodApartShareAMask) {
  // Row r + 16 is permuted as row r is; row 16 as row 0, not at all.
  ColumnSwizzle S{8, 16};
  for (uint64_t R = 0; R < 16; ++R)
    for (uint64_t B = 0; B < 128; ++B)
      EXPECT_EQ(S.apply(R * 128 + B, 128) - R * 128,
                S.apply((R + 16) * 128 + B, 128) - (R + 16) * 128);
  for (uint64_t B = 0; B < 128; ++B)
    EXPECT_EQ(S.apply(16 * 128 + B, 128), 16 * 128 + B);
}

TEST(ColumnSwizzle, ApplyingItTwiceGivesTheOffsetBack) {
  // The mask depends only on the row, which the swizzle keeps: XOR with it
  // twice is the identity, and the map is one to one over the array.
  ColumnSwizzle S{16, 8};
  std::set<uint64_t> Stored;
  for (uint64_t Offset = 0; Offset < 32 * 256; ++Offset) {
    uint64_t To = S.apply(Offset, 256);
    EXPECT_EQ(To / 256, Offset / 256);
    EXPECT_EQ(S.apply(To, 256), Offset);
    Stored.insert(To);
  }
  EXPECT_EQ(Stored.size(), 32u * 256);
}

TEST(ColumnSwizzle, AnInactiveSwizzleMovesNothing) {
  // One row per mask: the mask is 0. A granule of 0 bytes: likewise.
  for (uint64_t Offset : {0u, 4u, 132u, 4095u}) {
    EXPECT_EQ((ColumnSwizzle{16, 1}).apply(Offset, 128), Offset);
    EXPECT_EQ((ColumnSwizzle{0, 8}).apply(Offset, 128), Offset);
  }
}

} // namespace
