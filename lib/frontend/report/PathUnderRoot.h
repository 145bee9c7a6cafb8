// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PathUnderRoot.h - A file's path relative to the working directory --===//
//
// The SARIF and Code Quality reports name files under the directory bankfix
// runs in relative to it (as code scanning and GitLab expect them, from the
// repository's root), and other files by absolute path.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_PATHUNDERROOT_H
#define BANKFIX_PATHUNDERROOT_H

#include <optional>
#include <string>

namespace bankfix {

/// \p File (relative paths are taken from \p Root, an absolute directory)
/// without its dots: relative to \p Root when it lies under it, otherwise
/// absolute.
struct PlacedPath {
  std::string Path;
  bool UnderRoot = false;
};
PlacedPath placePath(const std::string &Root, const std::string &File);

} // namespace bankfix

#endif // BANKFIX_PATHUNDERROOT_H
