// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ArrayLayout.h - Where a shared array keeps its bytes ---------------===//
//
// A shared array as the bank model sees it: its extents, element size and
// where it starts inside a word, and the layouts a fix is weighed with
// (rows padded, columns XOR-swizzled), which move a byte offset of the
// array as written to where the fixed array stores it. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ARRAYLAYOUT_H
#define BANKFIX_ARRAYLAYOUT_H

#include "core/model/ColumnSwizzle.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

struct SharedArrayLayout {
  std::string Name;
  /// Extents, outermost first; 0 for an extent that is not known
  /// (the outermost one of `extern __shared__ T a[]`).
  std::vector<uint64_t> Dims;
  uint64_t ElementSize = 4;
  /// The columns of each row permuted (a fix being weighed): every
  /// address is swizzled before the bank model sees it.
  ColumnSwizzle Swizzle;
  /// The bytes of a row as the source was written, when the rows are
  /// padded (a fix being weighed; 0 otherwise): a byte offset through a
  /// pointer (FlatBytes) was built over rows of this many bytes and moves
  /// with its row (`((float4 *)t[r])[q]` stays in row r).
  uint64_t WrittenRowBytes = 0;
  /// Where the array starts inside a 4-byte word (0-3): ptxas packs a
  /// kernel's static arrays in declaration order, so a char or short array
  /// may start mid-word (frontend/analysis/StaticSharedOffsets.h).
  /// nullopt when that is not known: each lane's address then has the
  /// warp-uniform term "the start of NAME", which the bank model tries at
  /// every byte offset (a pattern that depends on it is not judged).
  std::optional<uint64_t> BaseOffset = 0;
  /// Where the array starts modulo 16 bytes, which decides whether nvcc
  /// can merge a thread's adjacent accesses into an 8- or 16-byte one;
  /// nullopt when that is not known.
  std::optional<uint64_t> StartModulo16 = 0;
  /// The alignment in bytes the declaration asks for (its element type's,
  /// or an `__align__(N)` on it): nvcc merges a thread's adjacent bytes
  /// only up to it.
  uint64_t DeclaredAlignment = 0;
};

/// The bytes of one row of \p Array (its innermost extent).
uint64_t rowBytes(const SharedArrayLayout &Array);

/// Whether the \p Width bytes at byte \p Offset of rows of \p RowBytes lie
/// whole in row \p Row (counted modulo the array's rows).
bool liesInRow(const SharedArrayLayout &Array, uint64_t Offset, unsigned Width,
               uint64_t RowBytes, int64_t Row);

/// Where Array.Swizzle stores the \p Width bytes at \p Offset; nullopt when
/// the swizzle's granules would split them.
std::optional<uint64_t> swizzledOffset(const SharedArrayLayout &Array,
                                       uint64_t Offset, unsigned Width);

/// Where the array's padded rows put the byte at \p Offset of rows of
/// Array.WrittenRowBytes; nullopt when the \p Width-byte access would no
/// longer be aligned to its width there.
std::optional<uint64_t> paddedRowOffset(const SharedArrayLayout &Array,
                                        uint64_t Offset, unsigned Width);

} // namespace bankfix

#endif // BANKFIX_ARRAYLAYOUT_H
