// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixPlan.cpp - What a layout fix does to every access of a buffer ---===//

#include "core/fix/FixPlan.h"

namespace bankfix {

const char *fixStyleName(FixStyle Style) {
  switch (Style) {
  case FixStyle::RowPadding:
    return "row padding";
  case FixStyle::RowStride:
    return "row stride";
  case FixStyle::IndexPadding:
    return "index padding";
  case FixStyle::XorSwizzle:
    return "XOR swizzle";
  case FixStyle::IndexSwizzle:
    return "index swizzle";
  }
  return "";
}

const char *noGainText(FixStyle Style) {
  switch (Style) {
  case FixStyle::RowPadding:
    return "no padding of its innermost dimension lowers its wavefronts";
  case FixStyle::XorSwizzle:
    return "no XOR swizzle of its columns lowers its wavefronts";
  default:
    return "no padding of its index or row stride lowers its wavefronts";
  }
}

uint64_t paddedElementCount(uint64_t Elements, uint64_t Period, unsigned Pad) {
  if (Period == 0)
    return Elements;
  return Elements + (Elements + Period - 1) / Period * Pad;
}

uint64_t roundedStride(uint64_t Stride, unsigned RoundTo) {
  if (RoundTo == 0)
    return Stride;
  uint64_t Multiples = (Stride + RoundTo - 1) / RoundTo;
  return (Multiples | 1) * RoundTo;
}

unsigned stridePad(uint64_t Stride, unsigned RoundTo, unsigned Pad) {
  return RoundTo ? unsigned(roundedStride(Stride, RoundTo) - Stride) : Pad;
}

} // namespace bankfix
