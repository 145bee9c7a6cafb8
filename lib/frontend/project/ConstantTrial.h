// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ConstantTrial.h - One file analysed again with a file changed ------===//
//
// The trials NamedConstantFix.h judges a macro's values with: the same
// parse (arguments, preamble, options) with one file's bytes replaced, its
// accesses found and judged, no fixes planned, nothing reported. A parse
// with errors gives no totals. The trials of one macro run side by side,
// AnalysisOptions::TrialsAtOnce at a time, each on a thread with the stack
// a file's walk needs.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_CONSTANTTRIAL_H
#define BANKFIX_CONSTANTTRIAL_H

#include "frontend/pipeline/NamedConstantFix.h"
#include "frontend/project/FileAnalyzer.h"

#include <optional>
#include <string>
#include <vector>

namespace bankfix {

/// The totals of the parse \p Args (with \p Opts's shapes and launches)
/// with \p File reading each of \p Contents in turn.
std::vector<std::optional<TrialTotals>>
runConstantTrials(const std::vector<std::string> &Args,
                  const AnalysisOptions &Opts, const std::string &File,
                  const std::vector<std::string> &Contents);

} // namespace bankfix

#endif // BANKFIX_CONSTANTTRIAL_H
