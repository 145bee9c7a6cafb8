// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PathUnderRoot.cpp - A file's path relative to the working directory ===//

#include "frontend/report/PathUnderRoot.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace bankfix {

PlacedPath placePath(const std::string &Root, const std::string &File) {
  llvm::SmallString<256> Base(Root);
  llvm::sys::path::remove_dots(Base, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Path(File);
  if (!llvm::sys::path::is_absolute(Path)) {
    llvm::SmallString<256> Full(Base);
    llvm::sys::path::append(Full, Path);
    Path = Full;
  }
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  llvm::StringRef Relative(Path);
  if (Relative.consume_front(Base) && Relative.consume_front("/"))
    return {Relative.str(), true};
  return {std::string(Path), false};
}

} // namespace bankfix
