// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExtentTextTest.cpp - An array extent as written, made larger -------===//
//
// The fix-it's texts must keep the user's spelling and mean, under C's
// precedence, the extent plus the padding, the size plus the growth, the
// padded subscript and the swizzled column. Each expected text is the
// C expression worked out by hand for its input.
//
//===----------------------------------------------------------------------===//

#include "core/fix/ExtentText.h"

#include <gtest/gtest.h>

using namespace bankfix;

namespace {

TEST(ExtentText, TheHeadersExamples) {
  EXPECT_EQ(paddedExtentText("32", 1), "33");
  EXPECT_EQ(paddedExtentText("TILE_DIM", 1), "TILE_DIM + 1");
  EXPECT_EQ(paddedExtentText("N + 1", 1), "N + 2");
  EXPECT_EQ(paddedExtentText("A << 5", 1), "(A << 5) + 1");
  EXPECT_EQ(grownSizeText("256", 8), "264");
  EXPECT_EQ(grownSizeText("N * sizeof(float)", 8, 4, "float"),
            "N * sizeof(float) + 8 * sizeof(float)");
  EXPECT_EQ(paddedIndexText("i", 32, 1), "i + i / 32");
  EXPECT_EQ(paddedIndexText("a + b", 32, 1), "a + b + (a + b) / 32");
  EXPECT_EQ(swizzledIndexText("c", "r", 32, 1), "c ^ (r % 32)");
}

TEST(ExtentText, ShiftedPaddedIndex) {
  EXPECT_EQ(shiftedPaddedIndexText("i", 1, 32, 1), "i + (i + 1) / 32");
  EXPECT_EQ(shiftedPaddedIndexText("i", 32, 32, 4),
            "i + (i + 32) / 32 * 4 - 4");
  EXPECT_EQ(shiftedPaddedIndexText("i", -1, 32, 1), "i + (i - 1) / 32");
  EXPECT_EQ(shiftedPaddedIndexText("a - b", 1, 32, 1),
            "a - b + (a - b + 1) / 32");
  EXPECT_EQ(shiftedPaddedIndexText("c ? a : b", 1, 32, 1),
            "(c ? a : b) + ((c ? a : b) + 1) / 32");
  // Literals computed: the element 31 + 1 is the first of a new period.
  EXPECT_EQ(shiftedPaddedIndexText("30", 1, 32, 1), "30");
  EXPECT_EQ(shiftedPaddedIndexText("31", 1, 32, 1), "32");
  EXPECT_EQ(shiftedPaddedIndexText("5u", 40, 32, 1), "5u");
}

TEST(ExtentText, PaddedExtentLiterals) {
  // Computed, suffix kept, blanks around dropped.
  EXPECT_EQ(paddedExtentText("  64 ", 1), "65");
  EXPECT_EQ(paddedExtentText("32UL", 1), "33UL");
  EXPECT_EQ(paddedExtentText("64", 2), "66");
  // 010 is octal 8: read as decimal it would become 11.
  EXPECT_EQ(paddedExtentText("010", 1), "010 + 1");
}

TEST(ExtentText, ReversedRowIndices) {
  EXPECT_EQ(reversedRowIndexText("pos", 32), "pos ^ (pos / 32 % 2 * 31)");
  EXPECT_EQ(reversedRowIndexText("t + THREADS", 32),
            "(t + THREADS) ^ ((t + THREADS) / 32 % 2 * 31)");
  EXPECT_EQ(reversedRowIndexText("threadIdx.x", 16),
            "threadIdx.x ^ (threadIdx.x / 16 % 2 * 15)");
  // A literal is computed: element 1 of row 1 is stored at its column 30.
  EXPECT_EQ(reversedRowIndexText("33", 32), "62");
  EXPECT_EQ(reversedRowIndexText("5u", 32), "5u");
}

TEST(ExtentText, PaddedExtentFoldsOnlyATrailingLiteralTerm) {
  // `X + k` becomes `X + (k + Pad)` where the last `+` adds k to all of X.
  EXPECT_EQ(paddedExtentText("N+1", 1), "N + 2");
  EXPECT_EQ(paddedExtentText("2 * N + 3", 1), "2 * N + 4");
  EXPECT_EQ(paddedExtentText("dims[0] + 1", 2), "dims[0] + 3");
  EXPECT_EQ(paddedExtentText("N - 2 + 1", 1), "N - 2 + 2");
  // A unary plus: N * +1 plus 2 would be N * 2.
  EXPECT_EQ(paddedExtentText("N * +1", 1), "N * +1 + 1");
  // The `+` is inside parentheses, or adds no literal.
  EXPECT_EQ(paddedExtentText("f(N + 1)", 1), "f(N + 1) + 1");
  EXPECT_EQ(paddedExtentText("(N + 1)", 1), "(N + 1) + 1");
  EXPECT_EQ(paddedExtentText("N + M", 1), "N + M + 1");
  EXPECT_EQ(paddedExtentText("N + 010", 1), "N + 010 + 1");
}

TEST(ExtentText, PaddedExtentParenthesisesLooserOperators) {
  // & and >> bind more loosely than +; inside brackets or a call they do
  // not matter.
  EXPECT_EQ(paddedExtentText("N & 63", 1), "(N & 63) + 1");
  EXPECT_EQ(paddedExtentText("N >> 1", 1), "(N >> 1) + 1");
  EXPECT_EQ(paddedExtentText("sizes[a | b]", 1), "sizes[a | b] + 1");
  EXPECT_EQ(paddedExtentText("f(a ? b : c)", 1), "f(a ? b : c) + 1");
}

TEST(ExtentText, GrownSizeSpellings) {
  EXPECT_EQ(grownSizeText(" 512 ", 16), "528");
  // A literal is computed whatever the unit: 1024 + 8 * 4.
  EXPECT_EQ(grownSizeText("1024u", 8, 4, "float"), "1056u");
  // Without a unit's spelling the bytes are a number: 8 * 4.
  EXPECT_EQ(grownSizeText("N * 4", 8, 4), "N * 4 + 32");
  EXPECT_EQ(grownSizeText("N * sizeof(double)", 3, 8, "double"),
            "N * sizeof(double) + 3 * sizeof(double)");
  EXPECT_EQ(grownSizeText("a << 2", 8), "(a << 2) + 8");
  EXPECT_EQ(grownSizeText("N + 4", 8), "N + 4 + 8");
  EXPECT_EQ(grownSizeText("010", 8), "010 + 8");
}

TEST(ExtentText, GrownBytesOfAValueNotKnownAreAFormulaOfIt) {
  // 4 bytes more for every 256: right for every value the count takes.
  EXPECT_EQ(grownBytesText("sram_size", 64, 1, 4, "float"),
            "sram_size + sram_size / (64 * sizeof(float)) * sizeof(float)");
  EXPECT_EQ(grownBytesText("n * sizeof(float)", 32, 2, 4, "float"),
            "n * sizeof(float) + n * sizeof(float) / (32 * sizeof(float)) * "
            "(2 * sizeof(float))");
  // A sum is parenthesised where it is divided; without a unit's
  // spelling the bytes are numbers.
  EXPECT_EQ(grownBytesText("a + b", 32, 1, 4, ""), "a + b + (a + b) / 128 * 4");
  EXPECT_EQ(grownBytesText("c ? a : b", 32, 1, 1, "char"),
            "(c ? a : b) + (c ? a : b) / 32 * 1");
}

TEST(ExtentText, GrownSizeWritesOneByteUnitsAsANumber) {
  // A unit of one byte is not spelled `8 * sizeof(char)`.
  EXPECT_EQ(grownSizeText("N", 8, 1, "char"), "N + 8");
}

TEST(ExtentText, PaddedIndexLiteralsAreComputed) {
  // Literal + Literal / Period * Pad.
  EXPECT_EQ(paddedIndexText("100", 32, 2), "106");
  EXPECT_EQ(paddedIndexText("31", 32, 1), "31");
  EXPECT_EQ(paddedIndexText("32u", 32, 1), "33u");
  EXPECT_EQ(paddedIndexText("64", 16, 3), "76");
}

TEST(ExtentText, PaddedIndexParenthesesFollowPrecedence) {
  // The dividend needs parentheses when it adds or subtracts; both copies
  // need them when an operator binds more loosely than +. % and * bind as
  // tightly as /, from the left: a % 64 / 32 is (a % 64) / 32.
  EXPECT_EQ(paddedIndexText("a - b", 32, 1), "a - b + (a - b) / 32");
  EXPECT_EQ(paddedIndexText("a % 64", 32, 1), "a % 64 + a % 64 / 32");
  EXPECT_EQ(paddedIndexText("a & 31", 16, 1), "(a & 31) + (a & 31) / 16");
  EXPECT_EQ(paddedIndexText("c ? a : b", 32, 1),
            "(c ? a : b) + (c ? a : b) / 32");
  EXPECT_EQ(paddedIndexText("r * 64 + c", 32, 4),
            "r * 64 + c + (r * 64 + c) / 32 * 4");
  EXPECT_EQ(paddedIndexText("s[k + 1]", 32, 1), "s[k + 1] + s[k + 1] / 32");
  EXPECT_EQ(paddedIndexText("  i ", 32, 1), "i + i / 32");
}

TEST(ExtentText, SwizzledIndexOperands) {
  EXPECT_EQ(swizzledIndexText("c", "r", 8, 2), "c ^ (r % 8 * 2)");
  EXPECT_EQ(swizzledIndexText(" c ", " r ", 32, 1), "c ^ (r % 32)");
  // Names, members and literals stay bare.
  EXPECT_EQ(swizzledIndexText("tile.col", "threadIdx.y", 32, 1),
            "tile.col ^ (threadIdx.y % 32)");
  EXPECT_EQ(swizzledIndexText("0x1F", "r", 32, 1), "0x1F ^ (r % 32)");
  // Anything else is parenthesised, once.
  EXPECT_EQ(swizzledIndexText("(a + b)", "r", 8, 1), "(a + b) ^ (r % 8)");
  EXPECT_EQ(swizzledIndexText("(a) + (b)", "r", 8, 1), "((a) + (b)) ^ (r % 8)");
  EXPECT_EQ(swizzledIndexText("(a + b) * c", "r", 8, 1),
            "((a + b) * c) ^ (r % 8)");
  EXPECT_EQ(swizzledIndexText("a[i]", "r", 8, 1), "(a[i]) ^ (r % 8)");
  EXPECT_EQ(swizzledIndexText("c", "r + 1", 4, 1), "c ^ ((r + 1) % 4)");
  EXPECT_EQ(swizzledIndexText("c", "r * 2", 4, 1), "c ^ ((r * 2) % 4)");
}

TEST(ExtentText, SwizzledIndexKeepsAPointersMemberBare) {
  // A member stays unparenthesised, through a pointer too.
  EXPECT_EQ(swizzledIndexText("p->c", "r", 8, 1), "p->c ^ (r % 8)");
}

TEST(ExtentText, RoundedStrides) {
  // The smallest odd multiple of the unit at least the stride: `W | 1`
  // for one element, `(W + 3) / 4 * 4 | 4` for four (an odd multiple of 4
  // once W is rounded up to a multiple of 4).
  EXPECT_EQ(roundedStrideText("n_cols", 1), "(n_cols | 1)");
  EXPECT_EQ(roundedStrideText("(kW - 1 + chunk)", 1), "((kW - 1 + chunk) | 1)");
  EXPECT_EQ(roundedStrideText("kW - 1 + chunk", 1), "((kW - 1 + chunk) | 1)");
  EXPECT_EQ(roundedStrideText("40", 1), "41");
  EXPECT_EQ(roundedStrideText("40", 4), "44");
  EXPECT_EQ(roundedStrideText("n_cols", 4), "((n_cols + 3) / 4 * 4 | 4)");
}

} // namespace
