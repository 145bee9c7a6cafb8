// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CodeClimateReport.h - --format=codeclimate -------------------------===//
//
// Renders the findings as GitLab's Code Quality report (a JSON array of
// Code Climate issues), which GitLab CI shows in merge requests: one issue
// per finding shown (NOLINT-suppressed ones are left out), its check, its
// message, its file relative to the working directory (the repository's
// root in a CI job) and lines, a category (a conflict is Performance, a
// launch out of bounds Bug Risk, a NOLINT problem Style), a severity (an
// error is critical, a warning major, a remark info) and a fingerprint.
// The fingerprint hashes the check, the file and the message, not the
// line, so that an issue keeps it when code above it moves; identical
// findings are told apart by their order.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_CODECLIMATEREPORT_H
#define BANKFIX_CODECLIMATEREPORT_H

#include "core/result/Finding.h"

#include <string>
#include <vector>

namespace bankfix {

std::string renderCodeClimate(const std::vector<Finding> &Findings,
                              const std::string &WorkingDirectory);

} // namespace bankfix

#endif // BANKFIX_CODECLIMATEREPORT_H
