// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CalibrationTest.cpp - Every row of docs/bank-model.md --------------===//
//
// Each row of the calibration table (measured with Nsight Compute on an
// H100) written as an array layout, an index expression and a block shape.
// The expected numbers are the "measured" column.
//
//===----------------------------------------------------------------------===//

#include "ExprBuilder.h"
#include "core/access/AccessEvaluation.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

struct Row {
  std::string Name;
  SharedArrayLayout Array;
  std::vector<X> Index;
  BlockShape Shape;
  unsigned Width;
  AccessKind Kind;
  unsigned WavefrontsPerWarp; ///< measured, every warp
  unsigned NWay;              ///< classic n-way: largest phase value
  std::optional<X> Guard = std::nullopt;
  uint64_t ByteOffset = 0;
};

BlockShape block(unsigned X, unsigned Y = 1) { return BlockShape{{X, Y, 1}}; }
SharedArrayLayout arr(std::vector<uint64_t> Dims, uint64_t Elem) {
  return {"a", std::move(Dims), Elem};
}
const AccessKind LD = AccessKind::Load, ST = AccessKind::Store;

std::vector<Row> rows() {
  std::vector<Row> R = {
      {"float_t32x32_row_block32x8",
       arr({32, 32}, 4),
       {ty(), tx()},
       block(32, 8),
       4,
       LD,
       1,
       1},
      {"float_t32x32_column_block32x8",
       arr({32, 32}, 4),
       {tx(), ty()},
       block(32, 8),
       4,
       LD,
       32,
       32},
      {"float_t32x33_column_block32x8",
       arr({32, 33}, 4),
       {tx(), ty()},
       block(32, 8),
       4,
       LD,
       1,
       1},
      {"float_t31x31_column0_lanes0to30",
       arr({31, 31}, 4),
       {tx(), 0},
       block(32),
       4,
       LD,
       1,
       1,
       tx() < 31},
      {"all_lanes_one_word", arr({256}, 4), {0}, block(256), 4, LD, 1, 1},
      {"two_lanes_per_word",
       arr({256}, 4),
       {tx() / 2},
       block(256),
       4,
       LD,
       1,
       1},
      {"permutation_inside_32_words",
       arr({256}, 4),
       {(tx() / 32) * 32 + ((tx() * 7 + 3) % 32)},
       block(256),
       4,
       LD,
       1,
       1},
      {"lanes0to15_word0_lanes16to31_word32",
       arr({256}, 4),
       {(tx() % 32) / 16 * 32},
       block(256),
       4,
       LD,
       2,
       2},
      {"seed001_guarded_transposed_index",
       arr({256}, 4),
       {asInt((tx() % 32) * 32 + tx() / 32)},
       block(256),
       4,
       LD,
       8,
       8,
       asInt((tx() % 32) * 32 + tx() / 32) < 256},
      {"float_t16x16_column_block16x16",
       arr({16, 16}, 4),
       {tx(), ty()},
       block(16, 16),
       4,
       LD,
       8,
       8},
      {"float_t16x17_column_block16x16",
       arr({16, 17}, 4),
       {tx(), ty()},
       block(16, 16),
       4,
       LD,
       2,
       2},
      {"float_t16x16_row_block16x16",
       arr({16, 16}, 4),
       {ty(), tx()},
       block(16, 16),
       4,
       LD,
       1,
       1},
      {"double_tid", arr({256}, 8), {tx()}, block(256), 8, LD, 2, 1},
      {"double_t32x32_column",
       arr({32, 32}, 8),
       {tx(), ty()},
       block(32, 8),
       8,
       LD,
       32,
       16},
      {"double_t32x33_column",
       arr({32, 33}, 8),
       {tx(), ty()},
       block(32, 8),
       8,
       LD,
       2,
       1},
      {"double_t32x32_row",
       arr({32, 32}, 8),
       {ty(), tx()},
       block(32, 8),
       8,
       LD,
       2,
       1},
      // struct {double v; char pad[4];}: sizeof 16, member v at offset 0.
      {"struct_double_pad4_member_v",
       arr({256}, 16),
       {tx()},
       block(256),
       8,
       LD,
       4,
       2},
      {"double_2tid", arr({512}, 8), {tx() * 2}, block(256), 8, LD, 4, 2},
      {"double_interleaved_halfwarps",
       arr({256}, 8),
       {(tx() % 16) * 2 + (tx() / 16) % 2},
       block(256),
       8,
       LD,
       4,
       2},
      {"double_halfwarp_blocks_0_and_32",
       arr({512}, 8),
       {(tx() % 16) + (tx() % 32) / 16 * 32},
       block(256),
       8,
       LD,
       2,
       1},
      {"double_one_address_load", arr({256}, 8), {0}, block(256), 8, LD, 1, 1},
      {"double_one_address_store", arr({256}, 8), {0}, block(256), 8, ST, 2, 1},
      {"float2_tid", arr({64}, 8), {tx()}, block(32), 8, LD, 2, 1},
      {"float2_2tid", arr({64}, 8), {tx() * 2}, block(32), 8, LD, 4, 2},
      {"float4_tid", arr({64}, 16), {tx()}, block(32), 16, LD, 4, 1},
      {"float4_2tid", arr({64}, 16), {tx() * 2}, block(32), 16, LD, 8, 2},
      {"float4_t32x32_column",
       arr({32, 32}, 16),
       {tx(), 0},
       block(32),
       16,
       LD,
       32,
       8},
      {"float4_t32x33_column",
       arr({32, 33}, 16),
       {tx(), 0},
       block(32),
       16,
       LD,
       4,
       1},
      {"float4_one_address_load", arr({64}, 16), {0}, block(32), 16, LD, 2, 1},
      {"float4_one_address_store", arr({64}, 16), {0}, block(32), 16, ST, 4, 1},
      {"char_tid", arr({4096}, 1), {tx()}, block(32), 1, LD, 1, 1},
      {"char_4tid", arr({4096}, 1), {tx() * 4}, block(32), 1, LD, 1, 1},
      {"char_128tid", arr({4096}, 1), {tx() * 128}, block(32), 1, LD, 32, 32},
      {"short_tid", arr({2048}, 2), {tx()}, block(32), 2, LD, 1, 1},
      {"short_2tid", arr({2048}, 2), {tx() * 2}, block(32), 2, LD, 1, 1},
      {"short_64tid", arr({2048}, 2), {tx() * 64}, block(32), 2, LD, 32, 32},
  };
  // int a[k*tid], k = 2, 4, 8, 16, 32: k wavefronts.
  static const char *const KNames[] = {"int_2tid", "int_4tid", "int_8tid",
                                       "int_16tid", "int_32tid"};
  for (unsigned I = 0; I < 5; ++I) {
    int K = 2 << I;
    R.push_back({KNames[I],
                 arr({1024}, 4),
                 {tx() * K},
                 block(32),
                 4,
                 LD,
                 unsigned(K),
                 unsigned(K)});
  }
  // Loads and stores gave the same numbers except for one address.
  size_t N = R.size();
  for (size_t I = 0; I < N; ++I) {
    if (R[I].Name.find("one_address") != std::string::npos)
      continue;
    Row S = R[I];
    S.Kind = ST;
    S.Name += "_store";
    R.push_back(S);
  }
  return R;
}

class Calibration : public ::testing::TestWithParam<Row> {};

TEST_P(Calibration, MatchesMeasuredWavefronts) {
  const Row &Rw = GetParam();
  SharedAccessDesc Access;
  for (const X &I : Rw.Index)
    Access.Indices.push_back(I.P);
  if (Rw.Guard)
    Access.Guard = Rw.Guard->P;
  Access.Width = Rw.Width;
  Access.Kind = Rw.Kind;
  Access.ByteOffset = Rw.ByteOffset;
  AccessEvaluation E = evaluateAccess(Rw.Array, Access, Rw.Shape);
  ASSERT_TRUE(E.judged()) << E.Problem;
  ASSERT_FALSE(E.Warps.empty());
  for (const WarpOutcome &W : E.Warps) {
    EXPECT_EQ(W.Result.Wavefronts, Rw.WavefrontsPerWarp) << "warp " << W.Warp;
    EXPECT_EQ(W.Result.NWay, Rw.NWay) << "warp " << W.Warp;
  }
}

INSTANTIATE_TEST_SUITE_P(Rows, Calibration, ::testing::ValuesIn(rows()),
                         [](const ::testing::TestParamInfo<Row> &I) {
                           return I.param.Name;
                         });

SharedAccessDesc access(std::vector<X> Index, AccessKind Kind,
                        std::optional<X> Guard = std::nullopt,
                        unsigned Width = 4) {
  SharedAccessDesc A;
  for (const X &I : Index)
    A.Indices.push_back(I.P);
  if (Guard)
    A.Guard = Guard->P;
  A.Kind = Kind;
  A.Width = Width;
  return A;
}

// "Whole kernels" table: per-block wavefronts (ideal).
TEST(CalibrationKernels, Seed001BankConflictTest) {
  X Idx = asInt((tx() % 32) * 32 + tx() / 32);
  AccessEvaluation Load =
      evaluateAccess(arr({256}, 4), access({Idx}, LD, Idx < 256), block(256));
  ASSERT_TRUE(Load.judged()) << Load.Problem;
  EXPECT_EQ(Load.BlockWavefronts, 64u);
  EXPECT_EQ(Load.BlockIdeal, 8u);
  EXPECT_EQ(Load.blockExcess(), 56u);
  AccessEvaluation Store =
      evaluateAccess(arr({256}, 4), access({tx()}, ST), block(256));
  EXPECT_EQ(Store.BlockWavefronts, 8u);
  EXPECT_EQ(Store.BlockIdeal, 8u);
}

TEST(CalibrationKernels, Seed001Fixed) {
  AccessEvaluation Load = evaluateAccess(
      arr({256}, 4), access({asInt(tx())}, LD, asInt(tx()) < 256), block(256));
  EXPECT_EQ(Load.BlockWavefronts, 8u);
  EXPECT_EQ(Load.BlockIdeal, 8u);
}

TEST(CalibrationKernels, Seed002Tile) {
  for (AccessKind K : {LD, ST}) {
    AccessEvaluation E = evaluateAccess(arr({32, 32}, 4),
                                        access({tx(), ty()}, K), block(32, 32));
    EXPECT_EQ(E.BlockWavefronts, 1024u);
    EXPECT_EQ(E.BlockIdeal, 32u);
    AccessEvaluation P = evaluateAccess(arr({32, 33}, 4),
                                        access({tx(), ty()}, K), block(32, 32));
    EXPECT_EQ(P.BlockWavefronts, 32u);
    EXPECT_EQ(P.BlockIdeal, 32u);
  }
}

TEST(CalibrationKernels, Seed002DoubleDataAndPlainDouble) {
  for (AccessKind K : {LD, ST}) {
    AccessEvaluation S = evaluateAccess(
        arr({64}, 16), access({tx()}, K, std::nullopt, 8), block(64));
    EXPECT_EQ(S.BlockWavefronts, 8u);
    EXPECT_EQ(S.BlockIdeal, 4u);
    AccessEvaluation D = evaluateAccess(
        arr({64}, 8), access({tx()}, K, std::nullopt, 8), block(64));
    EXPECT_EQ(D.BlockWavefronts, 4u);
    EXPECT_EQ(D.BlockIdeal, 4u);
  }
}

} // namespace
