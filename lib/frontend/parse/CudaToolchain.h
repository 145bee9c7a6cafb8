// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CudaToolchain.h - Where CUDA is and how to parse a file with it ----===//
//
// Finds the CUDA toolkit (--cuda-path, then CUDA_PATH / CUDA_HOME, then the
// directory above nvcc on PATH, then /usr/local/cuda) and builds the clang
// command line that parses a file as device-side CUDA, with the toolkit or,
// when there is none, with bankfix's built-in prelude.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_CUDATOOLCHAIN_H
#define BANKFIX_CUDATOOLCHAIN_H

#include <optional>
#include <string>
#include <vector>

namespace bankfix {

struct CudaToolkit {
  std::string Path;
  std::string FoundVia; ///< "--cuda-path", "CUDA_PATH", "nvcc on PATH", ...
};

/// Looks for the toolkit. \p Explicit is --cuda-path's value (empty when not
/// given); an explicit path that holds no toolkit is an error, reported in
/// \p Error. Returns nullopt with an empty \p Error when none was found.
/// \p Skipped, when given, gets one line for each of CUDA_PATH and CUDA_HOME
/// that is set to a directory without a toolkit (looked past).
std::optional<CudaToolkit>
findCudaToolkit(const std::string &Explicit, std::string &Error,
                std::vector<std::string> *Skipped = nullptr);

/// Where findCudaToolkit looks, for messages.
inline constexpr const char *ToolkitSearchOrder =
    "--cuda-path, $CUDA_PATH, $CUDA_HOME, nvcc on PATH, /usr/local/cuda";

/// Where the toolkit keeps CCCL (libcu++, CUB, Thrust) apart from its other
/// headers, as CUDA 13 does: include/cccl, or targets/<arch>-linux/include/
/// cccl; nullopt when it keeps them in include/ (CUDA 12) or not at all.
std::optional<std::string> cudaLibraryIncludeDir(const std::string &Toolkit);

struct ParseCommand {
  std::optional<CudaToolkit> Toolkit; ///< nullopt: the built-in prelude
  std::string GpuArch = "sm_90";
  std::string ResourceDir;            ///< clang's resource directory
  std::vector<std::string> ExtraArgs; ///< the user's, after `--`
};

/// The full clang command line (argv[0] first, the file last).
std::vector<std::string> buildParseCommandLine(const ParseCommand &Cmd,
                                               const std::string &File);

/// \p Args as one line a POSIX shell reads back as the same words.
std::string renderCommandLine(const std::vector<std::string> &Args);

} // namespace bankfix

#endif // BANKFIX_CUDATOOLCHAIN_H
