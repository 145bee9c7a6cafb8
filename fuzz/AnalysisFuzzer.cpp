// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AnalysisFuzzer.cpp - libFuzzer target for the whole analysis -------===//
//
// Each input is a .cu file (the seeds are test/inputs/*.cu): it is written
// to a temporary file and analysed as `bankfix --builtin-prelude FILE`
// would, then in JSON; the padding fixes are applied in memory. Parse
// errors are fine; crashes, sanitizer reports and hangs are not.
//
// The block shapes are the input's own, as in the golden tests: every
// --block-dim=... on its first "// bankfix-args:" line (all kernels or
// KERNEL:XxY), else its launch sites, else the default 32x32. The seeds
// hold each kind; with BANKFIX_FUZZ_PRINT_SHAPES set in the environment
// the fuzzer prints, per input, where each analysed shape came from
// ("shape: kernel-option|option|launch|default"), which fuzz/check-seeds.sh
// counts.
//
//===----------------------------------------------------------------------===//

#include "frontend/fix/FileRewriter.h"
#include "frontend/project/FileAnalyzer.h"
#include "frontend/report/JsonReport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string_view>

using namespace bankfix;

namespace {

/// The file each input is written to, one per process, removed when the
/// process exits.
struct InputFile {
  std::string Path;
  InputFile() {
    llvm::SmallString<128> P;
    llvm::sys::fs::createTemporaryFile("bankfix-fuzz", "cu", P);
    Path = std::string(P);
  }
  ~InputFile() { llvm::sys::fs::remove(Path); }
};

const std::string &inputPath() {
  static const InputFile File;
  return File.Path;
}

/// The --block-dim values on the first "// bankfix-args:" line of the
/// input; values that do not parse are left out.
std::vector<BlockDimOption> blockDimsOfInput(std::string_view Text) {
  std::vector<BlockDimOption> Dims;
  static constexpr std::string_view Marker = "// bankfix-args:";
  size_t At = Text.find(Marker);
  if (At == std::string_view::npos)
    return Dims;
  std::string_view Line = Text.substr(At + Marker.size());
  Line = Line.substr(0, Line.find('\n'));
  std::istringstream Words{std::string(Line)};
  static constexpr std::string_view Option = "--block-dim=";
  for (std::string Word; Words >> Word;) {
    if (Word.compare(0, Option.size(), Option) != 0)
      continue;
    std::string Error;
    if (std::optional<BlockDimOption> Dim =
            parseBlockDimOption(Word.substr(Option.size()), Error))
      Dims.push_back(*Dim);
  }
  return Dims;
}

/// "kernel-option" (--block-dim=KERNEL:...), "option", "launch" or
/// "default": where an analysed shape came from.
const char *originKind(const std::string &Origin) {
  if (Origin.rfind("set with --block-dim=", 0) == 0)
    return "kernel-option";
  if (Origin.rfind("set ", 0) == 0)
    return "option";
  if (Origin.rfind("from the launch", 0) == 0)
    return "launch";
  return "default";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 64 * 1024) // keep each run short; big files have their test
    return 0;
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(inputPath(), EC);
    if (EC)
      return 0;
    OS.write(reinterpret_cast<const char *>(Data), Size);
  }
  AnalysisOptions Opts;
  Opts.Parse.ResourceDir = BANKFIX_CLANG_RESOURCE_DIR;
  Opts.BlockDims = blockDimsOfInput(
      std::string_view(reinterpret_cast<const char *>(Data), Size));
  FileAnalysis Result = analyzeFile(inputPath(), Opts);
  (void)renderJson(Result.Records);
  static const bool PrintShapes = std::getenv("BANKFIX_FUZZ_PRINT_SHAPES");
  if (PrintShapes) {
    std::set<std::string> Kinds;
    for (const AccessRecord &R : Result.Records)
      Kinds.insert(originKind(R.ShapeOrigin));
    for (const std::string &K : Kinds)
      llvm::errs() << "shape: " << K << "\n";
  }
  for (const auto &[File, Content] : Result.ParsedContents) {
    std::string Error;
    std::vector<TextEdit> Edits;
    for (const FileAnalysis::Fix &F : Result.Fixes)
      for (const TextEdit &E : F.Edits)
        if (E.File == File)
          Edits.push_back(E);
    (void)applyEdits(Content, Edits, Error);
  }
  return 0;
}
