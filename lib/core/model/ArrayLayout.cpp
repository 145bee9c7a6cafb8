// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ArrayLayout.cpp - Where a shared array keeps its bytes -------------===//

#include "core/model/ArrayLayout.h"

namespace bankfix {

uint64_t rowBytes(const SharedArrayLayout &Array) {
  return Array.Dims.back() * Array.ElementSize;
}

bool liesInRow(const SharedArrayLayout &Array, uint64_t Offset, unsigned Width,
               uint64_t RowBytes, int64_t Row) {
  uint64_t Rows = Array.Dims.size() < 2 ? 0 : Array.Dims[Array.Dims.size() - 2];
  return Rows != 0 && Row >= 0 && uint64_t(Row) == Offset / RowBytes % Rows &&
         Offset % RowBytes + Width <= RowBytes;
}

std::optional<uint64_t> swizzledOffset(const SharedArrayLayout &Array,
                                       uint64_t Offset, unsigned Width) {
  const ColumnSwizzle &S = Array.Swizzle;
  if (Offset % S.Granule + Width > S.Granule)
    return std::nullopt;
  return S.apply(Offset, rowBytes(Array));
}

std::optional<uint64_t> paddedRowOffset(const SharedArrayLayout &Array,
                                        uint64_t Offset, unsigned Width) {
  uint64_t Written = Array.WrittenRowBytes;
  uint64_t Moved = Offset / Written * rowBytes(Array) + Offset % Written;
  if (Moved % Width != 0)
    return std::nullopt;
  return Moved;
}

} // namespace bankfix
