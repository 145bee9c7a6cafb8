// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExtentText.h - An array extent as written, made larger -------------===//
//
// The fix-it keeps the user's spelling: `32` -> `33`, `TILE_DIM` ->
// `TILE_DIM + 1`, `N + 1` -> `N + 2`, `A << 5` -> `(A << 5) + 1`; a size
// grows the same way (`256` -> `264`, `N * sizeof(float)` -> `N *
// sizeof(float) + 8 * sizeof(float)`), and a subscript gets its padding
// (`i` -> `i + i / 32`, `a + b` -> `a + b + (a + b) / 32`), or its
// swizzle (`c` -> `c ^ (r % 32)`, `i` -> `i ^ (i / 32 % 2 * 31)`).
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_EXTENTTEXT_H
#define BANKFIX_EXTENTTEXT_H

#include <cstdint>
#include <string>

namespace bankfix {

/// \p Written (an array extent's source text) plus \p Pad.
std::string paddedExtentText(const std::string &Written, unsigned Pad);

/// \p Written (a size: an extent, a launch's byte count) grown by
/// \p Extra units of \p UnitBytes bytes, spelled `Extra * sizeof(Unit)`
/// when \p UnitSpelling is given, the unit is wider than a byte and
/// Written is not a literal (bytes are written as a number).
std::string grownSizeText(const std::string &Written, uint64_t Extra,
                          uint64_t UnitBytes = 1,
                          const std::string &UnitSpelling = "");

/// \p Written (a byte count whose value is not known) grown by \p Pad
/// units of \p UnitBytes bytes for every \p Period units it counts:
/// `Written + Written / (Period * sizeof(Unit)) * sizeof(Unit)` (numbers
/// without \p UnitSpelling), parenthesised where C's precedence needs it.
std::string grownBytesText(const std::string &Written, uint64_t Period,
                           unsigned Pad, uint64_t UnitBytes,
                           const std::string &UnitSpelling);

/// The subscript \p Written with \p Pad elements skipped after every
/// \p Period: `Written + Written / Period` (`* Pad` when Pad is not 1),
/// parenthesised where C's precedence needs it; a literal is computed.
std::string paddedIndexText(const std::string &Written, uint64_t Period,
                            unsigned Pad);

/// The subscript \p Written of a view that starts \p Start elements into
/// the buffer, with the buffer's elements padded so: `Written + (Written +
/// Start) / Period * Pad - Start / Period * Pad` (no `* 1`, no `- 0`),
/// parenthesised where C's precedence needs it; a literal is computed.
std::string shiftedPaddedIndexText(const std::string &Written, int64_t Start,
                                   uint64_t Period, unsigned Pad);

/// The subscript \p Written with every other row of \p Period elements
/// reversed: `Written ^ (Written / Period % 2 * (Period - 1))`, Written
/// parenthesised unless it is a name, a member or a literal; a literal is
/// computed.
std::string reversedRowIndexText(const std::string &Written, uint64_t Period);

/// The row stride \p Written made the smallest odd multiple of \p RoundTo
/// at least as large, in parentheses: `(n_cols | 1)`, `((W + 3) / 4 * 4 |
/// 4)`; a literal is computed.
std::string roundedStrideText(const std::string &Written, unsigned RoundTo);

/// The column subscript \p Column of a row \p Row of a swizzled tile:
/// `Column ^ (Row % Rows * Factor)` (no `* 1`), each operand
/// parenthesised unless it is a name, a member or a literal.
std::string swizzledIndexText(const std::string &Column, const std::string &Row,
                              uint64_t Rows, uint64_t Factor);

} // namespace bankfix

#endif // BANKFIX_EXTENTTEXT_H
