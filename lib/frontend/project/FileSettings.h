// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FileSettings.h - The options one file is analysed with -------------===//
//
// The command line's options, with the file's .bankfix.yaml (the nearest
// one above it, or --config-file) filling in what the command line leaves
// unset: the command line wins, key by key.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FILESETTINGS_H
#define BANKFIX_FILESETTINGS_H

#include "frontend/project/FileAnalyzer.h"

#include <optional>
#include <string>

namespace bankfix {

struct CommandLineSettings {
  /// Everything the command line says; its BlockDims are the --block-dim
  /// values (empty when none was given).
  AnalysisOptions Options;
  std::optional<std::string> HeaderFilter; ///< when --header-filter given
  std::optional<bool> WarningsAsErrors;    ///< when --warnings-as-errors given
  std::string ConfigFile;                  ///< --config-file, or empty
};

/// The full options for \p File; on a bad config file sets \p Error and
/// returns nothing.
std::optional<AnalysisOptions> settingsFor(const std::string &File,
                                           const CommandLineSettings &CL,
                                           std::string &Error);

} // namespace bankfix

#endif // BANKFIX_FILESETTINGS_H
