// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReachedBytes.cpp - How far into its array an access reaches --------===//

#include "core/access/ReachedBytes.h"

#include <algorithm>

namespace bankfix {

std::optional<uint64_t> bytesReached(const AccessSummary &Summary) {
  if (!Summary.exact())
    return std::nullopt;
  std::optional<uint64_t> End;
  for (const InstanceEvaluation &I : Summary.Instances) {
    if (I.Count != 1)
      return std::nullopt;
    for (const WarpOutcome &W : I.Eval.Warps)
      for (const std::optional<uint64_t> &Address : W.Addresses)
        if (Address)
          End = std::max(End.value_or(0), *Address + I.Desc.Width);
  }
  return End;
}

} // namespace bankfix
