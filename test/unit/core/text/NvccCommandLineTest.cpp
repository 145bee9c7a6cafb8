// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NvccCommandLineTest.cpp - nvcc and clang commands to clang args ----===//

#include "core/text/NvccCommandLine.h"

#include <gtest/gtest.h>

#include <map>

using namespace bankfix;

namespace {

using Args = std::vector<std::string>;

TranslatedCommand translate(Args Argv, std::string Dir = "/build") {
  return translateCompileCommand(Argv, Dir);
}

TEST(NvccCommandLine, CMakeNvccCommand) {
  // What CMake 3.2x writes for a CUDA target built with Ninja.
  TranslatedCommand T =
      translate({"/usr/local/cuda/bin/nvcc",
                 "-forward-unknown-to-host-compiler",
                 "-DTILE=16",
                 "-I/src/include",
                 "--expt-relaxed-constexpr",
                 "-lineinfo",
                 "-O3",
                 "-DNDEBUG",
                 "-std=c++17",
                 "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
                 "-MD",
                 "-MT",
                 "CMakeFiles/k.dir/k.cu.o",
                 "-MF",
                 "CMakeFiles/k.dir/k.cu.o.d",
                 "-x",
                 "cu",
                 "-c",
                 "/src/k.cu",
                 "-o",
                 "CMakeFiles/k.dir/k.cu.o"});
  EXPECT_EQ(T.Args,
            (Args{"-DTILE=16", "-I/src/include", "-DNDEBUG", "-std=c++17"}));
  EXPECT_EQ(T.GpuArch, "sm_80");
  EXPECT_TRUE(T.Warnings.empty());
}

TEST(NvccCommandLine, KeepsIncludesMacrosStandardAndPreIncludes) {
  TranslatedCommand T = translate({"nvcc",
                                   "-I",
                                   "inc",
                                   "--include-path",
                                   "/abs",
                                   "--include-path=rel2",
                                   "-isystem",
                                   "sys",
                                   "-isystem/abs/sys",
                                   "--system-include=./sys2",
                                   "-iquote",
                                   "q",
                                   "-idirafter",
                                   "/late",
                                   "-D",
                                   "A=1",
                                   "-DB",
                                   "--define-macro",
                                   "C=3",
                                   "--define-macro=D",
                                   "-U",
                                   "E",
                                   "-UF",
                                   "--undefine-macro=G",
                                   "-std",
                                   "c++14",
                                   "--std=c++20",
                                   "-include",
                                   "pre.h",
                                   "--pre-include",
                                   "/abs/pre2.h",
                                   "-imacros",
                                   "m.h",
                                   "k.cu"});
  EXPECT_EQ(
      T.Args,
      (Args{"-I/build/inc", "-I/abs",      "-I/build/rel2", "-isystem",
            "/build/sys",   "-isystem",    "/abs/sys",      "-isystem",
            "/build/sys2",  "-iquote",     "/build/q",      "-idirafter",
            "/late",        "-DA=1",       "-DB",           "-DC=3",
            "-DD",          "-UE",         "-UF",           "-UG",
            "-std=c++14",   "-std=c++20",  "-include",      "/build/pre.h",
            "-include",     "/abs/pre2.h", "-imacros",      "/build/m.h"}));
}

TEST(NvccCommandLine, RelativePathsWithoutDirectoryStayRelative) {
  TranslatedCommand T = translate({"nvcc", "-Iinc", "-I.", "k.cu"}, "");
  EXPECT_EQ(T.Args, (Args{"-Iinc", "-I."}));
  T = translate({"nvcc", "-I.", "-I./a", "-I/b/", "k.cu"}, "/d/");
  EXPECT_EQ(T.Args, (Args{"-I/d/", "-I/d/a", "-I/b/"}));
}

TEST(NvccCommandLine, DropsNvccOnlyFlagsAndTheirValues) {
  TranslatedCommand T = translate({"nvcc",
                                   "--expt-relaxed-constexpr",
                                   "--expt-extended-lambda",
                                   "--extended-lambda",
                                   "-Xcompiler",
                                   "-fPIC,-DHOST_ONLY",
                                   "-Xcompiler=-Wall",
                                   "--compiler-options",
                                   "-DHOST2",
                                   "--compiler-options=-O2",
                                   "-rdc=true",
                                   "-rdc",
                                   "true",
                                   "--relocatable-device-code=true",
                                   "--generate-line-info",
                                   "-lineinfo",
                                   "-x",
                                   "cu",
                                   "-xcu",
                                   "--use_fast_math",
                                   "-use_fast_math",
                                   "-Xptxas",
                                   "-v",
                                   "-Xptxas=-O3",
                                   "--ptxas-options=-v",
                                   "-ccbin",
                                   "/usr/bin/g++-12",
                                   "--compiler-bindir=/usr/bin/g++",
                                   "-G",
                                   "-g",
                                   "-O3",
                                   "-Xlinker",
                                   "-rpath",
                                   "-maxrregcount",
                                   "64",
                                   "--ftz=true",
                                   "-prec-div",
                                   "false",
                                   "-cudart",
                                   "static",
                                   "-Wno-deprecated-gpu-targets",
                                   "-c",
                                   "k.cu",
                                   "-o",
                                   "k.o",
                                   "-DKEPT"});
  EXPECT_EQ(T.Args, (Args{"-DKEPT"}));
  EXPECT_EQ(T.GpuArch, "");
  EXPECT_TRUE(T.Warnings.empty());
}

TEST(NvccCommandLine, ArchSpellings) {
  EXPECT_EQ(translate({"nvcc", "-arch=sm_80", "k.cu"}).GpuArch, "sm_80");
  EXPECT_EQ(translate({"nvcc", "-arch", "sm_75", "k.cu"}).GpuArch, "sm_75");
  EXPECT_EQ(translate({"nvcc", "--gpu-architecture=compute_86"}).GpuArch,
            "sm_86");
  EXPECT_EQ(translate({"nvcc", "--gpu-architecture", "sm_90a"}).GpuArch,
            "sm_90a");
  EXPECT_EQ(translate({"nvcc", "-arch=native"}).GpuArch, "");
  EXPECT_EQ(translate({"nvcc", "-arch=all-major"}).GpuArch, "");
  EXPECT_EQ(translate({"nvcc", "-code=sm_70"}).GpuArch, "sm_70");
  EXPECT_EQ(translate({"nvcc", "-arch=sm_80,sm_90"}).GpuArch, "sm_80");
}

TEST(NvccCommandLine, GencodeSpellings) {
  EXPECT_EQ(
      translate({"nvcc", "-gencode", "arch=compute_70,code=sm_70"}).GpuArch,
      "sm_70");
  EXPECT_EQ(translate({"nvcc", "-gencode=arch=compute_75,code=sm_75"}).GpuArch,
            "sm_75");
  EXPECT_EQ(translate({"nvcc", "--generate-code",
                       "arch=compute_80,code=[compute_80,sm_86]"})
                .GpuArch,
            "sm_86");
  EXPECT_EQ(
      translate({"nvcc", "-gencode=arch=compute_89,code=\"sm_89,compute_89\""})
          .GpuArch,
      "sm_89");
  // Only PTX: the virtual architecture's number.
  EXPECT_EQ(translate({"nvcc", "-gencode", "arch=compute_61,code=compute_61"})
                .GpuArch,
            "sm_61");
  // Several: the first one wins.
  EXPECT_EQ(translate({"nvcc", "-gencode", "arch=compute_70,code=sm_70",
                       "-gencode", "arch=compute_90,code=sm_90"})
                .GpuArch,
            "sm_70");
}

TEST(NvccCommandLine, ClangCudaCommand) {
  TranslatedCommand T =
      translate({"/usr/bin/clang++", "-DTILE=8", "-I/src/include", "-isystem",
                 "/opt/inc", "-O3", "-std=gnu++17", "--cuda-gpu-arch=sm_80",
                 "--cuda-path=/usr/local/cuda", "-x", "cuda", "-fgpu-rdc",
                 "-Wall", "-Werror", "-c", "/src/k.cu", "-o", "k.o"});
  EXPECT_EQ(T.Args, (Args{"-DTILE=8", "-I/src/include", "-isystem", "/opt/inc",
                          "-std=gnu++17"}));
  EXPECT_EQ(T.GpuArch, "sm_80");
  EXPECT_EQ(translate({"clang++", "--offload-arch=sm_90,sm_80"}).GpuArch,
            "sm_90");
  EXPECT_EQ(translate({"clang", "--cuda-gpu-arch", "sm_75"}).GpuArch, "sm_75");
}

TEST(NvccCommandLine, OptionsAndResponseFilesAreReported) {
  TranslatedCommand T = translate({"nvcc", "--options-file", "opts.txt",
                                   "-optf=more.txt", "@rsp.txt", "-DX"});
  EXPECT_EQ(T.Args, (Args{"-DX"}));
  ASSERT_EQ(T.Warnings.size(), 3u);
  EXPECT_EQ(T.Warnings[0], "options file 'opts.txt' is not read");
  EXPECT_EQ(T.Warnings[1], "options file 'more.txt' is not read");
  EXPECT_EQ(T.Warnings[2], "response file 'rsp.txt' is not read");
}

TEST(NvccCommandLine, OptionsAndResponseFilesAreRead) {
  std::map<std::string, std::string> Files = {
      {"/build/CMakeFiles/k.dir/includes_CUDA.rsp",
       "-I/src/include \"-I/src/with space\" -isystem=/opt/inc\n"},
      {"/build/more.txt", "-DMORE=1 @/build/nested.rsp"},
      {"/build/nested.rsp", "--gpu-architecture=sm_75 -DNESTED"},
      {"/build/loop.rsp", "-DLOOP @/build/loop.rsp"}};
  OptionsFileReader Read =
      [&](const std::string &Path) -> std::optional<std::string> {
    auto It = Files.find(Path);
    if (It == Files.end())
      return std::nullopt;
    return It->second;
  };
  TranslatedCommand T = translateCompileCommand(
      {"nvcc", "--options-file", "CMakeFiles/k.dir/includes_CUDA.rsp",
       "-optf=more.txt,missing.txt", "-DX"},
      "/build", Read);
  EXPECT_EQ(T.Args, (Args{"-I/src/include", "-I/src/with space", "-isystem",
                          "/opt/inc", "-DMORE=1", "-DNESTED", "-DX"}));
  EXPECT_EQ(T.GpuArch, "sm_75");
  ASSERT_EQ(T.Warnings.size(), 1u);
  EXPECT_EQ(T.Warnings[0], "options file 'missing.txt' is not read");
  // A file that includes itself stops after a bounded depth, reported.
  TranslatedCommand Loop =
      translateCompileCommand({"nvcc", "@loop.rsp"}, "/build", Read);
  EXPECT_EQ(Loop.Args.size(), 8u);
  ASSERT_EQ(Loop.Warnings.size(), 1u);
  EXPECT_EQ(Loop.Warnings[0], "response file '/build/loop.rsp' is not read");
}

TEST(NvccCommandLine, CommandWordsAreSplitAsAShellSplitsThem) {
  EXPECT_EQ(splitCommandWords(" a  'b c' \"d\\\"e\" f\\ g ''\n"),
            (Args{"a", "b c", "d\"e", "f g", ""}));
}

TEST(NvccCommandLine, MissingValueAtTheEndIsIgnored) {
  EXPECT_TRUE(translate({"nvcc", "-DX", "-I"}).Args == (Args{"-DX"}));
  EXPECT_EQ(translate({"nvcc", "-arch"}).GpuArch, "");
  EXPECT_TRUE(translate({"nvcc"}).Args.empty());
}

} // namespace
