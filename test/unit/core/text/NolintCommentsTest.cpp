// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NolintCommentsTest.cpp - NOLINT comments in source text ------------===//

#include "core/text/NolintComments.h"

#include <gtest/gtest.h>

using namespace bankfix;

namespace {

constexpr const char *Check = "bankfix-bank-conflict";

TEST(NolintComments, PlainNolintCoversItsLineOnly) {
  NolintComments N("a = 1;\n"
                   "b = 2; // NOLINT\n"
                   "c = 3;\n");
  EXPECT_FALSE(N.suppresses(1, Check));
  EXPECT_TRUE(N.suppresses(2, Check));
  EXPECT_FALSE(N.suppresses(3, Check));
  EXPECT_TRUE(N.problems().empty());
}

TEST(NolintComments, NextLineCoversTheFollowingLine) {
  NolintComments N("// NOLINTNEXTLINE\n"
                   "a = 1;\n"
                   "b = 2;\n");
  EXPECT_FALSE(N.suppresses(1, Check));
  EXPECT_TRUE(N.suppresses(2, Check));
  EXPECT_FALSE(N.suppresses(3, Check));
}

TEST(NolintComments, CheckListsAndGlobs) {
  NolintComments N("a; // NOLINT(bankfix-bank-conflict)\n"
                   "b; // NOLINT(readability-*)\n"
                   "c; // NOLINT(readability-x, bankfix-*)\n"
                   "d; // NOLINT( *-conflict )\n"
                   "e; // NOLINT()\n");
  EXPECT_TRUE(N.suppresses(1, Check));
  EXPECT_FALSE(N.suppresses(2, Check));
  EXPECT_TRUE(N.suppresses(3, Check));
  EXPECT_TRUE(N.suppresses(4, Check));
  EXPECT_FALSE(N.suppresses(5, Check)) << "an empty list names no check";
  EXPECT_TRUE(N.suppresses(2, "readability-foo"));
}

TEST(NolintComments, WordsThatOnlyStartWithNolintAreNotDirectives) {
  NolintComments N("a; // NOLINTX\n"
                   "b; // XNOLINT\n"
                   "c; // NOLINT(bankfix-bank-conflict\n"
                   "d;\n");
  for (unsigned Line = 1; Line <= 4; ++Line)
    EXPECT_FALSE(N.suppresses(Line, Check)) << Line;
}

TEST(NolintComments, BeginEndCoverTheLinesBetween) {
  NolintComments N("a;\n"
                   "// NOLINTBEGIN\n"
                   "b;\n"
                   "c;\n"
                   "// NOLINTEND\n"
                   "d;\n");
  EXPECT_FALSE(N.suppresses(1, Check));
  for (unsigned Line = 2; Line <= 5; ++Line)
    EXPECT_TRUE(N.suppresses(Line, Check)) << Line;
  EXPECT_FALSE(N.suppresses(6, Check));
  EXPECT_TRUE(N.problems().empty());
}

TEST(NolintComments, EndClosesTheBeginWithTheSameList) {
  NolintComments N("// NOLINTBEGIN(bankfix-*)\n"   // 1
                   "// NOLINTBEGIN(other-check)\n" // 2
                   "a;\n"                          // 3
                   "// NOLINTEND(bankfix-*)\n"     // 4
                   "b;\n"                          // 5
                   "// NOLINTEND(other-check)\n"); // 6
  EXPECT_TRUE(N.suppresses(3, Check));
  EXPECT_FALSE(N.suppresses(5, Check));
  EXPECT_TRUE(N.suppresses(5, "other-check"));
  EXPECT_TRUE(N.problems().empty());
}

TEST(NolintComments, UnmatchedBeginAndEndAreProblemsAndSuppressNothing) {
  NolintComments N("a;\n"
                   "  // NOLINTEND\n"
                   "b;\n"
                   "// NOLINTBEGIN(bankfix-bank-conflict)\n"
                   "c;\n"
                   "// NOLINTEND(other-check)\n");
  for (unsigned Line = 1; Line <= 6; ++Line)
    EXPECT_FALSE(N.suppresses(Line, Check)) << Line;
  ASSERT_EQ(N.problems().size(), 3u);
  EXPECT_EQ(N.problems()[0].Line, 2u);
  EXPECT_EQ(N.problems()[0].Column, 6u);
  EXPECT_EQ(N.problems()[0].Message, "unmatched 'NOLINTEND' comment without "
                                     "a previous 'NOLINTBEGIN' comment");
  EXPECT_EQ(N.problems()[1].Line, 4u);
  EXPECT_EQ(N.problems()[1].Message,
            "unmatched 'NOLINTBEGIN' comment without a subsequent "
            "'NOLINTEND' comment");
  EXPECT_EQ(N.problems()[2].Line, 6u);
}

TEST(NolintComments, CheckGlobs) {
  EXPECT_TRUE(matchesCheckGlob("*", Check));
  EXPECT_TRUE(matchesCheckGlob("bankfix-*", Check));
  EXPECT_TRUE(matchesCheckGlob("*bank*", Check));
  EXPECT_TRUE(matchesCheckGlob(Check, Check));
  EXPECT_FALSE(matchesCheckGlob("bankfix-bank", Check));
  EXPECT_FALSE(matchesCheckGlob("clang-*", Check));
  EXPECT_FALSE(matchesCheckGlob("*-nolint", Check));
}

} // namespace
