// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FileJob.cpp - One file to check, with everything it is checked with-===//

#include "frontend/project/FileJob.h"

#include "frontend/project/CompileDatabase.h"

namespace bankfix {

FileJob makeFileJob(const std::string &Path, const JobSettings &Settings,
                    const CompileDatabase *DB) {
  FileJob Job{Path, Settings.Base, {}};
  if (!DB)
    return Job;
  std::optional<TranslatedCommand> Command = DB->commandFor(Path);
  if (!Command) {
    Job.Warnings.push_back("'" + Path + "' is not in the compile database '" +
                           DB->path() + "'; checked with the default flags");
    return Job;
  }
  for (const std::string &Warning : Command->Warnings)
    Job.Warnings.push_back("'" + Path + "': compile database: " + Warning);
  std::vector<std::string> &Extra = Job.Opts.Parse.ExtraArgs;
  Extra.insert(Extra.begin(), Command->Args.begin(), Command->Args.end());
  if (!Settings.GpuArchGiven && !Command->GpuArch.empty())
    Job.Opts.Parse.GpuArch = Command->GpuArch;
  return Job;
}

} // namespace bankfix
