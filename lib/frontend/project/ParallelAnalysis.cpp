// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ParallelAnalysis.cpp - Check files on several threads, in order ----===//

#include "frontend/project/ParallelAnalysis.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <future>

namespace bankfix {

void analyzeInOrder(
    const std::vector<FileJob> &Jobs, unsigned Threads,
    llvm::function_ref<void(const FileJob &, FileAnalysis &)> Done) {
  if (Threads == 1 || Jobs.size() <= 1) {
    for (const FileJob &Job : Jobs) {
      FileAnalysis Result = analyzeFile(Job.Path, Job.Opts);
      Done(Job, Result);
    }
    return;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
  std::vector<FileAnalysis> Results(Jobs.size());
  std::vector<std::shared_future<void>> Finished;
  Finished.reserve(Jobs.size());
  for (size_t I = 0; I < Jobs.size(); ++I)
    Finished.push_back(Pool.async([&Jobs, &Results, I] {
      Results[I] = analyzeFile(Jobs[I].Path, Jobs[I].Opts);
    }));
  for (size_t I = 0; I < Jobs.size(); ++I) {
    Finished[I].wait();
    Done(Jobs[I], Results[I]);
    Results[I] = FileAnalysis(); // its buffers are printed: free them
  }
}

} // namespace bankfix
