//===- NvccCommandLine.h - A compile command, as clang needs it -----------===//
//
// A compile database holds the command that built each file: nvcc's (what
// CMake writes for a CUDA project) or clang's. bankfix parses with its own
// clang command, so from either it keeps only what changes the parse: include
// directories (-I, -isystem, -iquote, -idirafter), macros (-D, -U), -std,
// -include, and the GPU architecture (-arch, --gpu-architecture, -gencode,
// -code, --cuda-gpu-arch, --offload-arch). Everything else (optimisation,
// nvcc-only switches, flags for the host compiler, ptxas or the linker,
// outputs, inputs) is dropped; an options file cannot be followed and is
// reported. Relative paths are made absolute against the command's
// directory.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_NVCCCOMMANDLINE_H
#define BANKFIX_NVCCCOMMANDLINE_H

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

/// Translates \p Argv (argv[0] is the compiler: nvcc, clang, clang++...)
/// run in \p Directory.
TranslatedCommand translateCompileCommand(const std::vector<std::string> &Argv,
                                          const std::string &Directory);

} // namespace bankfix

#endif // BANKFIX_NVCCCOMMANDLINE_H
