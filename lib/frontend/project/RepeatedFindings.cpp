// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RepeatedFindings.cpp - A header's finding once per run -------------===//

#include "frontend/project/RepeatedFindings.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>

namespace bankfix {

namespace {

std::string realPath(const std::string &File) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(File, Real))
    return File;
  return std::string(Real);
}

std::string region(const std::string &File, const SourceRegion &R) {
  return File + ":" + std::to_string(R.StartLine) + ":" +
         std::to_string(R.StartColumn) + "-" + std::to_string(R.EndLine) + ":" +
         std::to_string(R.EndColumn);
}

/// Everything a finding says, its places by real path.
std::string keyOf(const Finding &F, const std::string &RealFile) {
  std::string Key = F.RuleId + "\n" + std::to_string(int(F.Level)) + "\n" +
                    std::to_string(F.SuppressedByNolint) + "\n" +
                    region(RealFile, F.Region) + "\n" + F.Message;
  for (const Finding::Note &N : F.Notes)
    Key += "\n" + (N.File.empty() ? "" : region(realPath(N.File), N.Region)) +
           " " + N.Message;
  return Key;
}

} // namespace

void RepeatedFindings::dropRepeated(const std::string &MainFile,
                                    FileAnalysis &Result) {
  std::string Main = realPath(MainFile);
  std::vector<Finding> Kept;
  std::vector<std::pair<size_t, size_t>> Cut;
  for (Finding &F : Result.Findings) {
    std::string File = F.File.empty() ? Main : realPath(F.File);
    if (File == Main || Seen.insert(keyOf(F, File)).second) {
      Kept.push_back(std::move(F));
      continue;
    }
    if (F.SuppressedByNolint)
      continue;
    if (F.TextEnd > F.TextBegin)
      Cut.push_back({F.TextBegin, F.TextEnd});
    if (F.Level == FindingLevel::Warning && Result.Warnings > 0)
      --Result.Warnings;
    if (F.Level == FindingLevel::Error && Result.Errors > 0)
      --Result.Errors;
  }
  Result.Findings = std::move(Kept);
  std::sort(Cut.begin(), Cut.end());
  std::string Output;
  size_t At = 0;
  for (const auto &[Begin, End] : Cut) {
    if (Begin < At || End > Result.Output.size())
      continue;
    Output.append(Result.Output, At, Begin - At);
    At = End;
  }
  Output.append(Result.Output, At, std::string::npos);
  Result.Output = std::move(Output);
}

} // namespace bankfix
