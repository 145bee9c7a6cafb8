// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoadSpeculation.h - Guarded loads nvcc runs unconditionally --------===//
//
// nvcc turns `if (c) acc += s[K];` and `acc += c ? s[K] : 0` into a select
// when the load is the only effect of the conditional code and its address
// is a compile-time constant inside the array: the load then runs in every
// warp, with every lane, whatever c is. Measured on an H100
// (test/differential/findings/speculated_guarded_load.cu): guarded 1-8
// byte loads of that form run in every warp; 16-byte ones (an int4 whose
// four components are converted and added) do not, and a load followed by
// a store (`if (tid == 0) out[b] = s[0];`, the CUDA
// samples' reductions) keeps its branch. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LOADSPECULATION_H
#define BANKFIX_LOADSPECULATION_H

#include "core/access/AccessEvaluation.h"

#include <optional>
#include <vector>

namespace bankfix {

/// The widest load nvcc was measured to speculate.
constexpr unsigned MaxSpeculatedLoadWidth = 8;

/// When nvcc runs \p Access unconditionally: its indices (or byte offset,
/// with FlatBytes), all compile-time constants. That takes a load marked
/// Speculable by the frontend, of at most MaxSpeculatedLoadWidth bytes,
/// whose guard is not a compile-time constant (a constant one is folded
/// away instead) nor one that its own facts contradict (nvcc deletes the
/// load), and whose address is a compile-time constant inside \p Array,
/// possibly once the guard's facts `e == C` are used (factsUnder).
std::optional<std::vector<int64_t>>
speculatedIndices(const SharedArrayLayout &Array,
                  const SharedAccessDesc &Access);

} // namespace bankfix

#endif // BANKFIX_LOADSPECULATION_H
