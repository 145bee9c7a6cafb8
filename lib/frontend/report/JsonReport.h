// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- JsonReport.h - --format=json ---------------------------------------===//
//
// Renders access records as one JSON document: per access its place, array,
// load/store, function, block shape, wavefronts per warp-instruction, ideal,
// n-way and excess wavefronts per block; per function and block shape the
// totals; per conflicting array its fix (when any array conflicts): style,
// wavefronts before and after, shared memory and blocks per SM per kernel
// and shape, or why no fix is offered; the remarks on shared memory that
// is not followed (when there are any).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_JSONREPORT_H
#define BANKFIX_JSONREPORT_H

#include "core/result/AccessRecord.h"
#include "core/result/Finding.h"
#include "core/result/FixRecord.h"
#include "core/result/RemarkRecord.h"

#include <string>
#include <vector>

namespace bankfix {

/// The JSON report; \p Errors: the error-level findings shown (launches
/// out of bounds), in "errors".
std::string renderJson(const std::vector<AccessRecord> &Records,
                       const std::vector<FixRecord> &Fixes = {},
                       const std::vector<RemarkRecord> &Remarks = {},
                       const std::vector<Finding> &Errors = {});

} // namespace bankfix

#endif // BANKFIX_JSONREPORT_H
