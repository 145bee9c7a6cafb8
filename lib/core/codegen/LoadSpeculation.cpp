// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoadSpeculation.cpp - Guarded loads nvcc runs unconditionally ------===//

#include "core/codegen/LoadSpeculation.h"

#include "core/expr/CompileTimeValue.h"

namespace bankfix {

/// Whether the constant \p Indices stay inside \p Array (a load outside it
/// is undefined: nvcc deletes it rather than speculating it).
static bool inside(const SharedArrayLayout &Array,
                   const SharedAccessDesc &Access,
                   const std::vector<int64_t> &Indices) {
  if (!Access.FlatBytes) {
    for (size_t D = 0; D < Indices.size(); ++D)
      if (D >= Array.Dims.size() || Array.Dims[D] == 0 || Indices[D] < 0 ||
          uint64_t(Indices[D]) >= Array.Dims[D])
        return false;
    return true;
  }
  uint64_t Bytes = Array.ElementSize;
  for (uint64_t Extent : Array.Dims) {
    if (Extent == 0 || Bytes > UINT64_MAX / Extent)
      return false;
    Bytes *= Extent;
  }
  return Indices.size() == 1 && Indices[0] >= 0 &&
         uint64_t(Indices[0]) + Access.Width <= Bytes;
}

std::optional<std::vector<int64_t>>
speculatedIndices(const SharedArrayLayout &Array,
                  const SharedAccessDesc &Access) {
  if (Access.Kind != AccessKind::Load || !Access.Speculable || !Access.Guard ||
      Access.Width > MaxSpeculatedLoadWidth || compileTimeValue(*Access.Guard))
    return std::nullopt;
  CompileTimeFacts Facts = factsUnder(*Access.Guard);
  // A guard that its own conjuncts contradict (`lane % 8 == 4 && (lane * 3)
  // % 4 > 2`): nvcc deletes the load.
  if (compileTimeValue(*Access.Guard, Facts) == 0)
    return std::nullopt;
  std::vector<int64_t> Indices;
  for (const LaneExprPtr &Index : Access.Indices) {
    std::optional<int64_t> V = compileTimeValue(*Index, Facts);
    if (!V)
      return std::nullopt;
    Indices.push_back(*V);
  }
  if (!inside(Array, Access, Indices))
    return std::nullopt;
  return Indices;
}

} // namespace bankfix
