// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExplainTableTest.cpp - The text table and the SVG of an access -----===//

#include "core/explain/ExplainTable.h"
#include "ExprBuilder.h"
#include "core/explain/ExplainSvg.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

AccessExplanation seedZero(unsigned Pad, unsigned Rows = 32,
                           unsigned Cols = 32) {
  SharedArrayLayout Tile{"tile", {Rows, Cols}, 4};
  SharedAccessDesc A;
  A.Indices = {tx().P, X(0).P};
  AccessExplanation E;
  E.Place = "t.cu:10:22";
  E.Access = "load from 'tile'";
  E.Function = "readColumn<32>";
  E.Block = "32x1x1 (set with --block-dim)";
  std::string Type =
      "float[" + std::to_string(Rows) + "][" + std::to_string(Cols) + "]";
  explainWarp(Tile, Type, A, BlockShape{{32, 1, 1}}, 0, Pad,
              "float[32][" + std::to_string(Cols + Pad) + "]", E);
  return E;
}

size_t count(const std::string &S, const std::string &Part) {
  size_t N = 0;
  for (size_t At = S.find(Part); At != std::string::npos;
       At = S.find(Part, At + 1))
    ++N;
  return N;
}

TEST(ExplainTable, SeedZeroRowsAndBankCounts) {
  std::string T = renderExplainTable(seedZero(1));
  EXPECT_NE(T.find("t.cu:10:22: load from 'tile' in 'readColumn<32>', warp 0 "
                   "of block 32x1x1 (set with --block-dim)\n"),
            std::string::npos)
      << T;
  EXPECT_NE(T.find("before: float[32][32]; after: float[32][33]"),
            std::string::npos);
  // lane, threadIdx, index | address word bank | address word bank
  EXPECT_NE(T.find("\n   1  (1,0,0)     [1][0]  |     128    32     0 |     "
                   "132    33     1\n"),
            std::string::npos)
      << T;
  EXPECT_NE(T.find("\n  31  (31,0,0)    [31][0] |    3968   992     0 |    "
                   "4092  1023    31\n"),
            std::string::npos)
      << T;
  std::string Dots;
  for (int I = 1; I < 32; ++I)
    Dots += "  .";
  EXPECT_NE(T.find("\nbefore                 32" + Dots + "\n"),
            std::string::npos)
      << T;
  std::string Ones;
  for (int I = 0; I < 32; ++I)
    Ones += "  1";
  EXPECT_NE(T.find("\nafter                 " + Ones + "\n"), std::string::npos)
      << T;
  EXPECT_NE(T.find("\nbefore: 32 wavefronts, ideal 1: 32-way conflict (bank "
                   "0 serves 32 distinct words)\nafter:  1 wavefront, ideal "
                   "1: no conflict\n"),
            std::string::npos)
      << T;
  EXPECT_EQ(T.find(" \n"), std::string::npos) << "trailing spaces";
}

TEST(ExplainTable, WithoutAfterAndWithProblem) {
  AccessExplanation E = seedZero(0, 32, 31);
  E.NoAfter = "no access of 'tile' conflicts, so no padding is proposed";
  std::string T = renderExplainTable(E);
  EXPECT_NE(T.find("; no after: no access of 'tile' conflicts"),
            std::string::npos);
  EXPECT_NE(T.find("\n   1  (1,0,0)     [1][0]  |     124    31    31\n"),
            std::string::npos)
      << T;
  EXPECT_EQ(T.find("\nafter"), std::string::npos);
  AccessExplanation P = seedZero(0, 31, 31);
  std::string U = renderExplainTable(P);
  EXPECT_NE(U.find("cannot explain it: index 31 is out of bounds"),
            std::string::npos)
      << U;
}

TEST(ExplainTable, EightBytePhases) {
  SharedArrayLayout A{"a", {64}, 8};
  SharedAccessDesc D;
  D.Indices = {tx().P};
  D.Width = 8;
  AccessExplanation E;
  explainWarp(A, "double[64]", D, BlockShape{{64, 1, 1}}, 0, 0, "", E);
  std::string T = renderExplainTable(E);
  EXPECT_NE(T.find("phases of 16 lanes"), std::string::npos);
  EXPECT_NE(T.find("lane  threadIdx   index  phase | address  words  banks"),
            std::string::npos)
      << T;
  EXPECT_NE(T.find("\n  16  (16,0,0)    [16]   1     |     128  32-33    "
                   "0-1\n"),
            std::string::npos)
      << T;
  EXPECT_NE(T.find("\nbefore lanes 16-31 "), std::string::npos);
  EXPECT_NE(T.find("before: 2 wavefronts (1 + 1), ideal 2: no conflict"),
            std::string::npos);
}

TEST(ExplainTable, HalfWarpsServedTogether) {
  // Lanes 4k..4k+3 on double 2k: both half-warps in one wavefront
  // (WideLoadPairing.h), said instead of the phases' sum.
  SharedArrayLayout A{"a", {64}, 8};
  SharedAccessDesc D;
  D.Indices = {(tx() / 4 * 2).P};
  D.Width = 8;
  AccessExplanation E;
  explainWarp(A, "double[64]", D, BlockShape{{32, 1, 1}}, 0, 0, "", E);
  std::string T = renderExplainTable(E);
  EXPECT_NE(T.find("before: 1 wavefront, ideal 1: both half-warps served in "
                   "one wavefront (their words fit the banks)"),
            std::string::npos)
      << T;
}

TEST(ExplainSvg, OneCellPerLaneAndBank) {
  std::string S = renderExplainSvg(seedZero(1));
  EXPECT_EQ(S.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_EQ(count(S, "<g class=\"lane\""), 64u);
  // Cells: 2 maps x 32 x 32, plus the legend's three swatches.
  EXPECT_EQ(count(S, "<use href="), 2u * 32 * 32 + 3);
  EXPECT_EQ(count(S, "<use href=\"#x\""), 32u + 1); // bank 0, all lanes
  EXPECT_EQ(count(S, "<use href=\"#h\""), 32u + 1); // after: the diagonal
  // Names are escaped.
  EXPECT_NE(S.find("readColumn&lt;32&gt;"), std::string::npos);
  EXPECT_EQ(S.find("readColumn<32>"), std::string::npos);
}

} // namespace
