// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IncludeScan.cpp - Which headers a file reaches, read as text -------===//

#include "frontend/project/IncludeScan.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <optional>

namespace bankfix {

namespace {

/// A header a `#include` line names: its spelling, and whether it is
/// quoted.
struct IncludeLine {
  std::string Name;
  bool Quoted = false;
};

/// The `#include` lines of \p Text (comments before the `#` are not
/// looked at; a line continued with a backslash is not joined).
std::vector<IncludeLine> includeLines(llvm::StringRef Text) {
  std::vector<IncludeLine> Lines;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    Line = Line.ltrim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("include") && !Line.consume_front("import"))
      continue;
    Line = Line.ltrim();
    if (Line.empty() || (Line.front() != '"' && Line.front() != '<'))
      continue;
    char Close = Line.front() == '"' ? '"' : '>';
    size_t End = Line.find(Close, 1);
    if (End == llvm::StringRef::npos)
      continue;
    Lines.push_back({Line.slice(1, End).str(), Close == '"'});
  }
  return Lines;
}

/// The search directories of \p Args, quoted-only ones first.
struct SearchPath {
  std::vector<std::string> Quoted, Angled, Forced;
};

SearchPath searchPathOf(const std::vector<std::string> &Args) {
  SearchPath P;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A(Args[I]);
    auto Value = [&](llvm::StringRef Flag) -> std::optional<std::string> {
      if (!A.starts_with(Flag))
        return std::nullopt;
      if (A.size() > Flag.size())
        return A.drop_front(Flag.size()).str();
      if (I + 1 < Args.size())
        return Args[++I];
      return std::nullopt;
    };
    if (std::optional<std::string> V = Value("-iquote"))
      P.Quoted.push_back(*V);
    else if (std::optional<std::string> V = Value("-isystem"))
      P.Angled.push_back(*V);
    else if (std::optional<std::string> V = Value("-include"))
      P.Forced.push_back(*V);
    else if (std::optional<std::string> V = Value("-I"))
      P.Angled.push_back(*V);
  }
  return P;
}

/// The real path of \p Name found in \p Dirs, or nullopt.
std::optional<std::string> findIn(llvm::StringRef Name,
                                  const std::vector<std::string> &Dirs) {
  for (const std::string &Dir : Dirs) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, Name);
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::is_directory(Candidate) &&
        !llvm::sys::fs::real_path(Candidate, Real))
      return Real.str().str();
  }
  return std::nullopt;
}

/// More files than any project's include graph; the scan stops there.
constexpr unsigned MaxFiles = 20000;

} // namespace

bool includesHeader(const std::string &File,
                    const std::vector<std::string> &Args,
                    const std::string &HeaderRealPath) {
  SearchPath Path = searchPathOf(Args);
  llvm::StringSet<> Seen;
  std::vector<std::string> Work;
  auto Visit = [&](const std::string &Real) {
    if (Seen.insert(Real).second)
      Work.push_back(Real);
  };
  llvm::SmallString<256> Start;
  if (llvm::sys::fs::real_path(File, Start))
    return false;
  Visit(Start.str().str());
  for (const std::string &Forced : Path.Forced) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(Forced, Real))
      Visit(Real.str().str());
  }
  while (!Work.empty() && Seen.size() < MaxFiles) {
    std::string Current = Work.back();
    Work.pop_back();
    if (Current == HeaderRealPath)
      return true;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
        llvm::MemoryBuffer::getFile(Current, /*IsText=*/true);
    if (!Text)
      continue;
    std::vector<std::string> Beside{
        llvm::sys::path::parent_path(Current).str()};
    for (const IncludeLine &L : includeLines((*Text)->getBuffer())) {
      std::optional<std::string> Real;
      if (L.Quoted) {
        Real = findIn(L.Name, Beside);
        if (!Real)
          Real = findIn(L.Name, Path.Quoted);
      }
      if (!Real)
        Real = findIn(L.Name, Path.Angled);
      if (Real)
        Visit(*Real);
    }
  }
  return false;
}

} // namespace bankfix
