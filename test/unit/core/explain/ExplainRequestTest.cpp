// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExplainRequestTest.cpp - --explain=FILE:LINE[:COL] -----------------===//

#include "core/explain/ExplainRequest.h"

#include <gtest/gtest.h>

using namespace bankfix;

namespace {

TEST(ExplainRequest, ParsesLineAndColumn) {
  std::string Error;
  auto P = parseExplainPlace("dir/a.cu:14", Error);
  ASSERT_TRUE(P) << Error;
  EXPECT_EQ(P->File, "dir/a.cu");
  EXPECT_EQ(P->Line, 14u);
  EXPECT_EQ(P->Column, 0u);
  P = parseExplainPlace("a.cu:14:3", Error);
  ASSERT_TRUE(P) << Error;
  EXPECT_EQ(P->File, "a.cu");
  EXPECT_EQ(P->Line, 14u);
  EXPECT_EQ(P->Column, 3u);
  // A colon in the path is kept.
  P = parseExplainPlace("C:x/a.cu:7", Error);
  ASSERT_TRUE(P) << Error;
  EXPECT_EQ(P->File, "C:x/a.cu");
  EXPECT_EQ(P->Line, 7u);
}

TEST(ExplainRequest, RejectsBadPlaces) {
  for (const char *Bad : {"a.cu", "a.cu:", ":5", "a.cu:0", "a.cu:x", "a.cu:5:0",
                          "a.cu:5:x", "a.cu:-1", "a.cu:99999999999"}) {
    std::string Error;
    EXPECT_FALSE(parseExplainPlace(Bad, Error)) << Bad;
    EXPECT_NE(Error.find(Bad), std::string::npos) << Error;
  }
}

TEST(ExplainRequest, MatchesLineAndOptionalColumn) {
  ExplainRequest R;
  EXPECT_FALSE(R.matches(14, 3));
  R.Place = ExplainPlace{"a.cu", 14, 0};
  EXPECT_TRUE(R.matches(14, 3));
  EXPECT_TRUE(R.matches(14, 30));
  EXPECT_FALSE(R.matches(15, 3));
  R.Place->Column = 30;
  EXPECT_FALSE(R.matches(14, 3));
  EXPECT_TRUE(R.matches(14, 30));
}

} // namespace
