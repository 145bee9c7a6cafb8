// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ParallelAnalysis.h - Check files on several threads, report in order
//===//
//
// `-j N`: the files are analysed on N threads (0: one per core), each into
// its own buffers, and handed back in the order they were given, so the
// output is the same, byte for byte, whatever N is.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_PARALLELANALYSIS_H
#define BANKFIX_PARALLELANALYSIS_H

#include "frontend/project/FileJob.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace bankfix {

/// Analyses \p Jobs on \p Threads threads and calls \p Done for each, on
/// the calling thread, in the jobs' order, as soon as it and every job
/// before it are finished.
void analyzeInOrder(
    const std::vector<FileJob> &Jobs, unsigned Threads,
    llvm::function_ref<void(const FileJob &, FileAnalysis &)> Done);

} // namespace bankfix

#endif // BANKFIX_PARALLELANALYSIS_H
