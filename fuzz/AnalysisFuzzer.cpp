//===- AnalysisFuzzer.cpp - libFuzzer target for the whole analysis -------===//
//
// Each input is a .cu file (the seeds are test/inputs/*.cu): it is written
// to a temporary file and analysed as `bankfix --builtin-prelude FILE`
// would, with the default and a second block shape, then in JSON; the
// padding fixes are applied in memory. Parse errors are fine; crashes,
// sanitizer reports and hangs are not.
//
//===----------------------------------------------------------------------===//

#include "frontend/project/FileAnalyzer.h"
#include "frontend/fix/FileRewriter.h"
#include "frontend/report/JsonReport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

using namespace bankfix;

namespace {

const std::string &inputPath() {
  static const std::string Path = [] {
    llvm::SmallString<128> P;
    llvm::sys::fs::createTemporaryFile("bankfix-fuzz", "cu", P);
    return std::string(P);
  }();
  return Path;
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
  // The second shape comes from the input's first byte.
  std::string Error;
  if (Size > 0 && Data[0] % 2)
    Opts.BlockDims.push_back(*parseBlockDimOption("16,8", Error));
  FileAnalysis Result = analyzeFile(inputPath(), Opts);
  (void)renderJson(Result.Records);
  std::vector<TextEdit> Edits;
  for (const FileAnalysis::Fix &F : Result.Fixes)
    Edits.push_back(F.Edit);
  (void)applyEdits(Result.ParsedContent, Edits, Error);
  return 0;
}
