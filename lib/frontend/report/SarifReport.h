// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SarifReport.h - --format=sarif -------------------------------------===//
//
// Renders the reported warnings as one SARIF 2.1.0 log, as GitHub code
// scanning reads it: the tool and its rules, one result per warning with
// its place, and the padding fix where there is one. Files under the
// working directory are named relative to %SRCROOT% (which
// originalUriBaseIds sets to that directory), others by absolute file URI.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SARIFREPORT_H
#define BANKFIX_SARIFREPORT_H

#include "core/result/Finding.h"

#include <string>
#include <vector>

namespace bankfix {

/// The SARIF log for \p Findings; relative file names are taken from \p
/// WorkingDirectory (absolute).
std::string renderSarif(const std::vector<Finding> &Findings,
                        const std::string &ToolVersion,
                        const std::string &WorkingDirectory);

} // namespace bankfix

#endif // BANKFIX_SARIFREPORT_H
