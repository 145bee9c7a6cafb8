// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoadSpeculationTest.cpp - Guarded loads nvcc runs unconditionally --===//
//
// The forms of test/differential/findings/speculated_guarded_load.cu and
// the accesses of the seed 2 measurement named below.
//
//===----------------------------------------------------------------------===//

#include "core/codegen/LoadSpeculation.h"
#include "AccessBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

X eq(const X &A, const X &B) { return cmp(BinaryOp::EQ, A, B); }
X ge(const X &A, const X &B) { return cmp(BinaryOp::GE, A, B); }

SharedAccessDesc guarded(std::vector<X> Index, const X &Guard,
                         unsigned Width = 4) {
  SharedAccessDesc A = access(std::move(Index), Width);
  A.Guard = Guard.P;
  A.Speculable = true;
  return A;
}

const SharedArrayLayout Floats{"s0", {48}, 4};
const BlockShape Block256{{256, 1, 1}};

TEST(LoadSpeculation, ConstantAddressUnderALaneGuardRunsInEveryWarp) {
  // batch_010.cu:631: if (tid < 9u) acc += s0[8u]; 256 threads: ncu counts
  // 8 warps x 1 wavefront, not 1.
  SharedAccessDesc A = guarded({X(8)}, tx() < X(9));
  ASSERT_TRUE(speculatedIndices(Floats, A));
  EXPECT_EQ(*speculatedIndices(Floats, A), std::vector<int64_t>{8});
  AccessEvaluation E = evaluateAccess(Floats, A, Block256);
  ASSERT_TRUE(E.judged()) << E.Problem;
  EXPECT_TRUE(E.Speculated);
  EXPECT_EQ(E.Warps.size(), 8u);
  EXPECT_EQ(E.BlockWavefronts, 8u);
  EXPECT_EQ(E.BlockIdeal, 8u);
  // Without the frontend's word that the code only computes values (the
  // CUDA samples' `if (tid == 0) out[b] = sdata[0];`): the branch stays.
  A.Speculable = false;
  EXPECT_FALSE(speculatedIndices(Floats, A));
  EXPECT_EQ(evaluateAccess(Floats, A, Block256).BlockWavefronts, 1u);
}

TEST(LoadSpeculation, AnAddressThatDependsOnTheLaneStaysGuarded) {
  SharedAccessDesc A = guarded({tx() % X(48)}, tx() < X(9));
  EXPECT_FALSE(speculatedIndices(Floats, A));
  // blockDim is not known to nvcc (batch_013.cu:439).
  SharedAccessDesc B = guarded({X(LaneExpr::blockDim(0)) % X(16)}, tx() < X(9));
  EXPECT_FALSE(speculatedIndices(Floats, B));
}

TEST(LoadSpeculation, TheGuardMayFixTheIndex) {
  // batch_006.cu:93: if (threadIdx.x == 20u) acc += s0[threadIdx.x % 48u];
  // 64 threads: both warps load s0[20].
  SharedAccessDesc A = guarded({tx() % X(48)}, eq(tx(), X(20)));
  AccessEvaluation E = evaluateAccess(Floats, A, BlockShape{{64, 1, 1}});
  EXPECT_TRUE(E.Speculated);
  EXPECT_EQ(E.BlockWavefronts, 2u);
}

TEST(LoadSpeculation, TheGuardMayFixAVariableIndex) {
  // Seed 5 measurement, batch_000.cu:518 (block 5x3): if (tid == 38u) acc
  // += s0[tid]; no lane has tid 38, yet the one warp loads s0[38].
  X Tid(LaneExpr::variable((tx() + ty() * X(5)).P));
  const SharedArrayLayout Words{"s0", {100}, 4};
  SharedAccessDesc A = guarded({Tid}, eq(Tid, X(38)));
  AccessEvaluation E = evaluateAccess(Words, A, BlockShape{{5, 3, 1}});
  EXPECT_TRUE(E.Speculated);
  EXPECT_EQ(E.BlockWavefronts, 1u);
  // Run 5, batch_009.cu:98: lane, computed before the branch, keeps its
  // per-lane value.
  X Lane(LaneExpr::variable((Tid % X(32)).P));
  EXPECT_FALSE(speculatedIndices(Words, guarded({Lane}, eq(Tid, X(16)))));
}

TEST(LoadSpeculation, AGuardItsConjunctsContradictIsDeleted) {
  // Seed 3 measurement, batch_008.cu:385: if ((lane % 8u == 4u) && ((lane
  // * 3u) % 4u > 2u)) acc += s1[5][lane % 8u]; the guard fixes the index
  // but never holds: nvcc deleted the load.
  X Lane(LaneExpr::variable((tx() % X(32)).P));
  X Guard =
      eq(Lane % X(8), X(4)) && cmp(BinaryOp::GT, (Lane * X(3)) % X(4), X(2));
  SharedAccessDesc A = guarded({Lane % X(8)}, Guard);
  EXPECT_FALSE(speculatedIndices(Floats, A));
  EXPECT_EQ(evaluateAccess(Floats, A, Block256).BlockWavefronts, 0u);
  // With a guard that may hold, the index it fixes is loaded in every warp.
  X Holds =
      eq(Lane % X(8), X(4)) && cmp(BinaryOp::GT, (Lane * X(3)) % X(8), X(2));
  EXPECT_TRUE(speculatedIndices(Floats, guarded({Lane % X(8)}, Holds)));
}

TEST(LoadSpeculation, AConstantGuardIsFoldedNotSpeculated) {
  SharedAccessDesc A = guarded({X(8)}, X(3) < X(1));
  EXPECT_FALSE(speculatedIndices(Floats, A));
  EXPECT_EQ(evaluateAccess(Floats, A, Block256).BlockWavefronts, 0u);
}

TEST(LoadSpeculation, OutOfBoundsAndWideLoadsAreNotSpeculated) {
  // s0[48] is past the end: undefined, nvcc deletes it.
  EXPECT_FALSE(speculatedIndices(Floats, guarded({X(48)}, tx() < X(9))));
  // 16-byte loads kept their branch (batch_005.cu:804, batch_009.cu:743).
  SharedArrayLayout Int4s{"s1", {8}, 16};
  EXPECT_FALSE(speculatedIndices(Int4s, guarded({X(2)}, tx() < X(9), 16)));
  // 8 bytes: speculated (batch_017.cu:805).
  SharedArrayLayout Int2s{"s0", {40}, 8};
  EXPECT_TRUE(speculatedIndices(Int2s, guarded({X(21)}, ge(tx(), X(40)), 8)));
  // Stores are never speculated.
  SharedAccessDesc Store = guarded({X(8)}, tx() < X(9));
  Store.Kind = AccessKind::Store;
  EXPECT_FALSE(speculatedIndices(Floats, Store));
}

TEST(LoadSpeculation, ByteOffsetsInsideTheArray) {
  SharedAccessDesc A = guarded({X(188)}, tx() < X(9));
  A.FlatBytes = true;
  EXPECT_TRUE(speculatedIndices(Floats, A));
  A.Indices = {X(190).P}; // bytes 190..193 of 192
  EXPECT_FALSE(speculatedIndices(Floats, A));
}

} // namespace
