// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RunLaunchScope.cpp - The launches one bankfix run sees -------------===//

#include "frontend/project/RunLaunchScope.h"

#include "frontend/parse/RealPath.h"
#include "frontend/project/CompileDatabase.h"
#include "frontend/project/IncludeScan.h"

namespace bankfix {

namespace {

/// "'a.cu'", "'a.cu' and 'b.cu'", "'a.cu', 'b.cu' and 3 more".
std::string fileList(const std::vector<std::string> &Files) {
  constexpr size_t Shown = 2;
  std::string Text;
  for (size_t I = 0; I < Files.size() && I < Shown; ++I) {
    if (I > 0)
      Text += I + 1 == Files.size() ? " and " : ", ";
    Text += "'" + Files[I] + "'";
  }
  if (Files.size() > Shown)
    Text += " and " + std::to_string(Files.size() - Shown) + " more";
  return Text;
}

} // namespace

RunLaunchScope::RunLaunchScope(const std::vector<std::string> &Inputs,
                               const CompileDatabase *DB)
    : DB(DB) {
  for (const std::string &File : Inputs)
    Checked.insert(realPathOr(File));
}

std::string RunLaunchScope::unseenIncluders(const std::string &HeaderRealPath,
                                            const std::string &) const {
  if (!DB)
    return "without a compile database (-p BUILD_DIR) bankfix cannot find "
           "them all";
  std::lock_guard<std::mutex> Guard(Lock);
  auto Known = Answers.find(HeaderRealPath);
  if (Known != Answers.end())
    return Known->second;
  std::vector<std::string> Unseen;
  for (const std::string &File : DB->cudaFiles()) {
    if (Checked.count(realPathOr(File)))
      continue;
    std::optional<TranslatedCommand> Command = DB->commandFor(File);
    if (includesHeader(File,
                       Command ? Command->Args : std::vector<std::string>{},
                       HeaderRealPath))
      Unseen.push_back(File);
  }
  std::string Answer;
  if (!Unseen.empty())
    Answer = fileList(Unseen) +
             (Unseen.size() == 1 ? " includes" : " include") + " it and " +
             (Unseen.size() == 1 ? "is" : "are") +
             " not checked in this run; check " +
             (Unseen.size() == 1 ? "it" : "them") +
             " too, or the whole compile database";
  Answers.emplace(HeaderRealPath, Answer);
  return Answer;
}

} // namespace bankfix
