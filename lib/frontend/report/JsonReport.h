//===- JsonReport.h - --format=json ---------------------------------------===//
//
// Renders access records as one JSON document: per access its place, array,
// load/store, function, block shape, wavefronts per warp-instruction, ideal,
// n-way and excess wavefronts per block; per function and block shape the
// totals.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_JSONREPORT_H
#define BANKFIX_JSONREPORT_H

#include "core/result/AccessRecord.h"

#include <string>
#include <vector>

namespace bankfix {

std::string renderJson(const std::vector<AccessRecord> &Records);

} // namespace bankfix

#endif // BANKFIX_JSONREPORT_H
