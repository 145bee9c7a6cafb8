// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ColumnSwizzle.h - An XOR swizzle of the columns of a shared array --===//
//
// The layout CuTe and Triton give shared tiles instead of padding: the
// granules of a row (Granule bytes each, kept whole so that vector
// accesses stay aligned) are permuted per row by an XOR with the row's
// number modulo Rows, so that a column spreads over the banks with no
// extra memory. In source, `t[r][c]` becomes `t[r][c ^ (r % Rows * K)]`
// with K = Granule / sizeof(element). No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_COLUMNSWIZZLE_H
#define BANKFIX_COLUMNSWIZZLE_H

#include <cstdint>

namespace bankfix {

struct ColumnSwizzle {
  uint64_t Granule = 0; ///< bytes moved together; 0: no swizzle
  uint64_t Rows = 0;    ///< a power of two: rows r and r + Rows share a mask

  bool active() const { return Granule != 0 && Rows > 1; }

  /// Where the byte at \p Offset of an array of rows of \p RowBytes bytes
  /// is stored: its row's granules permuted. \p RowBytes is a multiple of
  /// Granule * Rows, so the byte stays in its row.
  uint64_t apply(uint64_t Offset, uint64_t RowBytes) const {
    uint64_t Row = Offset / RowBytes;
    return Offset ^ ((Row % Rows) * Granule);
  }
};

} // namespace bankfix

#endif // BANKFIX_COLUMNSWIZZLE_H
