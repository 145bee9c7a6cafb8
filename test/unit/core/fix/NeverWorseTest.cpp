// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NeverWorseTest.cpp - A layout no worse for any lanes ---------------===//

#include "core/fix/NeverWorse.h"
#include "ExprBuilder.h"
#include "core/fix/FlatIndexPadding.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

/// One execution of a load of \p Width bytes by one warp of a 32-thread
/// block at \p Addresses (bytes), with \p Guard taken as true when given.
AccessSummary oneWarp(const std::vector<uint64_t> &Addresses,
                      LaneExprPtr Guard = nullptr, unsigned Width = 4) {
  InstanceEvaluation I;
  I.Desc.Width = Width;
  I.Desc.Kind = AccessKind::Load;
  I.Eval.Shape = BlockShape{{32, 1, 1}};
  WarpOutcome W;
  for (unsigned Lane = 0; Lane < Addresses.size(); ++Lane)
    W.Addresses[Lane] = Addresses[Lane];
  W.Result = analyzeWarpAccess(W.Addresses, Width, AccessKind::Load);
  I.Eval.Warps.push_back(W);
  if (Guard) {
    I.Eval.AssumedGuardExprs.push_back(Guard.get());
    I.Eval.AssumedGuards.push_back("guard");
    I.Eval.WorstCase = "if 'guard' holds in every lane";
  }
  AccessSummary S;
  S.Instances.push_back(I);
  return S;
}

/// Lanes 16 to 31 on bank 0 (17-way with lane 0) as it is; lanes 0 and
/// 1 on bank 0 (2-way) under the candidate: better with every lane, worse
/// with lanes 0 and 1 alone.
struct BetterForAllWorseForTwo {
  std::vector<uint64_t> AsIs, Candidate;
  BetterForAllWorseForTwo() {
    for (uint64_t Lane = 0; Lane < 32; ++Lane) {
      AsIs.push_back(Lane < 16 ? 4 * Lane : 128 * (Lane - 15));
      Candidate.push_back(Lane == 1 ? 128 : 4 * Lane);
    }
  }
};

TEST(NeverWorse, EveryLaneRunningComparesTheWholeWarp) {
  BetterForAllWorseForTwo C;
  std::string Why;
  EXPECT_TRUE(neverWorse(oneWarp(C.AsIs), oneWarp(C.Candidate), Why)) << Why;
  EXPECT_FALSE(neverWorse(oneWarp(C.Candidate), oneWarp(C.AsIs), Why));
}

TEST(NeverWorse, AThresholdGuardComparesEveryRunOfLanes) {
  // if (threadIdx.x < d): lanes 0 and 1 alone may run.
  BetterForAllWorseForTwo C;
  LaneExprPtr Below = (tx() < sym("d")).P;
  std::string Why;
  EXPECT_FALSE(
      neverWorse(oneWarp(C.AsIs, Below), oneWarp(C.Candidate, Below), Why));
  EXPECT_NE(Why.find("warp 0"), std::string::npos) << Why;
  // if (threadIdx.x >= d): only runs that end at lane 31, where the
  // candidate is never worse.
  LaneExprPtr Above = (tx() >= sym("d")).P;
  EXPECT_TRUE(
      neverWorse(oneWarp(C.AsIs, Above), oneWarp(C.Candidate, Above), Why))
      << Why;
  // Lanes 0 and 1 on bank 0 as it is, 1 and 2 on bank 1 under the
  // candidate: no first run of lanes is worse, lanes 1 and 2 alone are.
  std::vector<uint64_t> AsIs, Candidate;
  for (uint64_t Lane = 0; Lane < 32; ++Lane) {
    AsIs.push_back(Lane == 1 ? 128 : 4 * Lane);
    Candidate.push_back(Lane == 2 ? 132 : 4 * Lane);
  }
  EXPECT_TRUE(neverWorse(oneWarp(AsIs, Below), oneWarp(Candidate, Below), Why))
      << Why;
  // An unsigned difference wraps: `threadIdx.x - lo < n` leaves lanes lo
  // to lo + n - 1 on, not a first run; not compared.
  LaneExprPtr Window = ((tx() - sym("lo")) < sym("n")).P;
  EXPECT_FALSE(
      neverWorse(oneWarp(AsIs, Window), oneWarp(Candidate, Window), Why));
  // Another form: any set of lanes, not compared.
  LaneExprPtr Odd = cmp(BinaryOp::EQ, tx() % sym("d"), X(0)).P;
  EXPECT_FALSE(
      neverWorse(oneWarp(C.AsIs, Odd), oneWarp(C.Candidate, Odd), Why));
  EXPECT_NE(Why.find("not a threshold on threadIdx.x"), std::string::npos)
      << Why;
}

TEST(NeverWorse, AccessesMergedUnderOneLayoutOnlyAreComparedTogether) {
  // `s[2 * i]` and `s[2 * i + 1]`, one 8-byte load as they are (the second
  // makes no access of its own); two 4-byte loads under a rewrite.
  std::vector<uint64_t> Pairs, Low, High, Apart, ApartHigh;
  for (uint64_t Lane = 0; Lane < 32; ++Lane) {
    Pairs.push_back(8 * Lane);
    Low.push_back(8 * Lane);
    High.push_back(8 * Lane + 4);
    Apart.push_back(4 * Lane);
    ApartHigh.push_back(256 + 4 * Lane);
  }
  AccessSummary Merged = oneWarp(Pairs, nullptr, 8), MergedAway;
  EXPECT_FALSE(sameExecutions(Merged, oneWarp(Low)));
  EXPECT_FALSE(sameExecutions(MergedAway, oneWarp(High)));
  EXPECT_TRUE(sameExecutions(oneWarp(Low), oneWarp(High)));
  std::string Why;
  // Each half 2-way: 4 wavefronts where the merged load takes 2.
  AccessSummary L = oneWarp(Low), H = oneWarp(High);
  EXPECT_FALSE(neverWorseTogether({&Merged, &MergedAway}, {&L, &H}, Why));
  EXPECT_NE(Why.find("4 wavefronts in warp 0 instead of 2"), std::string::npos)
      << Why;
  // Each half conflict-free: 2, as many.
  AccessSummary A = oneWarp(Apart), B = oneWarp(ApartHigh);
  EXPECT_TRUE(neverWorseTogether({&Merged, &MergedAway}, {&A, &B}, Why)) << Why;
  // Under `if (threadIdx.x < d)`, lane 0 alone takes one wavefront merged
  // and two apart.
  LaneExprPtr Below = (tx() < sym("d")).P;
  AccessSummary GuardedMerged = oneWarp(Pairs, Below, 8);
  AccessSummary GA = oneWarp(Apart, Below), GB = oneWarp(ApartHigh, Below);
  EXPECT_FALSE(
      neverWorseTogether({&GuardedMerged, &MergedAway}, {&GA, &GB}, Why));
  EXPECT_NE(Why.find("for lanes 0 to 0"), std::string::npos) << Why;
  // A merged access that gains does not pay for one that loses elsewhere
  // (under `if (mode)`, not run with it).
  std::vector<uint64_t> Strided, Spread, SpreadHigh;
  for (uint64_t Lane = 0; Lane < 32; ++Lane) {
    Strided.push_back(256 * Lane);
    Spread.push_back(4 * Lane + 512);
    SpreadHigh.push_back(4 * Lane + 768);
  }
  LaneExprPtr Mode = sym("mode").P;
  AccessSummary Gains = oneWarp(Strided, Mode, 8), SA = oneWarp(Spread, Mode),
                SB = oneWarp(SpreadHigh, Mode);
  EXPECT_FALSE(neverWorseTogether({&Merged, &MergedAway, &Gains},
                                  {&L, &H, &SA, &SB}, Why));
  EXPECT_TRUE(neverWorseTogether({&Gains}, {&SA, &SB}, Why)) << Why;
  // Two merged accesses that run together are not told apart: refused.
  AccessSummary Twice = oneWarp(Pairs, nullptr, 8);
  EXPECT_FALSE(neverWorseTogether({&Merged, &MergedAway, &Twice},
                                  {&A, &B, &A, &B}, Why));
  EXPECT_NE(Why.find("not compared apart"), std::string::npos) << Why;
}

AccessInstance instance(const X &Index, AccessKind Kind, const X &Guard) {
  AccessInstance I;
  I.Desc.Indices = {Index.P};
  I.Desc.Kind = Kind;
  I.Desc.Guard = Guard.P;
  I.Desc.PowersOfTwoFrom["offset"] = 1;
  return I;
}

FlatIndexForm form(const X &Index) {
  return {Index.P, LaneExpr::constant(0, IntType{64, true, false})};
}

/// A work-efficient scan's up-sweep over 512 floats, 256 threads: `if (tid
/// < d) temp[bi] += temp[ai]` with ai = offset * (2 * tid + 1) - 1, bi =
/// offset * (2 * tid + 2) - 1, offset doubling from 1, d not known.
struct UpSweep {
  X Offset = sym("offset");
  X Ai = Offset * (X(2) * tx() + 1) - 1;
  X Bi = Offset * (X(2) * tx() + 2) - 1;
  X Guard;
  std::vector<AccessInstance> LoadA, LoadB, StoreB;
  BlockShape B{{256, 1, 1}};
  FlatBuffer Buffer;
  explicit UpSweep(const X &G) : Guard(G) {
    LoadA = {instance(Ai, AccessKind::Load, G)};
    LoadB = {instance(Bi, AccessKind::Load, G)};
    StoreB = {instance(Bi, AccessKind::Store, G)};
    Buffer = {{"temp", {2048}, 4},
              4,
              {{&LoadA, {form(Ai)}, {B}, "load at 9:30"},
               {&LoadB, {form(Bi)}, {B}, "load at 9:17"},
               {&StoreB, {form(Bi)}, {B}, "store at 9:7"}}};
  }
};

TEST(NeverWorse, AScanUpSweepGetsIndexPaddingOverEveryOffset) {
  // No layout takes it to its ideal at every offset; i + i / 32 is never
  // worse than the layout as it is, at any offset and for any first lanes
  // the guard leaves on.
  UpSweep Scan(tx() < sym("d"));
  FixPlan P = planIndexPadding({Scan.Buffer});
  ASSERT_TRUE(P.helps()) << P.WhyNot;
  EXPECT_EQ(P.Period, 32u);
  EXPECT_EQ(P.Pad, 1u);
  EXPECT_LT(P.After, P.Before);
}

TEST(NeverWorse, AScanUpSweepUnderAnotherGuardIsRefused) {
  // Which lanes a guard `tid % d == 0` leaves on is not a run: the layout
  // is not shown safe, and the reason stands.
  UpSweep Scan(cmp(BinaryOp::EQ, tx() % sym("d"), X(0)));
  FixPlan P = planIndexPadding({Scan.Buffer});
  EXPECT_FALSE(P.helps());
  EXPECT_NE(P.WhyNot.find("no layout is best for every value"),
            std::string::npos)
      << P.WhyNot;
}

} // namespace
