// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixPlan.h - What a layout fix does to every access of a buffer -----===//
//
// The result every fix style's planner gives: which style, its parameters,
// the wavefronts per block before and after over all the accesses (and per
// access), or why no fix could be planned. The text of the fix is made
// from it on the Clang side (frontend/fix). A new style (an XOR swizzle)
// adds an enumerator here, a planner next to PaddingPlanner and
// FlatIndexPadding that fills this struct through searchFewestWavefronts
// (FixSearch.h), and a writer of its edits in frontend/fix/, as the XOR
// swizzle does (SwizzlePlanner, frontend/fix/SwizzleFix).
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FIXPLAN_H
#define BANKFIX_FIXPLAN_H

#include "core/model/ColumnSwizzle.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bankfix {

enum class FixStyle {
  /// `t[32][32]` -> `t[32][33]`: the innermost extent grows.
  RowPadding,
  /// `s[r * W + c]` -> `s[r * (W + 1) + c]` in every access, and the size.
  RowStride,
  /// `s[i]` -> `s[i + i / W]` in every access, and the size.
  IndexPadding,
  /// `t[r][c]` -> `t[r][c ^ (r % Rows * K)]` in every access: no memory.
  XorSwizzle,
  /// `s[i]` -> `s[i ^ (i / W % 2 * (W - 1))]` in every access of a flat
  /// buffer: every other row of W elements (128 bytes, one pass over the
  /// banks) stored in reverse, so that a row's lanes and the next row's
  /// take opposite banks; no memory.
  IndexSwizzle,
};

/// Which styles --fix-style lets a multi-dimensional array use: both, the
/// fewest wavefronts winning (ties to padding, one edit in the
/// declaration), or one.
enum class FixStyleChoice { Auto, Pad, Swizzle };

/// "row padding", "row stride", "index padding", "XOR swizzle", "index
/// swizzle".
const char *fixStyleName(FixStyle Style);
/// Why a plan of \p Style that lowers nothing is no fix ("no padding of
/// its innermost dimension lowers its wavefronts").
const char *noGainText(FixStyle Style);

/// One access's wavefronts per block over all its shapes and iterations.
struct AccessChange {
  std::string Label; ///< "load at 12:5"
  uint64_t Before = 0, After = 0;
};

struct FixPlan {
  /// Empty when a plan could be made; otherwise why not (an access that
  /// cannot be judged, a use the style cannot rewrite).
  std::string WhyNot;
  FixStyle Style = FixStyle::RowPadding;
  /// Elements added: per row of the innermost dimension (RowPadding), per
  /// Period elements (RowStride, IndexPadding). 0: no fix helps.
  unsigned Pad = 0;
  /// RowStride, IndexPadding: W, the elements after which Pad are skipped;
  /// IndexSwizzle: the elements of a row.
  uint64_t Period = 0;
  /// RowStride: when not 0, each row stride W becomes the smallest odd
  /// multiple of RoundTo that is at least W (`n_cols | 1`), a padding that
  /// differs between the instantiations of a template; Pad is then the
  /// most any stride grows.
  unsigned RoundTo = 0;
  /// XorSwizzle: the permutation of each row's granules.
  ColumnSwizzle Swizzle;
  uint64_t Before = 0, After = 0; ///< wavefronts per block, all accesses
  /// The fewest any layout could give: every access at its ideal.
  uint64_t Floor = 0;
  std::vector<AccessChange> PerAccess; ///< every access, in order
  std::vector<AccessChange> Worse;     ///< those the plan makes worse
  /// Layouts the search's budget left untried (FixSearch.h): a better one
  /// may be among them.
  size_t Untried = 0;

  bool helps() const {
    return WhyNot.empty() && (Pad != 0 || Swizzle.active() ||
                              (Style == FixStyle::IndexSwizzle && Period != 0));
  }
};

/// Elements a buffer of \p Elements needs when Pad elements are skipped
/// after every \p Period: Elements + ceil(Elements / Period) * Pad.
uint64_t paddedElementCount(uint64_t Elements, uint64_t Period, unsigned Pad);

/// The smallest odd multiple of \p RoundTo that is at least \p Stride.
uint64_t roundedStride(uint64_t Stride, unsigned RoundTo);

/// The elements a row stride of \p Stride grows by: to the smallest odd
/// multiple of \p RoundTo when that is not 0, else by \p Pad.
unsigned stridePad(uint64_t Stride, unsigned RoundTo, unsigned Pad);

/// The elements \p Plan adds per period \p Stride (its own under RoundTo,
/// else Plan.Pad).
inline unsigned stridePad(const FixPlan &Plan, uint64_t Stride) {
  return stridePad(Stride, Plan.RoundTo, Plan.Pad);
}

} // namespace bankfix

#endif // BANKFIX_FIXPLAN_H
