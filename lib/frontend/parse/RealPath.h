// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RealPath.h - A file's path with links and dots resolved ------------===//

#ifndef BANKFIX_REALPATH_H
#define BANKFIX_REALPATH_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"

#include <string>

namespace bankfix {

/// The real path of \p Path, or \p Path itself when it cannot be resolved
/// (a file that does not exist): two names of one file compare equal.
inline std::string realPathOr(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path.str();
  return Real.str().str();
}

} // namespace bankfix

#endif // BANKFIX_REALPATH_H
