// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NvccCommandLine.h - A compile command, as clang needs it -----------===//
//
// A compile database holds the command that built each file: nvcc's (what
// CMake writes for a CUDA project) or clang's. bankfix parses with its own
// clang command, so from either it keeps only what changes the parse: include
// directories (-I, -isystem, -iquote, -idirafter), macros (-D, -U), -std,
// -include, and the GPU architecture (-arch, --gpu-architecture, -gencode,
// -code, --cuda-gpu-arch, --offload-arch). Everything else (optimisation,
// nvcc-only switches, flags for the host compiler, ptxas or the linker,
// outputs, inputs) is dropped. Options files (--options-file, -optf, which
// CMake writes for nvcc's include directories) and @response files are read
// in place through the caller's reader; one that cannot be read is
// reported. Relative paths are made absolute against the command's
// directory.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_NVCCCOMMANDLINE_H
#define BANKFIX_NVCCCOMMANDLINE_H

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

struct TranslatedCommand {
  /// clang arguments: -I/abs, -isystem /abs, -DX, -UX, -std=..., -include
  /// /abs, in the order they were given.
  std::vector<std::string> Args;
  /// The first architecture named ("sm_80"), empty when none or when it is
  /// not a single real one (native, all, all-major).
  std::string GpuArch;
  /// What could not be followed, one line each ("--options-file ...").
  std::vector<std::string> Warnings;
};

/// The contents of a file named by its absolute path; nullopt when it
/// cannot be read.
using OptionsFileReader =
    std::function<std::optional<std::string>(const std::string &)>;

/// Translates \p Argv (argv[0] is the compiler: nvcc, clang, clang++...)
/// run in \p Directory; options and response files are read with
/// \p Read (none when it is empty).
TranslatedCommand translateCompileCommand(const std::vector<std::string> &Argv,
                                          const std::string &Directory,
                                          const OptionsFileReader &Read = {});

/// \p Text split as a shell splits words: blanks separate, quotes group,
/// a backslash escapes the next character.
std::vector<std::string> splitCommandWords(const std::string &Text);

} // namespace bankfix

#endif // BANKFIX_NVCCCOMMANDLINE_H
