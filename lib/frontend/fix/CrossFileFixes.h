// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CrossFileFixes.h - Header buffers fixed alike by every file --------===//
//
// The fix of an extern buffer declared in a header edits the header once
// and the launches of every file that includes it. Each file's analysis
// plans it on its own; a run may apply it only when every file of the run
// that conflicts on the buffer plans the same edits in the header, and no
// file that failed includes it. Otherwise the header would be padded while
// some file's launches keep their old byte count.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_CROSSFILEFIXES_H
#define BANKFIX_CROSSFILEFIXES_H

#include "frontend/fix/ApplyUnits.h"

#include <string>
#include <vector>

namespace bankfix {

/// Removes from \p Files the fixes of header buffers that the files of the
/// run do not fix alike; returns one line per buffer left unfixed, saying
/// why.
std::vector<std::string> keepConsistentFixes(std::vector<FileFixes> &Files);

} // namespace bankfix

#endif // BANKFIX_CROSSFILEFIXES_H
