// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CrossFileLaunches.cpp - Kernels launched from another file ---------===//

#include "frontend/project/CrossFileLaunches.h"

#include "frontend/project/ParallelAnalysis.h"

#include <map>
#include <memory>

namespace bankfix {

void followLaunchesAcrossFiles(const std::vector<FileJob> &Jobs,
                               std::vector<FileAnalysis> &Results,
                               unsigned Threads) {
  // Every launch of the run made outside the file that defines its kernel,
  // with the file it is made in.
  std::map<std::string, std::vector<std::pair<size_t, const ForeignLaunch *>>>
      Launches;
  for (size_t I = 0; I < Results.size(); ++I)
    for (const auto &[Kernel, List] : Results[I].LaunchesForOtherFiles)
      for (const ForeignLaunch &L : List)
        Launches[Kernel].push_back({I, &L});
  std::vector<FileJob> Again;
  std::vector<size_t> From;
  for (size_t I = 0; I < Results.size(); ++I) {
    if (Results[I].Failed && !Results[I].FixesBesideErrors)
      continue;
    auto Foreign = std::make_shared<ForeignLaunches>();
    for (const std::string &Kernel : Results[I].KernelsLaunchedElsewhere) {
      auto It = Launches.find(Kernel);
      if (It == Launches.end())
        continue;
      for (const auto &[File, L] : It->second)
        if (File != I)
          (*Foreign)[Kernel].push_back(*L);
    }
    if (Foreign->empty())
      continue;
    Again.push_back(Jobs[I]);
    Again.back().Opts.Foreign = std::move(Foreign);
    From.push_back(I);
  }
  // The launches are copied into the jobs: the first results can go.
  analyzeInOrder(Again, Threads, [&](const FileJob &Job, FileAnalysis &R) {
    Results[From[&Job - Again.data()]] = std::move(R);
  });
}

} // namespace bankfix
