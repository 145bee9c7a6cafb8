// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CrossFileLaunches.h - Kernels launched from another file of the run ===//
//
// A project may define a kernel in one file (kernels.cu) and launch it from
// another (main.cu, through a declaration in a header). Each file's
// analysis says which of its kernels no launch of its own names (their
// block shape was assumed) and which launches it makes of kernels it does
// not define. After every file of the run is analysed, each file whose
// kernels another file launches is analysed again with those launches'
// block shapes (BlockShapeChoice.h); the other files are not parsed again.
// The launches' arguments and byte counts are not followed across files.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_CROSSFILELAUNCHES_H
#define BANKFIX_CROSSFILELAUNCHES_H

#include "frontend/project/FileJob.h"

#include <vector>

namespace bankfix {

/// Analyses again, on \p Threads threads, each file of \p Jobs (analysed
/// into \p Results) that defines a kernel launched only from other files
/// of the run, with those launches; its result replaces the first.
void followLaunchesAcrossFiles(const std::vector<FileJob> &Jobs,
                               std::vector<FileAnalysis> &Results,
                               unsigned Threads);

} // namespace bankfix

#endif // BANKFIX_CROSSFILELAUNCHES_H
