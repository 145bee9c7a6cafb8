// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FlatBufferFix.h - Index padding and row stride for flat buffers ----===//
//
// The fix of a one-dimensional __shared__ array or an extern __shared__
// buffer (and the regions carved from it through pointers): every access
// must be a subscript bankfix analysed (`a[i]`, `p[i]` through a view of
// the buffer) and every other use of the buffer a view, a carve or a
// helper returning it (FlatUses). When every subscript is written
// `r * W + c` with the same W, the stride is padded (`W` -> `W + 1` in each
// access); otherwise, or when that does worse, each subscript `i` becomes
// `i + i / W`. The declaration grows by the skipped elements, carve
// offsets are padded the same way, and an extern buffer's launches give
// the more bytes it needs (LaunchGrowth).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FLATBUFFERFIX_H
#define BANKFIX_FLATBUFFERFIX_H

#include "frontend/fix/ArrayFixes.h"

namespace bankfix {

class LaunchScope;

/// Plans \p Fix (whose Arrays are set) over \p Accesses (indices into
/// Found, those of Fix.Arrays).
void planFlatBufferFix(clang::ASTContext &Ctx, const SharedAccesses &Found,
                       const std::vector<size_t> &Accesses,
                       const std::vector<JudgedShapes> &Shapes,
                       const std::vector<LaunchSite> &Launches,
                       const LaunchScope *Scope, ArrayFix &Fix);

} // namespace bankfix

#endif // BANKFIX_FLATBUFFERFIX_H
