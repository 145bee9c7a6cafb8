// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ApplyUnits.h - Which files --apply rewrites together ---------------===//
//
// A fix can span files (a kernel in a header, its launch in the .cu
// file): the files of one analysis are rewritten together, all or none
// (rewriteFiles). Analyses that edit a common file (two .cu files
// including one header) become one unit, transitively (a.cu and b.cu share
// k.cuh, b.cu and c.cu share k2.cuh: one unit), whatever the order of the
// files; identical edits count once.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_APPLYUNITS_H
#define BANKFIX_APPLYUNITS_H

#include "frontend/fix/FileRewriter.h"
#include "frontend/project/FileAnalyzer.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace bankfix {

/// One file's analysis as --apply and --export-fixes need it.
struct FileFixes {
  std::string Path; ///< as given
  /// Its clang arguments (the include directories of a file that failed).
  std::vector<std::string> Args;
  bool Failed = false;
  std::vector<FileAnalysis::Fix> Fixes;
  std::map<std::string, std::string> ParsedContents;
  std::map<std::string, std::string> HeaderBuffers;
};

struct ApplyUnit {
  std::vector<FileRewrite> Files; ///< the analysed files first
  /// The fixes applied, each named by its first warning's real path and
  /// offset: a header's array fixed from two files counts once.
  std::set<std::pair<std::string, unsigned>> Arrays;
};

/// The units that rewrite \p Files' fixes, in first-seen order.
std::vector<ApplyUnit> applyUnits(const std::vector<FileFixes> &Files);

} // namespace bankfix

#endif // BANKFIX_APPLYUNITS_H
