// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CompileDatabase.h - The build's compile commands, for bankfix ------===//
//
// `-p BUILD_DIR` reads BUILD_DIR/compile_commands.json (or the file named):
// which CUDA files the build compiles, and with which flags. Each file's
// command, nvcc's or clang's, is translated into the clang arguments that
// change its parse (NvccCommandLine).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_COMPILEDATABASE_H
#define BANKFIX_COMPILEDATABASE_H

#include "core/text/NvccCommandLine.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

class CompileDatabase {
public:
  /// Loads \p Path: a directory holding compile_commands.json, or the file.
  /// nullptr with \p Error set when it cannot be read.
  static std::unique_ptr<CompileDatabase> load(const std::string &Path,
                                               std::string &Error);

  /// Every CUDA file (.cu, .cuh) in the database, absolute, sorted, once.
  std::vector<std::string> cudaFiles() const;

  /// The first command that compiles \p File, translated; nullopt when the
  /// database has none.
  std::optional<TranslatedCommand> commandFor(const std::string &File) const;

  /// Where it was read from, for messages.
  const std::string &path() const { return Path; }

private:
  CompileDatabase(std::unique_ptr<clang::tooling::CompilationDatabase> DB,
                  std::string Path)
      : DB(std::move(DB)), Path(std::move(Path)) {}

  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  std::string Path;
};

} // namespace bankfix

#endif // BANKFIX_COMPILEDATABASE_H
