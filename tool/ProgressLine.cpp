// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ProgressLine.cpp - "[12/340] kernels/scan.cu" on a terminal --------===//

#include "ProgressLine.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace bankfix {

ProgressLine::ProgressLine(size_t Total, bool Enabled)
    : Total(Total), Active(Enabled && Total > 1 &&
                           llvm::sys::Process::StandardErrIsDisplayed()) {}

void ProgressLine::clear() {
  if (!Shown)
    return;
  // Carriage return, then erase to the end of the line.
  llvm::errs() << "\r\x1b[K";
  llvm::errs().flush();
  Shown = false;
}

void ProgressLine::advance(const std::string &File) {
  ++Done;
  if (!Active)
    return;
  llvm::outs().flush();
  std::string Line =
      "[" + std::to_string(Done) + "/" + std::to_string(Total) + "] " + File;
  // Keep it on one line of a narrow terminal: the end of the path counts.
  unsigned Width = llvm::sys::Process::StandardErrColumns();
  if (Width == 0)
    Width = 80;
  if (Line.size() >= Width && Width > 8)
    Line = "..." + Line.substr(Line.size() - (Width - 4));
  llvm::errs() << "\r\x1b[K" << Line;
  llvm::errs().flush();
  Shown = true;
}

} // namespace bankfix
