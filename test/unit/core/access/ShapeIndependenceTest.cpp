// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ShapeIndependenceTest.cpp - Results that hold for any block shape --===//

#include "core/access/ShapeIndependence.h"
#include "ExprBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

AccessInstance instance(std::vector<X> Index) {
  AccessInstance I;
  for (const X &E : Index)
    I.Desc.Indices.push_back(E.P);
  return I;
}

std::vector<AccessSummary> probe(const SharedArrayLayout &Array,
                                 const std::vector<AccessInstance> &Instances,
                                 unsigned Threads, unsigned Across = 32) {
  std::vector<AccessSummary> Out;
  for (const BlockShape &S : probeShapes(Threads, Across))
    Out.push_back(summarizeAccess(Array, Instances, S));
  return Out;
}

TEST(ShapeIndependence, ProbesCoverEveryWarpOfEveryBlock) {
  std::vector<BlockShape> P = probeShapes(1024);
  std::vector<BlockShape> Expected = {
      {{1024, 1, 1}}, {{512, 2, 1}}, {{320, 3, 1}}, {{256, 4, 1}},
      {{192, 5, 1}},  {{160, 6, 1}}, {{128, 8, 1}}, {{96, 10, 1}},
      {{64, 16, 1}},  {{32, 32, 1}}};
  EXPECT_EQ(P, Expected);
  // Every warp (k, y) of every block 32a x b with a * b <= 32 is a warp of
  // some probe.
  for (unsigned A = 1; A <= 32; ++A)
    for (unsigned B = 1; A * B <= 32; ++B)
      for (unsigned K = 0; K < A; ++K)
        for (unsigned Y = 0; Y < B; ++Y) {
          bool Covered = false;
          for (const BlockShape &S : P)
            Covered = Covered || (32 * K < S.Dim[0] && Y < S.Dim[1]);
          EXPECT_TRUE(Covered) << A << "x" << B << " warp " << K << "," << Y;
        }
  EXPECT_EQ(probeShapes(256, 32).front(), (BlockShape{{256, 1, 1}}));
  EXPECT_EQ(probeShapes(1024, 1), (std::vector<BlockShape>{{{32, 32, 1}}}));
  EXPECT_EQ(probeShapes(1024, 4).front(), (BlockShape{{128, 8, 1}}));
}

TEST(ShapeIndependence, StridedRowIsTheSameInEveryWarp) {
  const SharedArrayLayout Row{"s", {2048}, 4};
  std::vector<AccessInstance> I = {instance({tx() * 2})};
  EXPECT_EQ(shapeDependence(I), "");
  std::vector<AccessSummary> S = probe(Row, I, 1024);
  EXPECT_TRUE(sameForEveryWarp(S));
  EXPECT_EQ(S.front().worst().worst().Wavefronts, 2u);
}

TEST(ShapeIndependence, ColumnOfARowPerYIsTheSameForXOf32) {
  // t[threadIdx.x][threadIdx.y] of float[32][32]: 32-way in every warp of
  // a block 32 wide; wider blocks leave the array.
  const SharedArrayLayout Tile{"t", {32, 32}, 4};
  std::vector<AccessInstance> I = {instance({tx(), ty()})};
  std::vector<AccessSummary> Wide = probe(Tile, I, 1024);
  EXPECT_FALSE(Wide.front().judged());
  std::vector<AccessSummary> Narrow = probe(Tile, I, 1024, 1);
  EXPECT_TRUE(sameForEveryWarp(Narrow));
}

TEST(ShapeIndependence, AnIndexScaledByYDependsOnTheShape) {
  const SharedArrayLayout Row{"s", {64 * 33}, 4};
  std::vector<AccessInstance> I = {instance({tx() * (ty() + 1)})};
  EXPECT_EQ(shapeDependence(I), "");
  EXPECT_FALSE(sameForEveryWarp(probe(Row, I, 1024)));
}

TEST(ShapeIndependence, BlockDimAndThreadIdxZAreNamed) {
  AccessInstance BlockDim = instance({tx() + X(LaneExpr::blockDim(0))});
  EXPECT_EQ(shapeDependence({BlockDim}), "it reads blockDim");
  EXPECT_EQ(shapeDependence({instance({tx() + tz()})}), "it reads threadIdx.z");
  // A function walked once per shape: the same executions in each walk do
  // not depend on it; different ones do.
  AccessInstance A = instance({tx()}), B = instance({tx()});
  A.OnlyForShape = BlockShape{{32, 1, 1}};
  B.OnlyForShape = BlockShape{{64, 1, 1}};
  EXPECT_EQ(shapeDependence({A, B}), "");
  B.Desc.Indices = {(tx() + 1).P};
  EXPECT_EQ(shapeDependence({A, B}), "it reads blockDim");
  // Walked for one shape only: nothing to compare with.
  EXPECT_EQ(shapeDependence({A}), "it reads blockDim");
}

TEST(ShapeIndependence, AValueNoLaunchGivesIsNamed) {
  // a[threadIdx.x + r]: judged over the values of r, which each probe
  // would repeat; a launched n is a number.
  EXPECT_EQ(unknownValueRead({instance({tx() + sym("r")})}), "r");
  X N(LaneExpr::launched("n", 4, IntType::intTy()));
  EXPECT_EQ(unknownValueRead({instance({tx() * N})}), "");
  EXPECT_EQ(unknownValueRead({instance({tx()})}), "");
}

} // namespace
