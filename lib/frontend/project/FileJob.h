// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FileJob.h - One file to check, with everything it is checked with --===//
//
// Each file carries its own full AnalysisOptions: the command line's, plus
// what the compile database says for that file (its flags, its GPU
// architecture). Jobs are independent, so they can run on any thread.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FILEJOB_H
#define BANKFIX_FILEJOB_H

#include "frontend/project/FileAnalyzer.h"

#include <string>
#include <vector>

namespace bankfix {

class CompileDatabase;

struct FileJob {
  std::string Path;
  AnalysisOptions Opts;
  /// Printed as "bankfix: warning: ..." before the file's diagnostics.
  std::vector<std::string> Warnings;
};

/// What the command line says for every file.
struct JobSettings {
  AnalysisOptions Base;
  /// --cuda-gpu-arch was given: it wins over the compile database's.
  bool GpuArchGiven = false;
};

/// The job for \p Path: \p Settings, then, when \p DB is given, the file's
/// flags from it (before the user's `--` arguments, so that those win).
FileJob makeFileJob(const std::string &Path, const JobSettings &Settings,
                    const CompileDatabase *DB);

} // namespace bankfix

#endif // BANKFIX_FILEJOB_H
