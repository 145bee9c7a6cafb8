// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CrossFileFixes.cpp - Header buffers fixed alike by every file ------===//

#include "frontend/fix/CrossFileFixes.h"

#include "frontend/parse/RealPath.h"
#include "frontend/project/IncludeScan.h"

#include <algorithm>
#include <map>

namespace bankfix {

namespace {

/// The header path of a headerBufferKey.
std::string headerOfKey(const std::string &Key) {
  return Key.substr(0, Key.rfind(':'));
}

/// \p File's edits of the header of \p Key, sorted.
std::vector<TextEdit> headerEdits(const FileFixes &File,
                                  const std::string &Key) {
  std::string Header = headerOfKey(Key);
  std::vector<TextEdit> Edits;
  for (const FileAnalysis::Fix &Fix : File.Fixes)
    if (Fix.HeaderBuffer == Key)
      for (const TextEdit &E : Fix.Edits)
        if (realPathOr(E.File) == Header)
          Edits.push_back(E);
  std::sort(Edits.begin(), Edits.end(),
            [](const TextEdit &A, const TextEdit &B) {
              return std::tie(A.Offset, A.Length, A.Text) <
                     std::tie(B.Offset, B.Length, B.Text);
            });
  Edits.erase(std::unique(Edits.begin(), Edits.end(), sameReplacement),
              Edits.end());
  return Edits;
}

bool sameEdits(const std::vector<TextEdit> &A, const std::vector<TextEdit> &B) {
  return std::equal(A.begin(), A.end(), B.begin(), B.end(), sameReplacement);
}

/// Why \p Key's fix must not be applied in this run, or empty.
std::string disagreement(const std::vector<FileFixes> &Files,
                         const std::string &Key) {
  const FileFixes *Planner = nullptr;
  std::vector<TextEdit> Planned;
  for (const FileFixes &File : Files) {
    if (File.Failed) {
      if (includesHeader(File.Path, File.Args, headerOfKey(Key)))
        return "'" + File.Path +
               "' includes the header and could not be analysed, so its "
               "launches cannot grow with it";
      continue;
    }
    auto Verdict = File.HeaderBuffers.find(Key);
    if (Verdict == File.HeaderBuffers.end())
      continue;
    if (!Verdict->second.empty())
      return "the analysis of '" + File.Path +
             "' offers no fix for it: " + Verdict->second;
    std::vector<TextEdit> Edits = headerEdits(File, Key);
    if (!Planner) {
      Planner = &File;
      Planned = std::move(Edits);
    } else if (!sameEdits(Planned, Edits)) {
      return "'" + Planner->Path + "' and '" + File.Path +
             "' plan different fixes for it (their launches differ); fix "
             "it by hand";
    }
  }
  return "";
}

} // namespace

std::vector<std::string> keepConsistentFixes(std::vector<FileFixes> &Files) {
  std::map<std::string, std::string> Dropped; // key -> why
  for (const FileFixes &File : Files)
    for (const FileAnalysis::Fix &Fix : File.Fixes)
      if (!Fix.HeaderBuffer.empty() && !Dropped.count(Fix.HeaderBuffer)) {
        std::string Why = disagreement(Files, Fix.HeaderBuffer);
        if (!Why.empty())
          Dropped[Fix.HeaderBuffer] = Why;
      }
  std::vector<std::string> Lines;
  for (const auto &Entry : Dropped) {
    const std::string &Key = Entry.first;
    std::string Buffer;
    for (FileFixes &File : Files) {
      auto It = std::find_if(
          File.Fixes.begin(), File.Fixes.end(),
          [&](const FileAnalysis::Fix &F) { return F.HeaderBuffer == Key; });
      if (Buffer.empty() && It != File.Fixes.end())
        Buffer = It->Buffer;
      File.Fixes.erase(std::remove_if(File.Fixes.begin(), File.Fixes.end(),
                                      [&](const FileAnalysis::Fix &F) {
                                        return F.HeaderBuffer == Key;
                                      }),
                       File.Fixes.end());
    }
    Lines.push_back("the fix of " + Buffer +
                    " is not applied: " + Entry.second);
  }
  return Lines;
}

} // namespace bankfix
