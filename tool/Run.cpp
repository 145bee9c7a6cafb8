// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Run.cpp - One bankfix run over its input files ---------------------===//

#include "Run.h"

#include "ProgressLine.h"

#include "frontend/fix/ApplyUnits.h"
#include "frontend/fix/CrossFileFixes.h"
#include "frontend/fix/FileRewriter.h"
#include "frontend/fix/FixExport.h"
#include "frontend/project/CrossFileLaunches.h"
#include "frontend/project/ParallelAnalysis.h"
#include "frontend/project/RepeatedFindings.h"
#include "frontend/project/RunLaunchScope.h"
#include "frontend/report/CodeClimateReport.h"
#include "frontend/report/CoverageStats.h"
#include "frontend/report/DiagnosticFilter.h"
#include "frontend/report/ExplainOutput.h"
#include "frontend/report/JsonReport.h"
#include "frontend/report/SarifReport.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <iterator>
#include <set>

using namespace bankfix;

namespace {

/// What the files' analyses add up to.
struct RunTotals {
  bool AnyFailed = false;
  unsigned ErrorWarnings = 0; ///< warnings in files with warnings-as-errors
  unsigned Errors = 0;        ///< error-level findings
  unsigned Warnings = 0;      ///< warnings shown
  unsigned FilesChecked = 0, FailedFiles = 0;
  /// Kernel names of --block-dim options that some file has.
  std::set<std::string> BlockDimNamesFound;
  std::vector<Finding> Findings;
  std::vector<AccessRecord> Records;
  std::vector<FixRecord> FixRecords;
  std::vector<RemarkRecord> Remarks;
  std::vector<AccessExplanation> Explanations;
  unsigned ExplainMatches = 0;
  /// Every file's fixes: exported and applied after every file is
  /// analysed, so that fixes that span files are checked against each
  /// other and no file is analysed after another was rewritten, whatever
  /// -j is.
  std::vector<FileFixes> Files;
  /// The header findings reported so far: each is said once.
  RepeatedFindings Repeated;
};

template <typename T> void append(std::vector<T> &To, const std::vector<T> &V) {
  To.insert(To.end(), V.begin(), V.end());
}

/// Each file's job: the command line, then its .bankfix.yaml; a file
/// named twice is checked once.
std::vector<FileJob> makeJobs(const RunRequest &Request, RunTotals &Totals) {
  std::vector<FileJob> Jobs;
  llvm::StringSet<> Seen;
  auto Scope = std::make_shared<const RunLaunchScope>(Request.Inputs,
                                                      Request.Database.get());
  for (const std::string &File : Request.Inputs) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(File, Real) && !Seen.insert(Real).second)
      continue;
    std::string SettingsError;
    std::optional<AnalysisOptions> FileOpts =
        settingsFor(File, Request.Settings, SettingsError);
    if (!FileOpts) {
      Totals.AnyFailed = true;
      toolError(SettingsError);
      continue;
    }
    FileOpts->Scope = Scope;
    Jobs.push_back(makeFileJob(File, {*FileOpts, Request.GpuArchGiven},
                               Request.Database.get()));
  }
  if (Jobs.size() == 1)
    Jobs.front().Opts.KeepUntilExit = true;
  // The cores the files checked at once leave each for its trials.
  unsigned Cores = std::max(1u, llvm::thread::hardware_concurrency());
  unsigned AtOnce = Request.Threads == 0 ? Cores : Request.Threads;
  AtOnce = std::max(1u, std::min<unsigned>(AtOnce, Jobs.size()));
  for (FileJob &Job : Jobs)
    Job.Opts.TrialsAtOnce = std::clamp(Cores / AtOnce, 1u, 4u);
  return Jobs;
}

/// Prints one file's output and adds its results to \p Totals.
void takeFile(const RunRequest &Request, const FileJob &Job,
              FileAnalysis &Result, RunTotals &Totals, ProgressLine &Progress) {
  const std::string &File = Job.Path;
  Progress.clear();
  Totals.Repeated.dropRepeated(File, Result);
  bool Text = Request.Format == OutputFormat::Text;
  for (const std::string &Warning : Job.Warnings)
    toolWarning(Warning, File);
  // Parse errors are the file's diagnostics in text mode; in JSON mode
  // stdout holds the JSON document alone.
  (Text ? llvm::outs() : llvm::errs()) << Result.ParseOutput;
  if (Text)
    llvm::outs() << Result.Output;
  if (Request.ExplainTables)
    (Text ? llvm::outs() : llvm::errs())
        << renderExplainTables(Result.Explanations);
  Totals.ExplainMatches += Result.ExplainMatches;
  append(Totals.Explanations, Result.Explanations);
  llvm::outs().flush();
  if (Result.Failed) {
    Totals.AnyFailed = true;
    ++Totals.FailedFiles;
    toolError(Result.Error, File);
  }
  if (!Request.Quiet)
    llvm::errs() << suppressionSummary(File, Result.SuppressedByNolint,
                                       Result.SuppressedByHeaderFilter);
  if (Request.AccessStats && !Result.Failed)
    llvm::errs() << coverageLine(File, coverageOf(Result.Records));
  if (Job.Opts.WarningsAsErrors)
    Totals.ErrorWarnings += Result.Warnings;
  Totals.Warnings += Result.Warnings;
  ++Totals.FilesChecked;
  Totals.Errors += Result.Errors;
  Totals.BlockDimNamesFound.insert(Result.BlockDimNamesFound.begin(),
                                   Result.BlockDimNamesFound.end());
  append(Totals.Findings, Result.Findings);
  append(Totals.Records, Result.Records);
  append(Totals.FixRecords, Result.FixRecords);
  append(Totals.Remarks, Result.Remarks);
  Totals.Files.push_back(
      {File, Job.Opts.Parse.ExtraArgs,
       Result.Failed && !Result.FixesBesideErrors, std::move(Result.Fixes),
       std::move(Result.ParsedContents), std::move(Result.HeaderBuffers)});
  Progress.advance(File);
}

/// Rewrites each group of files that share a fix, all or none.
void applyFixes(RunTotals &Totals) {
  for (const ApplyUnit &Unit : applyUnits(Totals.Files)) {
    std::string Error = rewriteFiles(Unit.Files);
    if (!Error.empty()) {
      Totals.AnyFailed = true;
      toolError(Error);
      continue;
    }
    std::string Names;
    for (const FileRewrite &F : Unit.Files)
      Names += (Names.empty() ? "" : ", ") + F.Path;
    size_t N = Unit.Arrays.size();
    llvm::errs() << "bankfix: fixed " << N << " array" << (N == 1 ? "" : "s")
                 << " in " << Names << "\n";
  }
}

/// The outputs written after every file: exported fixes, JSON and SVGs; a
/// tool error's status, or nullopt.
std::optional<int> writeOutputs(const RunRequest &Request,
                                const RunTotals &Totals) {
  if (!Request.ExportFixes.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Request.ExportFixes, EC, llvm::sys::fs::OF_Text);
    if (EC)
      return toolError("cannot write '" + Request.ExportFixes +
                       "': " + EC.message());
    std::vector<FileAnalysis::Fix> Fixes;
    for (const FileFixes &File : Totals.Files)
      append(Fixes, File.Fixes);
    OS << renderFixesYaml(Request.Inputs.front(), Fixes);
  }
  if (Request.Format == OutputFormat::Json) {
    std::vector<Finding> Errors;
    std::copy_if(Totals.Findings.begin(), Totals.Findings.end(),
                 std::back_inserter(Errors), [](const Finding &F) {
                   return F.Level == FindingLevel::Error &&
                          !F.SuppressedByNolint;
                 });
    llvm::outs() << renderJson(Totals.Records, Totals.FixRecords,
                               Totals.Remarks, Errors);
  }
  if (Request.Settings.Options.Explain.Place && Totals.ExplainMatches == 0 &&
      !Totals.AnyFailed)
    return toolError("--explain=" + Request.ExplainText +
                     ": no shared-memory access begins there");
  if (!Request.ExplainSvgDir.empty()) {
    std::vector<std::string> Written;
    std::string Error =
        writeExplainSvgs(Request.ExplainSvgDir, Totals.Explanations, Written);
    if (!Error.empty())
      return toolError(Error);
    for (const std::string &Path : Written)
      llvm::errs() << "bankfix: wrote " << Path << "\n";
  }
  return std::nullopt;
}

/// "bankfix: 3 files checked: 2 warnings, 1 error, 4 places not judged,
/// 1 file failed" after a run over more than one file; a place not judged
/// is an access bankfix cannot model or shared memory it cannot follow
/// (each said as a remark).
void printSummary(const RunTotals &Totals) {
  auto Count = [](unsigned N, const char *One, const char *Many) {
    return std::to_string(N) + " " + (N == 1 ? One : Many);
  };
  llvm::errs() << "bankfix: " << Count(Totals.FilesChecked, "file", "files")
               << " checked: " << Count(Totals.Warnings, "warning", "warnings")
               << ", " << Count(Totals.Errors, "error", "errors") << ", "
               << Count(coverageOf(Totals.Records).NotJudged +
                            unsigned(Totals.Remarks.size()),
                        "place not judged", "places not judged")
               << ", " << Count(Totals.FailedFiles, "file", "files")
               << " failed\n";
}

} // namespace

void bankfix::writeReport(OutputFormat Format,
                          const std::vector<Finding> &Findings) {
  if (Format != OutputFormat::Sarif && Format != OutputFormat::CodeClimate)
    return;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  llvm::outs() << (Format == OutputFormat::Sarif
                       ? renderSarif(Findings, toolNotifications(),
                                     BANKFIX_VERSION, std::string(Cwd))
                       : renderCodeClimate(Findings, std::string(Cwd)));
}

namespace {} // namespace

int bankfix::runBankfix(const RunRequest &Request) {
  RunTotals Totals;
  std::vector<FileJob> Jobs = makeJobs(Request, Totals);
  if (Request.PrintParseCommand) {
    for (const FileJob &Job : Jobs)
      llvm::outs() << renderCommandLine(
                          buildParseCommandLine(Job.Opts.Parse, Job.Path))
                   << "\n";
    return Totals.AnyFailed ? 2 : 0;
  }
  if (Jobs.size() == 1) {
    ProgressLine Progress(Jobs.size(), !Request.Quiet);
    analyzeInOrder(Jobs, Request.Threads,
                   [&](const FileJob &Job, FileAnalysis &Result) {
                     takeFile(Request, Job, Result, Totals, Progress);
                   });
  } else {
    // Every file first, then again those whose kernels only other files
    // launch (CrossFileLaunches.h); reported in the files' order.
    std::vector<FileAnalysis> Results(Jobs.size());
    {
      ProgressLine Progress(Jobs.size(), !Request.Quiet);
      analyzeInOrder(Jobs, Request.Threads,
                     [&](const FileJob &Job, FileAnalysis &Result) {
                       Progress.advance(Job.Path);
                       Results[&Job - Jobs.data()] = std::move(Result);
                     });
      followLaunchesAcrossFiles(Jobs, Results, Request.Threads);
      Progress.clear();
    }
    ProgressLine NoProgress(Jobs.size(), false);
    for (size_t I = 0; I < Jobs.size(); ++I) {
      takeFile(Request, Jobs[I], Results[I], Totals, NoProgress);
      Results[I] = FileAnalysis();
    }
  }
  if (!Totals.AnyFailed)
    for (const BlockDimOption &O : Request.Settings.Options.BlockDims)
      if (!O.Kernel.empty() && !Totals.BlockDimNamesFound.count(O.Kernel)) {
        Totals.AnyFailed = true;
        toolError("--block-dim=" + O.Kernel + ":" + O.Shape.str() +
                  ": no kernel or device function named '" + O.Kernel +
                  "' in the files checked");
      }
  for (const std::string &Line : keepConsistentFixes(Totals.Files))
    toolWarning(Line);
  if (Request.Apply)
    applyFixes(Totals);
  std::optional<int> Exit = writeOutputs(Request, Totals);
  writeReport(Request.Format, Totals.Findings);
  if (Totals.FilesChecked > 1 && !Request.Quiet)
    printSummary(Totals);
  if (Exit)
    return *Exit;
  if (Totals.AnyFailed)
    return 2;
  unsigned N = Totals.ErrorWarnings;
  if (N > 0 && !Request.Quiet)
    llvm::errs() << "bankfix: " << N << " warning" << (N == 1 ? "" : "s")
                 << " treated as errors\n";
  return N > 0 || Totals.Errors > 0 ? 1 : 0;
}
