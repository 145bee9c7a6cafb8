// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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

#include "core/explain/AccessExplanation.h"
#include "core/explain/ExplainRequest.h"
#include "core/fix/FixPlan.h"
#include "core/fix/TextEdit.h"
#include "core/model/BlockShape.h"
#include "core/result/AccessRecord.h"
#include "core/result/Finding.h"
#include "core/result/FixRecord.h"
#include "core/result/RemarkRecord.h"
#include "frontend/analysis/BlockShapeChoice.h"
#include "frontend/fix/LaunchScope.h"
#include "frontend/parse/CudaToolchain.h"
#include "frontend/parse/PreambleCache.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace bankfix {

struct AnalysisOptions {
  ParseCommand Parse;
  /// --block-dim values, for all kernels or one.
  std::vector<BlockDimOption> BlockDims;
  /// --fix-style: the fix styles a multi-dimensional array may get.
  FixStyleChoice FixStyles = FixStyleChoice::Auto;
  bool Colors = false;
  /// --explain, --explain-svg and --warp.
  ExplainRequest Explain;
  /// Headers whose conflicts are reported (--header-filter, clang-tidy's
  /// default: every header that is not a system header).
  std::string HeaderFilter = ".*";
  /// Follow shared memory into system headers' code (--no-system-headers
  /// clears it); its accesses are reported at the user's call.
  bool LibraryCode = true;
  /// Whether a reported conflict makes the exit status 1.
  bool WarningsAsErrors = false;
  /// The precompiled CUDA preamble (--no-cache, --cache-dir, --verbose).
  PreambleCacheOptions Cache;
  /// Which files' launches the run sees (null: this file alone).
  std::shared_ptr<const LaunchScope> Scope;
  /// The launches the other files of the run make of this file's kernels.
  std::shared_ptr<const ForeignLaunches> Foreign;
  /// How many trials of a skew macro's values run at once
  /// (NamedConstantFix.h): the cores the run leaves each file, at most 4.
  unsigned TrialsAtOnce = 1;
  /// The process ends after this file: its analysis (millions of small
  /// objects for a file of unrolled tiles) is left to the exit to free, as
  /// clang's -disable-free leaves its AST.
  bool KeepUntilExit = false;
};

struct FileAnalysis {
  std::string ParseOutput; ///< clang's errors, when the parse failed
  std::string Output;      ///< bankfix's diagnostics
  bool Failed = false;     ///< a tool error: the file could not be analysed
  std::string Error;       ///< when Failed: one line saying why
  /// Failed only because functions holding errors were not analysed, and
  /// every fix is out of their reach (FixesBesideErrors): --apply may
  /// still write the fixes.
  bool FixesBesideErrors = false;
  unsigned Warnings = 0;
  /// The kernel names of --block-dim=NAME:SHAPE options (not a config
  /// file's) that name a function of this file.
  std::set<std::string> BlockDimNamesFound;
  /// Errors shown: launches that give too little dynamic shared memory.
  unsigned Errors = 0;
  /// Conflict warnings not shown: NOLINT comments, headers outside the
  /// header filter.
  unsigned SuppressedByNolint = 0, SuppressedByHeaderFilter = 0;
  /// Every warning shown, for --format=sarif.
  std::vector<Finding> Findings;
  std::vector<AccessRecord> Records; ///< one per access and block shape
  /// Shared memory not followed, as shown (--format=json).
  std::vector<RemarkRecord> Remarks;

  /// A fix, with the first warning it answers: its edits, in this file
  /// and the headers it includes.
  struct Fix {
    std::string Message; ///< the warning, without the check name
    std::string File;    ///< where the warning is
    unsigned Offset = 0;
    std::vector<TextEdit> Edits;
    /// For the fix of an extern buffer declared in a header (it grows the
    /// launches of every file that includes it): headerBufferKey's.
    std::string HeaderBuffer;
    std::string Buffer; ///< "'s' (k.cuh:2:27)"
  };
  std::vector<Fix> Fixes;
  /// Per conflicting extern buffer declared in a header, by
  /// headerBufferKey: empty when this file's analysis fixes it, otherwise
  /// why not. Files that fix it while another does not must not be
  /// rewritten (CrossFileFixes).
  std::map<std::string, std::string> HeaderBuffers;
  /// Per conflicting declaration: its fix or why none (--format=json).
  std::vector<FixRecord> FixRecords;
  /// With Explain: the accesses asked for, one per block shape.
  std::vector<AccessExplanation> Explanations;
  /// Accesses that --explain=FILE:LINE[:COL] named (explained or not).
  unsigned ExplainMatches = 0;
  /// The main file's bytes as parsed.
  std::string ParsedContent;
  /// Launches of kernels this file declares but does not define, for the
  /// files of the run that define them.
  ForeignLaunches LaunchesForOtherFiles;
  /// The kernels (kernelLinkName) defined here whose launches in another
  /// file of the run matter: those no launch here names and whose shape
  /// was assumed, and those with an extern buffer, whose fix grows the
  /// byte count of every launch.
  std::set<std::string> KernelsLaunchedElsewhere;
  /// Every file a fix edits, named as the edits name it, with its bytes as
  /// parsed: --apply rewrites only these.
  std::map<std::string, std::string> ParsedContents;
};

/// "REAL_PATH:OFFSET" of a declaration in a header.
std::string headerBufferKey(const std::string &HeaderRealPath, unsigned Offset);

FileAnalysis analyzeFile(const std::string &Path, const AnalysisOptions &Opts);

} // namespace bankfix

#endif // BANKFIX_FILEANALYZER_H
