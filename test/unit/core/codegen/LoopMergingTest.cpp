// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopMergingTest.cpp - Whether nvcc may merge a loop's executions ---===//
//
// One thread's accesses to a float array, some of them instances that stand
// for every iteration of a loop. A loop is reported when two of its
// executions that follow each other in straight-line code (in one
// iteration, across two, or with the access just before or after the loop)
// would merge by the rules of AccessMerging.h: the next one starts where
// the first ends, the first is aligned to the merged width, up to 16 bytes
// for 4- and 8-byte elements, 8 for 2-byte ones, none for bytes.
//
//===----------------------------------------------------------------------===//

#include "core/codegen/LoopMerging.h"
#include "AccessBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

/// A loop `for (int j = Start; ...; j += Step)` of Count iterations, its
/// body one straight line (no barrier or branch in it).
std::shared_ptr<IterationRange> loop(int64_t Start, int64_t Step,
                                     uint64_t Count) {
  auto R = std::make_shared<IterationRange>();
  R->Count = Count;
  LoopVariable J;
  J.Name = "j";
  J.Symbol = "@j#0";
  J.Entry = LaneExpr::cast(LaneExpr::constant(Start), IntType::intTy());
  J.Steps = true;
  J.Start = Start;
  J.Step = Step;
  J.Type = IntType::intTy();
  R->Variables.push_back(J);
  return R;
}

X j() { return X(LaneExpr::uniform("@j#0", IntType::intTy())); }

const BlockShape Warp{{32, 1, 1}};

/// The loads of one thread, in program order.
struct Thread {
  SharedArrayLayout Layout{"s", {4096}, 4};
  std::vector<AccessInstance> Instances;

  /// Adds the next load of element \p Index, in every iteration of
  /// \p Range when given.
  void add(X Index, std::shared_ptr<const IterationRange> Range = nullptr,
           unsigned Region = 0) {
    AccessInstance I;
    I.Desc = access({Index}, unsigned(Layout.ElementSize));
    I.Region = Region;
    I.Sequence = unsigned(Instances.size());
    I.Range = std::move(Range);
    Instances.push_back(I);
  }

  /// The loops reported, each load its own expression, all in one group.
  std::set<const IterationRange *> mergingLoops() {
    std::vector<MergeCandidate> C;
    for (AccessInstance &I : Instances)
      C.push_back({&I, &Layout, 0, true, "load", &I});
    return loopsThatMayMerge(C, {Warp});
  }
};

using Loops = std::set<const IterationRange *>;

TEST(LoopMerging, APairInEachIteration) {
  // s[64 * tx + 2 * j], then s[64 * tx + 2 * j + 1]: the second starts 4
  // bytes after the first, which is 8-byte aligned in every lane.
  auto R = loop(0, 1, 16);
  Thread T;
  T.add(X(64) * tx() + X(2) * j(), R);
  T.add(X(64) * tx() + X(2) * j() + 1, R);
  EXPECT_EQ(T.mergingLoops(), Loops{R.get()});
}

TEST(LoopMerging, ConsecutiveIterationsOfOneAccess) {
  // s[64 * tx + j]: iteration j + 1 reads the float after iteration j's,
  // aligned for even j.
  auto R = loop(0, 1, 16);
  Thread T;
  T.add(X(64) * tx() + j(), R);
  EXPECT_EQ(T.mergingLoops(), Loops{R.get()});
}

TEST(LoopMerging, IterationsFarApartAreNotReported) {
  // s[32 * j + tx]: the next iteration is 128 bytes on, in every lane.
  auto R = loop(0, 1, 16);
  Thread T;
  T.add(X(32) * j() + tx(), R);
  EXPECT_EQ(T.mergingLoops(), Loops{});

  // The same over 3,000 iterations, wrapped into the array: judged over
  // one period of its bank pattern (128 iterations), not reported.
  auto Long = loop(0, 1, 3000);
  Thread U;
  U.add((X(32) * j() + tx()) % 4096, Long);
  EXPECT_EQ(U.mergingLoops(), Loops{});
}

TEST(LoopMerging, AdjacentButNotAlignedInEveryLane) {
  // s[32 * j + tx], then s[32 * j + tx + 1]: each lane's second float
  // follows its first, but lane 1's first is at 4 bytes past an 8-byte
  // boundary.
  auto R = loop(0, 1, 16);
  Thread T;
  T.add(X(32) * j() + tx(), R);
  T.add(X(32) * j() + tx() + 1, R);
  EXPECT_EQ(T.mergingLoops(), Loops{});
}

TEST(LoopMerging, IterationsMergeUpToSixteenBytes) {
  // Doubles: two iterations of d[64 * tx + j] make one 16-byte load (an
  // unrolled loop of 16 doubles per thread compiles to LDS.128), and so do
  // two accesses in one iteration, d[64 * tx + 2 * j] and d[... + 1].
  auto R = loop(0, 1, 16);
  Thread T;
  T.Layout = {"d", {4096}, 8};
  T.add(X(64) * tx() + j(), R);
  EXPECT_EQ(T.mergingLoops(), Loops{R.get()});

  Thread U;
  U.Layout = T.Layout;
  U.add(X(64) * tx() + X(2) * j(), R);
  U.add(X(64) * tx() + X(2) * j() + 1, R);
  EXPECT_EQ(U.mergingLoops(), Loops{R.get()});

  // 16-byte elements are as wide as a merge gets.
  Thread V;
  V.Layout = {"q", {4096}, 16};
  V.add(X(64) * tx() + j(), R);
  EXPECT_EQ(V.mergingLoops(), Loops{});
}

TEST(LoopMerging, IterationsOfBytesMergeOnlyUpToTheDeclaredAlignment) {
  // c[64 * tx + j] of chars: without `__align__` nvcc loads each byte on
  // its own; with `__align__(16)` it merges them.
  auto R = loop(0, 1, 16);
  Thread T;
  T.Layout = {"c", {4096}, 1};
  T.Layout.DeclaredAlignment = 1;
  T.add(X(64) * tx() + j(), R);
  EXPECT_EQ(T.mergingLoops(), Loops{});

  Thread A;
  A.Layout = {"c", {4096}, 1};
  A.Layout.DeclaredAlignment = 16;
  A.add(X(64) * tx() + j(), R);
  EXPECT_EQ(A.mergingLoops(), Loops{R.get()});
}

TEST(LoopMerging, ABarrierAtTheEndOfTheBodyKeepsIterationsApart) {
  // s[64 * tx + j] in the body's first region; a barrier after it starts
  // another: iteration j + 1 no longer follows iteration j in one line.
  auto R = loop(0, 1, 16);
  R->FirstRegion = 0;
  R->LastRegion = 1;
  Thread T;
  T.add(X(64) * tx() + j(), R);
  EXPECT_EQ(T.mergingLoops(), Loops{});
}

TEST(LoopMerging, ALongLoopIsJudgedOverOnePeriod) {
  // s[64 * tx + 2 * j % 64] and the float after it, over 3,000 iterations
  // (more than are followed one by one): the pattern repeats every 32
  // iterations, and the pair merges in the first.
  auto R = loop(0, 1, 3000);
  Thread T;
  T.add(X(64) * tx() + (X(2) * j()) % 64, R);
  T.add(X(64) * tx() + (X(2) * j()) % 64 + 1, R);
  EXPECT_EQ(T.mergingLoops(), Loops{R.get()});
}

TEST(LoopMerging, ALongLoopWithNoPeriodCannotBeRuledOut) {
  // s[64 * tx + j * j % 64 * 2] reads only even elements: no iteration
  // starts where the one before ends. 100 iterations are tried one by one
  // and not reported; 2,000 with no period shown are.
  Thread T;
  auto Short = loop(0, 1, 100);
  T.add(X(64) * tx() + (j() * j()) % 64 * 2, Short);
  EXPECT_EQ(T.mergingLoops(), Loops{});

  Thread U;
  auto Long = loop(0, 1, 2000);
  U.add(X(64) * tx() + (j() * j()) % 64 * 2, Long);
  EXPECT_EQ(U.mergingLoops(), Loops{Long.get()});
}

TEST(LoopMerging, AnAccessJustBeforeTheLoop) {
  // s[64 * tx], then a loop over s[64 * tx + 1 + 2 * j]: the loop's
  // iterations are two floats apart, but its first (j = 0) starts where
  // the load before it ends.
  auto R = loop(0, 1, 8);
  Thread T;
  T.add(X(64) * tx());
  T.add(X(64) * tx() + 1 + X(2) * j(), R);
  EXPECT_EQ(T.mergingLoops(), Loops{R.get()});

  // s[64 * tx + 2] ends after the first iteration starts: no merge.
  Thread U;
  U.add(X(64) * tx() + 2);
  U.add(X(64) * tx() + 1 + X(2) * j(), R);
  EXPECT_EQ(U.mergingLoops(), Loops{});

  // A barrier between the load and the loop.
  auto Apart = loop(0, 1, 8);
  Apart->FirstRegion = Apart->LastRegion = 1;
  Thread V;
  V.add(X(64) * tx(), nullptr, 0);
  V.add(X(64) * tx() + 1 + X(2) * j(), Apart, 1);
  EXPECT_EQ(V.mergingLoops(), Loops{});
}

TEST(LoopMerging, AnAccessJustAfterTheLoop) {
  // A loop over s[64 * tx + 2 * j] for j = 0 .. 7, then s[64 * tx + 15]:
  // the last iteration reads element 14, 8-byte aligned, and the load
  // after it the next.
  auto R = loop(0, 1, 8);
  Thread T;
  T.add(X(64) * tx() + X(2) * j(), R);
  T.add(X(64) * tx() + 15);
  EXPECT_EQ(T.mergingLoops(), Loops{R.get()});

  // s[64 * tx + 1] follows the first iteration's float, but it runs after
  // the last iteration.
  Thread U;
  U.add(X(64) * tx() + X(2) * j(), R);
  U.add(X(64) * tx() + 1);
  EXPECT_EQ(U.mergingLoops(), Loops{});
}

TEST(LoopMerging, OnlyTheLoopThatMergesIsReported) {
  // Two loops one after the other: s[64 * tx + j] merges its iterations,
  // s[2048 + 32 * j + tx] does not, nor does the first loop's last
  // iteration (element 64 * tx + 15) with the second's first.
  auto Merging = loop(0, 1, 16);
  auto Apart = loop(0, 1, 16);
  Thread T;
  T.add(X(64) * tx() + j(), Merging);
  T.add(X(2048) + X(32) * j() + tx(), Apart);
  EXPECT_EQ(T.mergingLoops(), Loops{Merging.get()});
}

} // namespace

namespace {

/// Two loops nested, `for (a = 0; a < NA; ++a) for (b = 0; b < NB; ++b)`.
std::shared_ptr<IterationRange> nest(uint64_t NA, uint64_t NB) {
  auto R = std::make_shared<IterationRange>();
  R->Count = NA * NB;
  R->Levels = {NA, NB};
  for (unsigned L = 0; L < 2; ++L) {
    LoopVariable V;
    V.Name = L ? "b" : "a";
    V.Symbol = "@" + V.Name;
    V.Entry = LaneExpr::cast(LaneExpr::constant(0), IntType::intTy());
    V.Steps = true;
    V.Step = 1;
    V.Type = IntType::intTy();
    V.Level = L;
    R->Variables.push_back(V);
  }
  return R;
}

X a() { return X(LaneExpr::uniform("@a", IntType::intTy())); }
X b() { return X(LaneExpr::uniform("@b", IntType::intTy())); }

} // namespace

TEST(LoopMerging, NestsReadThroughOneSum) {
  // s[64 tx + (a + b) % 64]: consecutive iterations of b are neighbours.
  auto Adjacent = nest(200, 64);
  Thread T;
  T.add(X(64) * tx() + (a() + b()) % 64, Adjacent);
  EXPECT_EQ(T.mergingLoops(), Loops{Adjacent.get()});
  // s[64 tx + (a + 2 b) % 64]: never neighbours, and no iteration reads
  // what the one before read, not even where b starts again.
  auto Apart = nest(200, 64);
  Thread U;
  U.add(X(64) * tx() + (a() + X(2) * b()) % 64, Apart);
  EXPECT_TRUE(U.mergingLoops().empty());
  // s[64 tx + (61 a + 3 b) % 64] with b < 21: b's neighbours are 3 words
  // apart, but from (a, 20) to (a + 1, 0) the sum moves by 61 - 60 = 1, to
  // the next word: they may merge there. With 62 a it moves by 2: never.
  auto Wrap = nest(300, 21);
  Thread W;
  W.add(X(64) * tx() + (a() * 61 + X(3) * b()) % 64, Wrap);
  auto NoWrap = nest(300, 21);
  Thread V;
  V.add(X(64) * tx() + (a() * 62 + X(3) * b()) % 64, NoWrap);
  EXPECT_TRUE(V.mergingLoops().empty());
  EXPECT_EQ(W.mergingLoops(), Loops{Wrap.get()});
}
