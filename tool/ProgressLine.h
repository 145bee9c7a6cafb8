// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ProgressLine.h - "[12/340] kernels/scan.cu" on a terminal ----------===//
//
// While a run over many files goes on, one line on stderr says how many are
// done and which came last, rewritten in place as ninja does. Only when
// stderr is a terminal (a log or a pipe gets nothing) and there is more than
// one file; the line is cleared before anything else is printed, so the
// diagnostics never share a line with it.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TOOL_PROGRESSLINE_H
#define BANKFIX_TOOL_PROGRESSLINE_H

#include <string>

namespace bankfix {

class ProgressLine {
public:
  /// Shows progress for \p Total files when stderr is a terminal and
  /// \p Enabled.
  ProgressLine(size_t Total, bool Enabled);
  ~ProgressLine() { clear(); }

  /// Removes the line, before other output.
  void clear();
  /// One more file is done: \p File.
  void advance(const std::string &File);

private:
  size_t Total, Done = 0;
  bool Shown = false, Active;
};

} // namespace bankfix

#endif // BANKFIX_TOOL_PROGRESSLINE_H
