// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixExport.h - --export-fixes in clang-tidy's YAML format -----------===//
//
// Writes the padding fixes as clang-tidy does (a TranslationUnitDiagnostics
// document), so that clang-apply-replacements applies them.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FIXEXPORT_H
#define BANKFIX_FIXEXPORT_H

#include "frontend/project/FileAnalyzer.h"

#include <string>
#include <vector>

namespace bankfix {

/// The YAML for \p Fixes; file paths are made absolute.
std::string renderFixesYaml(const std::string &MainFile,
                            const std::vector<FileAnalysis::Fix> &Fixes);

} // namespace bankfix

#endif // BANKFIX_FIXEXPORT_H
