//===- FileAnalyzer.h - Parse one CUDA file and report its conflicts ------===//
//
// Runs clang on one file (device side, the toolkit or the built-in prelude),
// finds its shared accesses, evaluates each for the block shape and writes
// the diagnostics, in clang's format, to a buffer: files can be checked in
// any order and printed in a fixed one.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FILEANALYZER_H
#define BANKFIX_FILEANALYZER_H

#include "BlockShape.h"
#include "CudaToolchain.h"

#include <optional>
#include <string>

namespace bankfix {

struct AnalysisOptions {
  ParseCommand Parse;
  /// --block-dim; nullopt: the default shape, said to be assumed.
  std::optional<BlockShape> BlockDim;
  bool Colors = false;
};

struct FileAnalysis {
  std::string Output;  ///< diagnostics, parse errors included
  bool Failed = false; ///< a tool error: the file could not be analysed
  std::string Error;   ///< when Failed: one line saying why
  unsigned Warnings = 0;
};

/// The shape assumed when neither a launch site nor --block-dim says.
constexpr BlockShape DefaultBlockShape{{32, 32, 1}};

FileAnalysis analyzeFile(const std::string &Path, const AnalysisOptions &Opts);

} // namespace bankfix

#endif // BANKFIX_FILEANALYZER_H
