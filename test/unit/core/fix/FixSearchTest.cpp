//===- FixSearchTest.cpp - The search every fix style shares --------------===//

#include "core/fix/FixSearch.h"

#include <gtest/gtest.h>

using namespace bankfix;

namespace {

/// Candidate C gives the totals Table[C] (one access); a negative entry
/// cannot be judged.
EvaluateCandidate table(std::vector<int> Table, uint64_t Floor,
                        std::vector<size_t> *Asked = nullptr) {
  return [=](size_t C, CandidateTotals &T, std::string &Problem) {
    if (Asked)
      Asked->push_back(C);
    if (Table[C] < 0) {
      Problem = "out of bounds";
      return false;
    }
    T.PerAccess = {uint64_t(Table[C])};
    T.Floor = Floor;
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

} // namespace
