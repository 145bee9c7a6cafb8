// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CudaToolchain.cpp - Where CUDA is and how to parse a file with it --===//

#include "frontend/parse/CudaToolchain.h"

#include "frontend/parse/BuiltinPrelude.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

namespace bankfix {

static bool holdsToolkit(const std::string &Dir) {
  llvm::SmallString<256> Header(Dir);
  llvm::sys::path::append(Header, "include", "cuda_runtime.h");
  return llvm::sys::fs::exists(Header);
}

std::optional<CudaToolkit> findCudaToolkit(const std::string &Explicit,
                                           std::string &Error,
                                           std::vector<std::string> *Skipped) {
  Error.clear();
  if (!Explicit.empty()) {
    if (holdsToolkit(Explicit))
      return CudaToolkit{Explicit, "--cuda-path"};
    Error = "--cuda-path '" + Explicit +
            "' holds no CUDA toolkit (no include/cuda_runtime.h)";
    return std::nullopt;
  }
  for (const char *Var : {"CUDA_PATH", "CUDA_HOME"})
    if (std::optional<std::string> Dir = llvm::sys::Process::GetEnv(Var)) {
      if (!Dir->empty() && holdsToolkit(*Dir))
        return CudaToolkit{*Dir, Var};
      if (!Dir->empty() && Skipped)
        Skipped->push_back(std::string("$") + Var + " is '" + *Dir +
                           "', which holds no CUDA toolkit (no "
                           "include/cuda_runtime.h); looked further");
    }
  if (llvm::ErrorOr<std::string> Nvcc = llvm::sys::findProgramByName("nvcc")) {
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(*Nvcc, Real))
      Real = *Nvcc;
    std::string Dir =
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(Real)).str();
    if (holdsToolkit(Dir))
      return CudaToolkit{Dir, "nvcc on PATH"};
  }
  if (holdsToolkit("/usr/local/cuda"))
    return CudaToolkit{"/usr/local/cuda", "/usr/local/cuda"};
  return std::nullopt;
}

std::optional<std::string> cudaLibraryIncludeDir(const std::string &Toolkit) {
  // nvcc.profile: -isystem $(TOP)/$(_TARGET_DIR_)/include/cccl, where
  // include/ is usually a link to (or a copy of) targets/<arch>-linux/include.
  std::vector<std::string> TargetDirs;
  switch (llvm::Triple(llvm::sys::getProcessTriple()).getArch()) {
  case llvm::Triple::x86_64:
    TargetDirs = {"x86_64-linux"};
    break;
  case llvm::Triple::aarch64:
    TargetDirs = {"sbsa-linux", "aarch64-linux"};
    break;
  case llvm::Triple::ppc64le:
    TargetDirs = {"ppc64le-linux"};
    break;
  default:
    break;
  }
  llvm::SmallString<256> Dir(Toolkit);
  llvm::sys::path::append(Dir, "include", "cccl");
  if (llvm::sys::fs::is_directory(Dir))
    return std::string(Dir);
  for (const std::string &Target : TargetDirs) {
    Dir = Toolkit;
    llvm::sys::path::append(Dir, "targets", Target, "include", "cccl");
    if (llvm::sys::fs::is_directory(Dir))
      return std::string(Dir);
  }
  return std::nullopt;
}

std::vector<std::string> buildParseCommandLine(const ParseCommand &Cmd,
                                               const std::string &File) {
  std::vector<std::string> Args = {
      "clang++",
      "-x",
      "cuda",
      "--cuda-device-only",
      "--cuda-gpu-arch=" + Cmd.GpuArch,
      "-fsyntax-only",
      // Diagnostics about the user's code are not ours to give; errors still
      // stop the analysis. Clang 22 does not know CUDA 13 yet.
      "-w",
      "-Wno-unknown-cuda-version",
      // Kernels launched from device code (dynamic parallelism) need
      // relocatable device code, which projects that launch them build
      // with (nvcc -rdc=true); a parse sees nothing else of it.
      "-fgpu-rdc",
      "-resource-dir=" + Cmd.ResourceDir,
  };
  if (Cmd.Toolkit) {
    Args.push_back("--cuda-path=" + Cmd.Toolkit->Path);
    // CUDA 13 keeps libcu++, CUB and Thrust (<cuda/std/...>, which
    // <cooperative_groups.h> needs) in include/cccl, which nvcc adds to the
    // system include path and clang does not.
    if (std::optional<std::string> Cccl =
            cudaLibraryIncludeDir(Cmd.Toolkit->Path)) {
      Args.push_back("-isystem");
      Args.push_back(*Cccl);
    }
  } else {
    Args.push_back("-nocudainc");
    Args.push_back("-nocudalib");
    Args.push_back("-include");
    Args.push_back(BuiltinPreludePath);
  }
  Args.insert(Args.end(), Cmd.ExtraArgs.begin(), Cmd.ExtraArgs.end());
  Args.push_back(File);
  return Args;
}

std::string renderCommandLine(const std::vector<std::string> &Args) {
  std::string Line;
  for (const std::string &Arg : Args) {
    if (!Line.empty())
      Line += ' ';
    bool Plain = !Arg.empty() &&
                 Arg.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                       "_-+=/.,:@%") == std::string::npos;
    if (Plain) {
      Line += Arg;
      continue;
    }
    Line += '\'';
    for (char C : Arg) {
      if (C == '\'')
        Line += "'\\''";
      else
        Line += C;
    }
    Line += '\'';
  }
  return Line;
}

} // namespace bankfix
