//===- ApplyUnits.h - Which files --apply rewrites together ---------------===//
//
// A fix can span files (a kernel in a header, its launch in the .cu
// file): the files of one analysis are rewritten together, all or none
// (rewriteFiles). Analyses that edit a common file (two .cu files
// including one header) become one unit; identical edits count once.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_APPLYUNITS_H
#define BANKFIX_APPLYUNITS_H

#include "frontend/fix/FileRewriter.h"
#include "frontend/project/FileAnalyzer.h"

#include <string>
#include <vector>

namespace bankfix {

struct ApplyUnit {
  std::vector<FileRewrite> Files; ///< the analysed file first
  unsigned Arrays = 0;            ///< fixes applied
};

/// Adds the fixes of \p Result, the analysis of \p MainFile, as a unit.
void addApplyUnit(std::vector<ApplyUnit> &Units, const std::string &MainFile,
                  const FileAnalysis &Result);

/// \p Units with those that share a file merged, in first-seen order.
std::vector<ApplyUnit> groupApplyUnits(std::vector<ApplyUnit> Units);

} // namespace bankfix

#endif // BANKFIX_APPLYUNITS_H
