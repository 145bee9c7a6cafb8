// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SarifReport.h - --format=sarif -------------------------------------===//
//
// Renders a run as one SARIF 2.1.0 log, as GitHub code scanning reads it:
// the tool and its rules; one result per warning, error and remark
// (level "note"), each with its notes as related locations, the padding
// fix where there is one, and an inSource suppression where a NOLINT
// comment hid it; and the invocation, unsuccessful when a file could not
// be analysed or the run stopped, with each of those as a
// toolExecutionNotification. Files under the working directory are named
// relative to %SRCROOT% (which originalUriBaseIds sets to that directory),
// others by absolute file URI.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SARIFREPORT_H
#define BANKFIX_SARIFREPORT_H

#include "core/result/Finding.h"
#include "core/result/ToolNotification.h"

#include <string>
#include <vector>

namespace bankfix {

/// The SARIF log for \p Findings and \p Notifications; relative file names
/// are taken from \p WorkingDirectory (absolute).
std::string renderSarif(const std::vector<Finding> &Findings,
                        const std::vector<ToolNotification> &Notifications,
                        const std::string &ToolVersion,
                        const std::string &WorkingDirectory);

} // namespace bankfix

#endif // BANKFIX_SARIFREPORT_H
