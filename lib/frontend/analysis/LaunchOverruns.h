// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchOverruns.h - Launches that give too little dynamic memory ----===//
//
// An extern __shared__ buffer is as large as the launch's dynamic shared
// memory: `k<<<g, b, 4096>>>` gives 4096 bytes, `k<<<g, b>>>` none. Where
// an access to the buffer is judged with exact addresses for the launch's
// block shape, the bytes it reaches are known (ReachedBytes.h), and a
// launch of its kernel that gives fewer makes it read or write out of
// bounds: an error, found without running the program.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LAUNCHOVERRUNS_H
#define BANKFIX_LAUNCHOVERRUNS_H

#include "core/access/AccessSummary.h"
#include "frontend/analysis/BlockShapeChoice.h"
#include "frontend/analysis/LaunchSites.h"
#include "frontend/analysis/SharedAccessFinder.h"

#include <vector>

namespace bankfix {

/// One launch that gives its kernel's extern buffer too few bytes: the
/// access that reaches farthest past them.
struct LaunchOverrun {
  size_t Launch = 0; ///< into the launches

  uint64_t Given = 0;   ///< dynamic shared memory, bytes
  uint64_t Reached = 0; ///< one past the last byte the access touches
  size_t Access = 0;    ///< into SharedAccesses::Accesses
  size_t Choice = 0;    ///< the access's block shape (its Choices index)
};

/// The overruns of \p Launches, in launch order, one per launch.
std::vector<LaunchOverrun>
findLaunchOverruns(const SharedAccesses &Found,
                   const std::vector<std::vector<BlockShapeChoice>> &Choices,
                   const std::vector<std::vector<AccessSummary>> &Summaries,
                   const std::vector<LaunchSite> &Launches);

} // namespace bankfix

#endif // BANKFIX_LAUNCHOVERRUNS_H
