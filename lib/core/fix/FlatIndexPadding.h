// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FlatIndexPadding.h - Padding a flat buffer through its indices -----===//
//
// A one-dimensional __shared__ array or an extern __shared__ buffer has no
// row to pad: its accesses are padded instead. Index padding rewrites every
// subscript `i` to `i + i / W * P` (P elements skipped after every W); the
// row-stride form, when every subscript is written `r * W + c`, rewrites
// the stride to `W + P`. Both map an element index the same way when
// 0 <= c < W, but each is evaluated on its own form. A view into the
// buffer (a pointer carved at an offset) keeps its own indices: its start
// is padded the same way. The plan is the (W, P) with the fewest
// wavefronts per block over every access and block shape, the least
// memory among equals. Where nvcc merged adjacent subscripts into one 8- or
// 16-byte access, the row-stride form tries only (W, P) that move rows and
// skip by whole merged widths, so that the merges (and the prediction)
// hold; index padding splits them (nvcc cannot prove `i + i / W * P` and
// `i + 1 + (i + 1) / W * P` adjacent: measured, two STS where there was
// one STS.64), and is judged with each access on its own.
// The index swizzle rewrites `i` to `i ^ (i / W % 2 * (W - 1))` with W
// elements to 128 bytes: no memory, every other bank row reversed. Lanes
// that a power-of-two stride splits between two rows (a sorting
// network's `pos` and `pos + stride`) then take opposite halves of the
// banks; it splits merges as index padding does, and needs a buffer of
// whole rows (its elements stay in their row) and no carved parts (a
// view's subscript may be negative, where `i / W` rounds towards zero).
// A carve's start, which may differ per thread, must be whole periods in
// every lane.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FLATINDEXPADDING_H
#define BANKFIX_FLATINDEXPADDING_H

#include "core/access/AccessSummary.h"
#include "core/fix/FixPlan.h"

#include <string>
#include <vector>

namespace bankfix {

/// One execution of an access to a flat buffer, as its subscript reads.
struct FlatIndexForm {
  /// The subscript as written (`p[i]`: i), in elements of the view.
  LaneExprPtr Index;
  /// Where the view starts in the buffer, in the same elements: 0 for the
  /// buffer itself, a carved region's offset otherwise.
  LaneExprPtr ViewStart;
  /// For an execution that makes a merged access (AccessInstance::
  /// Unmerged), its own subscript; Index is the merged access's.
  LaneExprPtr OwnIndex;
  /// ViewStart when it is one number in every lane and block shape (a
  /// view carved at a constant offset, `s + 1`); set by settleViewStarts.
  std::optional<int64_t> ConstantStart;
  /// Whether the subscripts are shown never negative (an unsigned type,
  /// or a value of at least 0 in every lane), and whether one is seen
  /// negative in some lane; set by settleViewStarts.
  bool NeverNegative = false, SeenNegative = false;
};

struct FlatAccess {
  const std::vector<AccessInstance> *Instances = nullptr;
  std::vector<FlatIndexForm> Forms; ///< one per instance
  JudgedShapes Shapes;
  std::string Label; ///< "load at 12:5"
};

/// One buffer (one per template instantiation of its declaration).
struct FlatBuffer {
  /// One dimension, 0 when the launch sets it (extern __shared__).
  SharedArrayLayout Layout;
  uint64_t Unit = 4; ///< bytes of the element every subscript counts
  std::vector<FlatAccess> Accesses;
  /// The row stride W of every subscript `r * W + c`, for the row-stride
  /// rewrite (0: the plan's Period). The instantiations of a template may
  /// give one spelling (`n_cols`) different values.
  uint64_t Stride = 0;
};

/// Sets each of \p Access's forms' ConstantStart and signs.
void settleViewStarts(FlatAccess &Access);

/// Whether index padding by \p Period rewrites \p Form's subscript i as
/// `i + (i + k) / Period * Pad - k / Period * Pad`, k its view's constant
/// start: the element k + i of the buffer then moves where the buffer's
/// own subscript k + i moves, as `i + i / Period * Pad` does only where k
/// is whole periods and i is not negative (`i / Period` rounds towards
/// zero).
bool shiftedPadding(const FlatIndexForm &Form, uint64_t Period);

/// \p Index + \p Index / \p Period * \p Pad, in \p Index's type.
LaneExprPtr paddedIndex(const LaneExprPtr &Index, uint64_t Period,
                        unsigned Pad);

/// \p Index ^ (\p Index / \p Period % 2 * (\p Period - 1)), in \p Index's
/// type.
LaneExprPtr reversedRowIndex(const LaneExprPtr &Index, uint64_t Period);

/// \p Index written `r * Old + c` (in either order, through casts) with
/// the stride \p Old replaced by \p New; null when it is not in that form.
LaneExprPtr replaceRowStride(const LaneExprPtr &Index, uint64_t Old,
                             uint64_t New);

/// \p Access's executions with \p Plan's rewrite (RowStride or
/// IndexPadding) applied to their subscripts and view starts.
std::vector<AccessInstance> rewrittenInstances(const FlatAccess &Access,
                                               const FlatBuffer &Buffer,
                                               FixStyle Style, uint64_t Period,
                                               unsigned Pad);

/// \p Buffer's layout after the rewrite: the extent grows by the skipped
/// elements when it is known.
SharedArrayLayout rewrittenLayout(const FlatBuffer &Buffer, uint64_t Period,
                                  unsigned Pad);

/// The index-padding plan: the best (W, P), W a power of two up to 4096, P
/// up to 128 bytes' worth of elements. \p AtMost: the wavefronts per block
/// another style takes; only a (W, P) taking no more is of use (then the
/// others stop early).
FixPlan planIndexPadding(const std::vector<FlatBuffer> &Buffers,
                         uint64_t AtMost = UINT64_MAX);

/// The index-swizzle plan: W elements to 128 bytes of the buffers' one
/// unit; WhyNot when a buffer's size is not known or not whole rows.
FixPlan planIndexSwizzle(const std::vector<FlatBuffer> &Buffers);

/// The row-stride plan for subscripts written `r * Stride + c`: the best P.
FixPlan planRowStride(const std::vector<FlatBuffer> &Buffers, uint64_t Stride);
/// The same, each buffer with its own FlatBuffer::Stride; the plan's Period
/// is the first buffer's. \p AtMost as for planIndexPadding.
FixPlan planRowStrides(const std::vector<FlatBuffer> &Buffers,
                       uint64_t AtMost = UINT64_MAX);

} // namespace bankfix

#endif // BANKFIX_FLATINDEXPADDING_H
