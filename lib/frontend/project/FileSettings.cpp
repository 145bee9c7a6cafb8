// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FileSettings.cpp - The options one file is analysed with -----------===//

#include "frontend/project/FileSettings.h"

#include "frontend/project/ConfigFile.h"

namespace bankfix {

std::optional<AnalysisOptions> settingsFor(const std::string &File,
                                           const CommandLineSettings &CL,
                                           std::string &Error) {
  AnalysisOptions Opts = CL.Options;
  std::string Path =
      CL.ConfigFile.empty() ? findConfigFile(File) : CL.ConfigFile;
  std::optional<ConfigFile> Config;
  if (!Path.empty()) {
    Config = readConfigFile(Path, Error);
    if (!Config)
      return std::nullopt;
  }
  if (Opts.BlockDims.empty() && Config && Config->BlockDims)
    Opts.BlockDims = *Config->BlockDims;
  if (CL.HeaderFilter)
    Opts.HeaderFilter = *CL.HeaderFilter;
  else if (Config && Config->HeaderFilterRegex)
    Opts.HeaderFilter = *Config->HeaderFilterRegex;
  if (CL.WarningsAsErrors)
    Opts.WarningsAsErrors = *CL.WarningsAsErrors;
  else if (Config && Config->WarningsAsErrors)
    Opts.WarningsAsErrors = *Config->WarningsAsErrors;
  return Opts;
}

} // namespace bankfix
