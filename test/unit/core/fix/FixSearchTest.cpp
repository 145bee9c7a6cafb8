// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixSearchTest.cpp - The search every fix style shares --------------===//

#include "core/fix/FixSearch.h"

#include <gtest/gtest.h>

using namespace bankfix;

namespace {

/// Candidate C gives the totals Table[C] (one access, ideal Floor); a
/// negative entry cannot be judged.
EvaluateCandidate table(std::vector<int> Table, uint64_t Floor,
                        std::vector<size_t> *Asked = nullptr) {
  return [=](size_t C, CandidateTotals &T, std::string &Problem) {
    if (Asked)
      Asked->push_back(C);
    if (Table[C] < 0) {
      Problem = "out of bounds";
      return false;
    }
    T.add(uint64_t(Table[C]), Floor);
    return true;
  };
}

TEST(FixSearch, KeepsTheFirstOfTheBest) {
  SearchOutcome O = searchFewestWavefronts(4, table({64, 32, 16, 16, 8}, 1));
  EXPECT_EQ(O.Best, 4u);
  EXPECT_EQ(O.Before, 64u);
  EXPECT_EQ(O.After, 8u);
  O = searchFewestWavefronts(3, table({64, 32, 16, 16}, 1));
  EXPECT_EQ(O.Best, 2u); // 3 is no better than 2
}

TEST(FixSearch, StopsAtTheFloorAndSkipsUnjudged) {
  std::vector<size_t> Asked;
  SearchOutcome O =
      searchFewestWavefronts(4, table({64, -1, 8, 4, 2}, 8, &Asked));
  EXPECT_EQ(O.Best, 2u);
  EXPECT_EQ(Asked, (std::vector<size_t>{0, 1, 2}));
}

/// Candidate C gives the per-access totals Rows[C] (ideal 1 each) through
/// CandidateTotals::add, as the planners do; \p Evaluated counts the
/// accesses evaluated.
EvaluateCandidate rows(std::vector<std::vector<uint64_t>> Rows,
                       size_t *Evaluated) {
  return [=](size_t C, CandidateTotals &T, std::string &) {
    for (uint64_t Sum : Rows[C]) {
      ++*Evaluated;
      if (!T.add(Sum, 1))
        return true;
    }
    return true;
  };
}

TEST(FixSearch, StopsACandidateThatCannotWin) {
  size_t Evaluated = 0;
  // Candidate 1 is best (12); 2 reaches 12 at its first access and 3 once
  // the floor of its other two is added to its first (10 + 2): neither is
  // evaluated further. 4 is no better either, at its last access.
  SearchOutcome O = searchFewestWavefronts(
      4, rows({{32, 32, 32}, {4, 4, 4}, {12, 1, 1}, {10, 1, 1}, {4, 4, 5}},
              &Evaluated));
  EXPECT_EQ(O.Best, 1u);
  EXPECT_EQ(O.After, 12u);
  EXPECT_EQ(O.AfterPerAccess, (std::vector<uint64_t>{4, 4, 4}));
  EXPECT_EQ(O.CandidatesJudged, 1u); // 2 to 4 stopped early
  EXPECT_EQ(Evaluated, 3u + 3u + 1u + 1u + 3u);
}

TEST(FixSearch, OnlyCandidatesAtMostACapAreOfUse) {
  std::vector<std::vector<uint64_t>> Rows = {
      {32, 32, 32}, {20, 20, 20}, {4, 4, 4}, {8, 8, 8}};
  size_t Evaluated = 0;
  // Another style takes 12: candidate 1 stops at its first access (20),
  // 2 reaches 12 and is chosen, 3 stops at its second (16 + 1).
  SearchOutcome O =
      searchFewestWavefronts(3, rows(Rows, &Evaluated), true, 0, 12);
  EXPECT_EQ(O.Best, 2u);
  EXPECT_EQ(O.After, 12u);
  EXPECT_EQ(Evaluated, 3u + 1u + 3u + 2u);
  // Another takes 11: none is of use, and no candidate is chosen.
  Evaluated = 0;
  O = searchFewestWavefronts(3, rows(Rows, &Evaluated), true, 0, 11);
  EXPECT_EQ(O.Best, 0u);
  EXPECT_EQ(O.After, O.Before);
  // A cap above the best changes nothing.
  O = searchFewestWavefronts(3, rows(Rows, &Evaluated), true, 0, 23);
  EXPECT_EQ(O.Best, 2u);
  O = searchFewestWavefronts(3, rows(Rows, &Evaluated));
  EXPECT_EQ(O.Best, 2u);
}

TEST(FixSearch, TheStopIsWhereTheNextAccessPrunes) {
  CandidateTotals T;
  EXPECT_EQ(T.stopAt(), UINT64_MAX); // no bound: evaluate everything
  std::vector<uint64_t> Floors = {5, 2, 0};
  T.Bound = 20;
  T.FloorsAfter = &Floors;
  // First access: the others take 5 at least, so 15 already prunes.
  EXPECT_EQ(T.stopAt(), 15u);
  ASSERT_TRUE(T.add(10, 1));
  // Second: 20 - 10 - 2.
  EXPECT_EQ(T.stopAt(), 8u);
  // Adding exactly the stop prunes.
  EXPECT_FALSE(T.add(8, 1));
  EXPECT_TRUE(T.Pruned);
}

TEST(FixSearch, AStoppedCandidateStillSaysWhetherAnyCanBeJudged) {
  // Candidate 1 cannot be judged; 2 stops early at its first access (40 of
  // the 34 to beat) although its second could not be judged either; 3
  // stops early and could be judged: some candidate can be, so the
  // style's problem is not candidate 1's.
  auto Evaluate = [](size_t C, CandidateTotals &T, std::string &Problem) {
    std::vector<std::vector<int>> Rows = {{32, 2}, {-1}, {40, -1}, {40, 2}};
    for (int Sum : Rows[C]) {
      if (Sum < 0) {
        Problem = "candidate " + std::to_string(C) + " out of bounds";
        return false;
      }
      if (!T.add(uint64_t(Sum), 1))
        return true;
    }
    return true;
  };
  SearchOutcome O = searchFewestWavefronts(3, Evaluate);
  EXPECT_EQ(O.Best, 0u);
  EXPECT_EQ(O.CandidatesJudged, 1u);
  EXPECT_EQ(O.FirstCandidateProblem, "candidate 1 out of bounds");
  // Without 3, none can be judged: the first problem is 1's, not 2's.
  O = searchFewestWavefronts(2, Evaluate);
  EXPECT_EQ(O.CandidatesJudged, 0u);
  EXPECT_EQ(O.FirstCandidateProblem, "candidate 1 out of bounds");
}

TEST(FixSearch, NothingWhenTheLayoutCannotBeJudged) {
  SearchOutcome O = searchFewestWavefronts(2, table({-1, 1, 1}, 0));
  EXPECT_EQ(O.Best, 0u);
  EXPECT_EQ(O.Problem, "out of bounds");
}

TEST(FixSearch, FillPlanListsWhatGetsWorse) {
  SearchOutcome O;
  O.Best = 1;
  O.Before = 40;
  O.After = 20;
  O.BeforePerAccess = {8, 32};
  O.AfterPerAccess = {16, 4};
  FixPlan P;
  fillPlan(P, O, {"store at 1:1", "load at 2:2"});
  ASSERT_EQ(P.PerAccess.size(), 2u);
  EXPECT_EQ(P.PerAccess[1].After, 4u);
  ASSERT_EQ(P.Worse.size(), 1u);
  EXPECT_EQ(P.Worse[0].Label, "store at 1:1");
}

TEST(FixSearch, AFirstCandidateChangesNothingButThePruning) {
  // Judging candidate 3 first gives the same choice as in order (4 wins;
  // 2 ties with 3 and, being earlier, would win a tie with the best).
  std::vector<std::vector<int>> Tables = {
      {64, 32, 16, 16, 8}, {64, 32, 16, 16, 16}, {64, 16, 32, 16, 20}};
  for (const std::vector<int> &T : Tables)
    for (size_t First = 0; First <= 4; ++First) {
      SearchOutcome InOrder = searchFewestWavefronts(4, table(T, 1));
      SearchOutcome Hinted =
          searchFewestWavefronts(4, table(T, 1), true, First);
      EXPECT_EQ(Hinted.Best, InOrder.Best) << "first " << First;
      EXPECT_EQ(Hinted.After, InOrder.After);
    }
}

TEST(FixSearch, ACandidateOverTheBudgetIsUntried) {
  // An evaluation past its work limit stops, and the search says how many
  // candidates it left.
  EvaluateCandidate Costly = [](size_t C, CandidateTotals &T, std::string &) {
    if (C >= 2)
      T.WorkLimit = 0; // as if the budget were spent
    T.add(C == 0 ? 64 : 16, 1);
    return true;
  };
  SearchOutcome O = searchFewestWavefronts(5, Costly);
  EXPECT_EQ(O.Best, 1u);
  EXPECT_EQ(O.Untried, 4u); // 2 to 5
}

/// Two accesses, the second's lanes decided by data: candidate C gives
/// Rows[C] (ideal Ideal for both).
EvaluateCandidate withDataLanes(std::vector<std::vector<uint64_t>> Rows,
                                uint64_t Ideal) {
  return [=](size_t C, CandidateTotals &T, std::string &) {
    T.add(Rows[C][0], Ideal);
    T.add(Rows[C][1], Ideal, /*FromData=*/true);
    return true;
  };
}

TEST(FixSearch, AGainOnlyOnDataDecidedLanesAboveTheirIdealIsNotOffered) {
  // The exact access stays at 64; the data-decided one drops from 32 to
  // 24, still above its ideal 8: not offered.
  EvaluateCandidate Evaluate = withDataLanes({{64, 32}, {64, 24}}, 8);
  SearchOutcome O = searchFewestWavefronts(1, Evaluate, false);
  EXPECT_EQ(O.Best, 1u);
  WorstCaseValues Worst;
  verifyBest(O, Evaluate, Worst);
  EXPECT_EQ(O.Best, 0u);
  EXPECT_TRUE(O.GainOnlyFromData);
  EXPECT_EQ(O.After, O.Before);
  // Brought to its ideal, it is at its ideal for any lanes: offered.
  Evaluate = withDataLanes({{64, 32}, {64, 8}}, 8);
  O = searchFewestWavefronts(1, Evaluate, false);
  verifyBest(O, Evaluate, Worst);
  EXPECT_EQ(O.Best, 1u);
  EXPECT_FALSE(O.GainOnlyFromData);
  // A gain on the exact access: offered.
  Evaluate = withDataLanes({{64, 32}, {48, 24}}, 8);
  O = searchFewestWavefronts(1, Evaluate, false);
  verifyBest(O, Evaluate, Worst);
  EXPECT_EQ(O.Best, 1u);
}

} // namespace
