// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExplainOutput.cpp - Where --explain's tables and pictures go -------===//

#include "frontend/report/ExplainOutput.h"

#include "core/explain/ExplainSvg.h"
#include "core/explain/ExplainTable.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace bankfix {

std::string renderExplainTables(const std::vector<AccessExplanation> &All) {
  std::string Out;
  for (const AccessExplanation &E : All)
    Out += "\n" + renderExplainTable(E);
  return Out;
}

namespace {

/// "tile.cu-14-3" from "dir/tile.cu:14:3".
std::string baseName(const std::string &Place) {
  std::string Name = llvm::sys::path::filename(Place).str();
  for (char &C : Name)
    if (C == ':')
      C = '-';
  return Name;
}

} // namespace

std::string writeExplainSvgs(const std::string &Dir,
                             const std::vector<AccessExplanation> &All,
                             std::vector<std::string> &Written) {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return "--explain-svg: cannot create '" + Dir + "': " + EC.message();
  std::set<std::string> Used;
  for (const AccessExplanation &E : All) {
    std::string Name = baseName(E.Place);
    if (Used.count(Name))
      Name += "-" + E.Shape.str();
    std::string Unique = Name;
    for (unsigned N = 2; Used.count(Unique); ++N)
      Unique = Name + "-" + std::to_string(N);
    Used.insert(Unique);
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, Unique + ".svg");
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
    if (EC)
      return "--explain-svg: cannot write '" + Path.str().str() +
             "': " + EC.message();
    OS << renderExplainSvg(E);
    Written.push_back(Path.str().str());
  }
  return "";
}

} // namespace bankfix
