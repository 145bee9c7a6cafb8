// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ConfigFile.cpp - .bankfix.yaml -------------------------------------===//

#include "frontend/project/ConfigFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

namespace {

/// The file as written: strings are checked after reading, so that an
/// error can name the value.
struct RawConfig {
  std::optional<std::vector<std::string>> BlockDims;
  std::optional<std::string> HeaderFilterRegex;
  std::optional<bool> WarningsAsErrors;
};

} // namespace

namespace llvm::yaml {
template <> struct MappingTraits<RawConfig> {
  static void mapping(IO &IO, RawConfig &C) {
    IO.mapOptional("BlockDims", C.BlockDims);
    IO.mapOptional("HeaderFilterRegex", C.HeaderFilterRegex);
    IO.mapOptional("WarningsAsErrors", C.WarningsAsErrors);
  }
};
} // namespace llvm::yaml

namespace bankfix {

namespace {

struct DiagnosticText {
  std::string Text;
};

void collectDiagnostic(const llvm::SMDiagnostic &Diag, void *Context) {
  auto &Out = *static_cast<DiagnosticText *>(Context);
  if (!Out.Text.empty())
    return; // the first error says what is wrong
  Out.Text = Diag.getFilename().str() + ":" + std::to_string(Diag.getLineNo()) +
             ":" + std::to_string(Diag.getColumnNo() + 1) + ": " +
             Diag.getMessage().str();
}

/// Whether \p Text holds nothing but blanks and comments.
bool isBlank(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (!Line.empty() && !Line.starts_with("#") && Line != "---" &&
        Line != "...")
      return false;
  }
  return true;
}

} // namespace

std::optional<ConfigFile> readConfigFile(const std::string &Path,
                                         std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer) {
    Error = "cannot read config file '" + Path +
            "': " + Buffer.getError().message();
    return std::nullopt;
  }
  ConfigFile Config;
  Config.Path = Path;
  if (isBlank((*Buffer)->getBuffer()))
    return Config;

  RawConfig Raw;
  DiagnosticText Diag;
  llvm::yaml::Input In((*Buffer)->getMemBufferRef(), nullptr, collectDiagnostic,
                       &Diag);
  In >> Raw;
  if (In.error()) {
    Error = "invalid config file " + (Diag.Text.empty() ? Path : Diag.Text);
    return std::nullopt;
  }

  if (Raw.BlockDims) {
    Config.BlockDims.emplace();
    for (const std::string &Text : *Raw.BlockDims) {
      std::string Why;
      std::optional<BlockDimOption> Option = parseBlockDimOption(Text, Why);
      if (!Option) {
        Error = "invalid config file " + Path + ": BlockDims: " + Why;
        return std::nullopt;
      }
      Option->ConfigFile = Path;
      Config.BlockDims->push_back(*Option);
    }
  }
  if (Raw.HeaderFilterRegex && !Raw.HeaderFilterRegex->empty()) {
    std::string Why;
    if (!llvm::Regex(*Raw.HeaderFilterRegex).isValid(Why)) {
      Error = "invalid config file " + Path + ": HeaderFilterRegex '" +
              *Raw.HeaderFilterRegex + "': " + Why;
      return std::nullopt;
    }
  }
  Config.HeaderFilterRegex = Raw.HeaderFilterRegex;
  Config.WarningsAsErrors = Raw.WarningsAsErrors;
  return Config;
}

std::string findConfigFile(const std::string &File) {
  llvm::SmallString<256> Dir(File);
  if (llvm::sys::fs::make_absolute(Dir))
    return "";
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, ConfigFileName);
    if (llvm::sys::fs::is_regular_file(Candidate))
      return std::string(Candidate);
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir.resize(Parent.size());
  }
  return "";
}

} // namespace bankfix
