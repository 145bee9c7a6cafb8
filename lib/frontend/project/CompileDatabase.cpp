// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CompileDatabase.cpp - The build's compile commands, for bankfix ----===//

#include "frontend/project/CompileDatabase.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace bankfix {

std::unique_ptr<CompileDatabase> CompileDatabase::load(const std::string &Path,
                                                       std::string &Error) {
  llvm::SmallString<256> File(Path);
  if (llvm::sys::fs::is_directory(File))
    llvm::sys::path::append(File, "compile_commands.json");
  if (!llvm::sys::fs::exists(File)) {
    Error = "-p: no compile database at '" + File.str().str() +
            "' (configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)";
    return nullptr;
  }
  std::string LoadError;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          File, LoadError, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB) {
    Error = "-p: cannot read compile database '" + File.str().str() +
            "': " + LoadError;
    return nullptr;
  }
  return std::unique_ptr<CompileDatabase>(
      new CompileDatabase(std::move(DB), File.str().str()));
}

std::vector<std::string> CompileDatabase::cudaFiles() const {
  std::vector<std::string> Files;
  for (const std::string &File : DB->getAllFiles()) {
    llvm::StringRef Ext = llvm::sys::path::extension(File);
    if (Ext == ".cu" || Ext == ".cuh")
      Files.push_back(File);
  }
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return Files;
}

std::optional<TranslatedCommand>
CompileDatabase::commandFor(const std::string &File) const {
  llvm::SmallString<256> Absolute(File);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  std::vector<clang::tooling::CompileCommand> Commands =
      DB->getCompileCommands(Absolute);
  if (Commands.empty())
    return std::nullopt;
  // CMake passes nvcc its include directories in an options file.
  auto Read = [](const std::string &Path) -> std::optional<std::string> {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (!Buffer)
      return std::nullopt;
    return (*Buffer)->getBuffer().str();
  };
  return translateCompileCommand(Commands.front().CommandLine,
                                 Commands.front().Directory, Read);
}

} // namespace bankfix
