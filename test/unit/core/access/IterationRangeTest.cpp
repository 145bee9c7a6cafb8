// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IterationRangeTest.cpp - A loop's iterations judged by their period-===//
//
// An instance that stands for every iteration of a loop must be judged as
// the same access written out once per iteration: the totals, the worst
// iteration and its label, the first iteration that cannot be judged and
// why. Each case compares the two over loops longer than a period and
// longer than the old 1,024-iteration limit, and checks the number of
// iterations evaluated stays small when the pattern repeats.
//
//===----------------------------------------------------------------------===//

#include "ExprBuilder.h"
#include "core/access/AccessSummary.h"
#include "core/access/IterationPeriod.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

/// A loop `for (int j = Start; ...; j += Step)` of Count iterations.
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

AccessInstance inLoop(std::vector<X> Index,
                      std::shared_ptr<IterationRange> Range,
                      std::optional<X> Guard = std::nullopt) {
  AccessInstance I;
  for (const X &E : Index)
    I.Desc.Indices.push_back(E.P);
  if (Guard)
    I.Desc.Guard = Guard->P;
  I.Range = std::move(Range);
  return I;
}

/// The same instance written out once per iteration, as an unrolled walk
/// makes them.
std::vector<AccessInstance> unrolled(const AccessInstance &I) {
  std::vector<AccessInstance> Out;
  for (uint64_t K = 0; K < I.Range->Count; ++K) {
    AccessInstance E = I;
    E.Desc = I.Range->accessAt(I.Desc, K);
    E.Iteration = I.Range->label(K);
    E.Range.reset();
    Out.push_back(std::move(E));
  }
  return Out;
}

void expectSameSummary(const SharedArrayLayout &Array, const AccessInstance &I,
                       const BlockShape &Shape) {
  AccessSummary Fast = summarizeAccess(Array, {I}, Shape);
  AccessSummary Slow = summarizeAccess(Array, unrolled(I), Shape);
  ASSERT_EQ(Fast.judged(), Slow.judged());
  EXPECT_EQ(Fast.Executions, I.Range->Count);
  EXPECT_EQ(Slow.Executions, I.Range->Count);
  if (!Slow.judged()) {
    const InstanceEvaluation &F = Fast.Instances[Fast.FirstProblem];
    const InstanceEvaluation &S = Slow.Instances[Slow.FirstProblem];
    EXPECT_EQ(F.Iteration, S.Iteration);
    EXPECT_EQ(F.Eval.Problem, S.Eval.Problem);
    return;
  }
  ASSERT_EQ(Fast.runs(), Slow.runs());
  EXPECT_EQ(Fast.BlockWavefronts, Slow.BlockWavefronts);
  EXPECT_EQ(Fast.BlockIdeal, Slow.BlockIdeal);
  EXPECT_EQ(Fast.sameInEveryInstance(), Slow.sameInEveryInstance());
  if (!Slow.runs())
    return;
  EXPECT_EQ(Fast.Instances[Fast.Worst].Iteration,
            Slow.Instances[Slow.Worst].Iteration);
  EXPECT_EQ(Fast.worst().worst().Wavefronts, Slow.worst().worst().Wavefronts);
  EXPECT_EQ(Fast.worst().worst().NWay, Slow.worst().worst().NWay);
  EXPECT_EQ(Fast.worst().WorstWarp, Slow.worst().WorstWarp);
}

const SharedArrayLayout Wide{"t", {32, 64}, 4};
const SharedArrayLayout Tile{"tile", {32, 32}, 4};
const BlockShape Block32x32{{32, 32, 1}};
const BlockShape Block32x8{{32, 8, 1}};
const BlockShape Block96{{96, 1, 1}};

TEST(IterationRange, LabelsAndValuesAsAnUnrolledWalk) {
  auto R = loop(0, 8, 4);
  R->Outer = "i = 2";
  EXPECT_EQ(R->label(0), "i = 2, j = 0");
  EXPECT_EQ(R->label(3), "i = 2, j = 24");
  AccessInstance I = inLoop({ty() + j(), tx()}, R);
  SharedAccessDesc At = R->accessAt(I.Desc, 2);
  EXPECT_EQ(printLaneExpr(*At.Indices[0]), "threadIdx.y + 16");
}

TEST(IterationRange, ModularIndexRepeatsEvery64Iterations) {
  auto R = loop(0, 1, 3000);
  AccessInstance I = inLoop({ty(), (tx() * 3 + j()) % 64}, R);
  std::optional<IterationPattern> P =
      iterationPattern(Wide, I.Desc, *R, Block32x32);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 64u);
  EXPECT_FALSE(P->MayLeaveBounds);
  AccessSummary S = summarizeAccess(Wide, {I}, Block32x32);
  // Iteration 0, then one period.
  EXPECT_EQ(S.Instances.size(), 65u);
  EXPECT_EQ(S.BlockWavefronts, 3000u * 32u);
  expectSameSummary(Wide, I, Block32x32);
}

TEST(IterationRange, ASwizzledTileRepeatsWhenItsIndicesDo) {
  // A swizzle is not linear in the indices: an index that comes back to
  // its value after a period repeats the address (one period evaluated);
  // a row that moves is followed iteration by iteration.
  SharedArrayLayout Swizzled = Wide;
  Swizzled.Swizzle = {4, 32};
  auto R = loop(0, 1, 600);
  AccessInstance Back = inLoop({ty(), (tx() * 2 + j()) % 64}, R);
  std::optional<IterationPattern> P =
      iterationPattern(Swizzled, Back.Desc, *R, Block32x32);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Period, 64u);
  EXPECT_EQ(summarizeAccess(Swizzled, {Back}, Block32x32).Instances.size(),
            65u);
  expectSameSummary(Swizzled, Back, Block32x32);
  auto Rows = loop(0, 1, 30);
  AccessInstance Moving = inLoop({j(), tx() * 2}, Rows);
  EXPECT_TRUE(iterationPattern(Wide, Moving.Desc, *Rows, Block32x8));
  EXPECT_FALSE(iterationPattern(Swizzled, Moving.Desc, *Rows, Block32x8));
  expectSameSummary(Swizzled, Moving, Block32x8);
}

TEST(IterationRange, ConflictingStrides) {
  auto R = loop(0, 1, 1500);
  expectSameSummary(Wide, inLoop({ty(), (tx() * 2 + j()) % 64}, R), Block32x32);
  expectSameSummary(Wide, inLoop({ty(), (tx() * 32 + j()) % 64}, R),
                    Block32x32);
}

TEST(IterationRange, RowsThatMoveByWholeBankCycles) {
  // The tiled transpose: j += 8 moves the address by 8 rows of 128 bytes.
  auto R = loop(0, 8, 4);
  AccessInstance Store = inLoop({ty() + j(), tx()}, R);
  expectSameSummary(Tile, Store, Block32x8);
  AccessSummary S = summarizeAccess(Tile, {Store}, Block32x8);
  EXPECT_EQ(S.Instances.size(), 2u); // iteration 0, and one for 1..3
  EXPECT_EQ(S.BlockWavefronts, 4u * 8u);
  // The load moves by 32 bytes per iteration: a period of 4, 32-way.
  AccessInstance Load = inLoop({tx(), ty() + j()}, R);
  expectSameSummary(Tile, Load, Block32x8);
  EXPECT_EQ(summarizeAccess(Tile, {Load}, Block32x8).BlockWavefronts,
            4u * 8u * 32u);
  expectSameSummary(Tile, inLoop({(tx() + j()) % 32, ty()}, loop(0, 1, 2000)),
                    Block32x8);
}

TEST(IterationRange, TheFirstIterationOutOfBounds) {
  // ty + j leaves the 32 rows at j = 25 (ty = 7): not judged from there.
  expectSameSummary(Tile, inLoop({ty() + j(), tx()}, loop(0, 1, 40)),
                    Block32x8);
  expectSameSummary(Tile, inLoop({ty() + j(), tx()}, loop(0, 1, 3000)),
                    Block32x8);
  expectSameSummary(
      Tile, inLoop({tx(), (ty() + j() * 3) % 37}, loop(0, 1, 1500)), Block32x8);
  // Downwards, from the last row.
  expectSameSummary(Tile, inLoop({asInt(ty()) + j(), tx()}, loop(31, -1, 2000)),
                    Block32x8);
}

TEST(IterationRange, MasksShiftsAndDivisions) {
  auto R = loop(0, 1, 1300);
  expectSameSummary(Wide, inLoop({ty(), (tx() + j()) & 63}, R), Block32x32);
  expectSameSummary(Wide, inLoop({ty(), ((tx() * 4 + j()) >> 1) % 64}, R),
                    Block32x32);
  expectSameSummary(Wide, inLoop({ty(), (tx() + j()) / 2 % 64}, R), Block32x32);
  expectSameSummary(Wide, inLoop({ty(), (tx() ^ 5) + (j() & 31)}, R),
                    Block32x32);
}

TEST(IterationRange, AGuardThatRepeats) {
  auto R = loop(0, 1, 1200);
  expectSameSummary(
      Wide, inLoop({ty(), (tx() + j()) % 64}, R, ((tx() + j()) & 1) < 1),
      Block32x32);
}

TEST(IterationRange, SignChangesAreFollowedOneByOne) {
  // j / 2 truncates towards zero: no period across 0; 200 iterations are
  // evaluated one by one.
  auto R = loop(-50, 1, 200);
  AccessInstance I = inLoop({ty(), (j() / 2 + 32) % 64}, R);
  EXPECT_FALSE(iterationPattern(Wide, I.Desc, *R, Block32x32));
  expectSameSummary(Wide, I, Block32x32);
}

TEST(IterationRange, NoPatternInALongLoopIsNotJudged) {
  AccessInstance Short = inLoop({ty(), (j() * j()) % 64}, loop(0, 1, 500));
  expectSameSummary(Wide, Short, Block32x32);
  AccessInstance Long = inLoop({ty(), (j() * j()) % 64}, loop(0, 1, 5000));
  AccessSummary S = summarizeAccess(Wide, {Long}, Block32x32);
  ASSERT_FALSE(S.judged());
  EXPECT_NE(S.Instances[S.FirstProblem].Eval.Problem.find("5000 iterations"),
            std::string::npos);
}

TEST(IterationRange, WideAccessesAndOddBlocks) {
  const SharedArrayLayout Vectors{"v", {32, 16}, 16};
  AccessInstance I = inLoop({ty(), (tx() + j()) % 16}, loop(0, 1, 1100));
  I.Desc.Width = 16;
  expectSameSummary(Vectors, I, Block32x8);
  const SharedArrayLayout Row{"s", {256}, 4};
  expectSameSummary(Row, inLoop({(tx() * 5 + j() * 3) % 256}, loop(0, 1, 1100)),
                    Block96);
}

TEST(IterationRange, AMillionIterationsCostOnePeriod) {
  auto R = loop(0, 1, 1000000);
  AccessSummary S = summarizeAccess(
      Wide, {inLoop({ty(), (tx() * 3 + j()) % 64}, R)}, Block32x32);
  ASSERT_TRUE(S.judged());
  EXPECT_EQ(S.Executions, 1000000u);
  EXPECT_EQ(S.Instances.size(), 65u);
  // Conflict-free: one wavefront per warp and iteration.
  EXPECT_EQ(S.BlockWavefronts, 1000000u * 32u);
  EXPECT_EQ(S.BlockIdeal, 1000000u * 32u);
}

} // namespace

namespace {

/// Loops nested outermost first, `for (int v = Start; ...; v += Step)` of
/// Count iterations each, named a, b, c, ...
std::shared_ptr<IterationRange>
nest(std::vector<std::tuple<int64_t, int64_t, uint64_t>> Loops) {
  auto R = std::make_shared<IterationRange>();
  R->Count = 1;
  for (unsigned L = 0; L < Loops.size(); ++L) {
    auto [Start, Step, Count] = Loops[L];
    LoopVariable V;
    V.Name = std::string(1, char('a' + L));
    V.Symbol = "@" + V.Name;
    V.Entry = LaneExpr::cast(LaneExpr::constant(Start), IntType::intTy());
    V.Steps = true;
    V.Start = Start;
    V.Step = Step;
    V.Type = IntType::intTy();
    V.Level = L;
    R->Variables.push_back(V);
    R->Levels.push_back(Count);
    R->Count *= Count;
  }
  return R;
}

X v(char Name) {
  return X(LaneExpr::uniform(std::string("@") + Name, IntType::intTy()));
}

} // namespace

TEST(IterationRange, ANestCountsItsIterationsInTheOrderTheyRun) {
  auto R = nest({{0, 1, 3}, {10, -2, 4}});
  EXPECT_EQ(R->label(0), "a = 0, b = 10");
  EXPECT_EQ(R->label(6), "a = 1, b = 6");
  EXPECT_EQ(R->levelIteration(6, 0), 1u);
  EXPECT_EQ(R->levelIteration(6, 1), 2u);
  EXPECT_EQ(R->nestIteration({1, 2}), 6u);
  AccessInstance I = inLoop({ty(), v('a') * 8 + v('b')}, R);
  EXPECT_EQ(printLaneExpr(*R->accessAt(I.Desc, 11).Indices[1]), "(2 * 8) + 4");
}

TEST(IterationRange, ANestReadThroughOneSumIsJudgedPerResidue) {
  // (x * 3 + 5a + 7b) % 64: one sum of the loops; its 64 residues, not the
  // 1,200 iterations, are evaluated.
  auto R = nest({{0, 1, 40}, {0, 1, 30}});
  AccessInstance I =
      inLoop({ty(), (tx() * 2 + v('a') * 5 + v('b') * 7) % 64}, R);
  expectSameSummary(Wide, I, Block32x8);
  EXPECT_LE(summarizeAccess(Wide, {I}, Block32x8).Instances.size(), 64u);
  // Three loops, steps other than 1, one loop counting down.
  auto Three = nest({{3, 2, 12}, {0, 3, 10}, {20, -1, 9}});
  expectSameSummary(
      Wide,
      inLoop({ty(), (tx() * 4 + v('a') + v('b') * 2 + v('c') * 6) % 64}, Three),
      Block32x8);
  // The sum in the row and, masked, in the column.
  expectSameSummary(
      Wide,
      inLoop({(v('a') + v('b')) % 8, (tx() * 2 + (v('a') + v('b'))) & 63}, R),
      Block32x8);
}

TEST(IterationRange, ANestReadThroughTwoSumsIsJudgedPerLoopPeriod) {
  // The row from one loop, the column from the other: each loop's period,
  // every combination of them.
  auto R = nest({{0, 1, 40}, {0, 1, 30}});
  AccessInstance I =
      inLoop({(v('a') * 5) & 31, (tx() * (v('b') % 3 + 1)) % 64}, R);
  expectSameSummary(Wide, I, Block32x8);
  EXPECT_LE(summarizeAccess(Wide, {I}, Block32x8).Instances.size(), 33u * 4u);
}

TEST(IterationRange, ANestThatLeavesTheArrayIsNotJudged) {
  // ty + a + b passes row 31 at a + b = 25 (ty = 7); the last iteration of
  // a residue shows it.
  auto R = nest({{0, 1, 21}, {0, 1, 21}});
  AccessInstance I = inLoop({ty() + v('a') + v('b'), tx()}, R);
  AccessSummary S = summarizeAccess(Tile, {I}, Block32x8);
  EXPECT_FALSE(S.judged());
  EXPECT_FALSE(summarizeAccess(Tile, unrolled(I), Block32x8).judged());
  auto Inside = nest({{0, 1, 12}, {0, 1, 12}});
  expectSameSummary(Tile, inLoop({ty() + v('a') + v('b'), tx()}, Inside),
                    Block32x8);
}

TEST(IterationRange, TotalsPastWhatBankfixCountsAreNotJudged) {
  auto R = nest({{0, 1, uint64_t(1) << 31}, {0, 1, uint64_t(1) << 31}});
  AccessInstance I = inLoop({ty(), tx() * 32 % 64}, R);
  AccessSummary S = summarizeAccess(Wide, {I}, Block32x32);
  EXPECT_FALSE(S.judged());
  EXPECT_NE(S.Instances[S.FirstProblem].Eval.Problem.find("2^64"),
            std::string::npos);
}
