// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ConfigFile.h - .bankfix.yaml ---------------------------------------===//
//
// A project's settings, in the directory of a file or above it:
//
//   BlockDims: ['32x8', 'transpose:32x32']   # as --block-dim
//   HeaderFilterRegex: 'include/.*'          # as --header-filter
//   WarningsAsErrors: true                   # as --warnings-as-errors
//
// Every key is optional; an unknown key or a bad value is an error that
// names the file, line and column.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_CONFIGFILE_H
#define BANKFIX_CONFIGFILE_H

#include "core/model/BlockShape.h"

#include <optional>
#include <string>
#include <vector>

namespace bankfix {

inline constexpr const char *ConfigFileName = ".bankfix.yaml";

struct ConfigFile {
  std::string Path;
  std::optional<std::vector<BlockDimOption>> BlockDims;
  std::optional<std::string> HeaderFilterRegex;
  std::optional<bool> WarningsAsErrors;
};

/// Reads and checks \p Path; on failure sets \p Error ("PATH:LINE:COL:
/// what is wrong") and returns nothing.
std::optional<ConfigFile> readConfigFile(const std::string &Path,
                                         std::string &Error);

/// The nearest .bankfix.yaml in the directory of \p File or one above it
/// (the path is made absolute first); empty when there is none.
std::string findConfigFile(const std::string &File);

} // namespace bankfix

#endif // BANKFIX_CONFIGFILE_H
