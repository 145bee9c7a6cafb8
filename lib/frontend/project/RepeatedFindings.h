// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RepeatedFindings.h - A header's finding once per run ---------------===//
//
// A header included by several files of a run is analysed with each of
// them, and a conflict in it would be reported once per file. A finding in
// a file other than the one analysed (a header) that an earlier file of the
// run already reported, word for word with the same notes, is dropped from
// the later file's text and findings. Findings that differ in anything (a
// block shape from another launch, another instantiation) are kept.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_REPEATEDFINDINGS_H
#define BANKFIX_REPEATEDFINDINGS_H

#include "frontend/project/FileAnalyzer.h"

#include <set>
#include <string>

namespace bankfix {

class RepeatedFindings {
public:
  /// Drops from \p Result (the analysis of \p MainFile) the header findings
  /// seen in an earlier file, and remembers the others.
  void dropRepeated(const std::string &MainFile, FileAnalysis &Result);

private:
  std::set<std::string> Seen;
};

} // namespace bankfix

#endif // BANKFIX_REPEATEDFINDINGS_H
