// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Run.h - One bankfix run over its input files -----------------------===//
//
// Checks every input (its settings from the command line and its
// .bankfix.yaml, its flags from the compile database), prints each file's
// diagnostics in input order, then applies or exports the fixes and writes
// the JSON, SARIF, Code Quality or --explain-svg output. Returns the exit
// status: 0, 1 for warnings treated as errors, 2 for a tool error.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TOOL_RUN_H
#define BANKFIX_TOOL_RUN_H

#include "CommandLine.h"

namespace bankfix {

int runBankfix(const RunRequest &Request);

/// Writes the SARIF log or Code Quality report of \p Format (other formats:
/// nothing) to stdout: \p Findings, and the tool's errors and warnings so
/// far. Also when the run stopped early, so that a CI step that uploads the
/// report always gets a valid one.
void writeReport(OutputFormat Format, const std::vector<Finding> &Findings);

} // namespace bankfix

#endif // BANKFIX_TOOL_RUN_H
