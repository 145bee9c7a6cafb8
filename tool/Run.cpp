//===- Run.cpp - One bankfix run over its input files ---------------------===//

#include "Run.h"

#include "frontend/fix/ApplyUnits.h"
#include "frontend/fix/FileRewriter.h"
#include "frontend/fix/FixExport.h"
#include "frontend/project/ParallelAnalysis.h"
#include "frontend/report/CoverageStats.h"
#include "frontend/report/DiagnosticFilter.h"
#include "frontend/report/ExplainOutput.h"
#include "frontend/report/JsonReport.h"
#include "frontend/report/SarifReport.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace bankfix;

namespace {

/// What the files' analyses add up to.
struct RunTotals {
  bool AnyFailed = false;
  unsigned ErrorWarnings = 0; ///< warnings in files with warnings-as-errors
  std::vector<Finding> Findings;
  std::vector<AccessRecord> Records;
  std::vector<FixRecord> FixRecords;
  std::vector<RemarkRecord> Remarks;
  std::vector<FileAnalysis::Fix> Fixes;
  std::vector<AccessExplanation> Explanations;
  unsigned ExplainMatches = 0;
  /// --apply rewrites after every file is analysed, so that no file is
  /// analysed after another was rewritten, whatever -j is.
  std::vector<ApplyUnit> Rewrites;
};

template <typename T> void append(std::vector<T> &To, const std::vector<T> &V) {
  To.insert(To.end(), V.begin(), V.end());
}

/// Each file's job: the command line, then its .bankfix.yaml; a file
/// named twice is checked once.
std::vector<FileJob> makeJobs(const RunRequest &Request, RunTotals &Totals) {
  std::vector<FileJob> Jobs;
  llvm::StringSet<> Seen;
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
    Jobs.push_back(makeFileJob(File, {*FileOpts, Request.GpuArchGiven},
                               Request.Database.get()));
  }
  return Jobs;
}

/// Prints one file's output and adds its results to \p Totals.
void takeFile(const RunRequest &Request, const FileJob &Job,
              FileAnalysis &Result, RunTotals &Totals) {
  const std::string &File = Job.Path;
  bool Text = Request.Format == OutputFormat::Text;
  for (const std::string &Warning : Job.Warnings)
    llvm::errs() << "bankfix: warning: " << Warning << "\n";
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
    toolError(Result.Error);
  }
  if (!Request.Quiet)
    llvm::errs() << suppressionSummary(File, Result.SuppressedByNolint,
                                       Result.SuppressedByHeaderFilter);
  if (Request.AccessStats && !Result.Failed)
    llvm::errs() << coverageLine(File, coverageOf(Result.Records));
  if (Job.Opts.WarningsAsErrors)
    Totals.ErrorWarnings += Result.Warnings;
  append(Totals.Findings, Result.Findings);
  append(Totals.Records, Result.Records);
  append(Totals.FixRecords, Result.FixRecords);
  append(Totals.Remarks, Result.Remarks);
  append(Totals.Fixes, Result.Fixes);
  if (Request.Apply && !Result.Failed && !Result.Fixes.empty())
    addApplyUnit(Totals.Rewrites, File, Result);
}

/// Rewrites each group of files that share a fix, all or none.
void applyFixes(RunTotals &Totals) {
  for (const ApplyUnit &Unit : groupApplyUnits(std::move(Totals.Rewrites))) {
    std::string Error = rewriteFiles(Unit.Files);
    if (!Error.empty()) {
      Totals.AnyFailed = true;
      toolError(Error);
      continue;
    }
    std::string Names;
    for (const FileRewrite &F : Unit.Files)
      Names += (Names.empty() ? "" : ", ") + F.Path;
    llvm::errs() << "bankfix: fixed " << Unit.Arrays << " array"
                 << (Unit.Arrays == 1 ? "" : "s") << " in " << Names << "\n";
  }
}

/// The outputs written after every file: exported fixes, JSON, SVGs and
/// SARIF; a tool error's status, or nullopt.
std::optional<int> writeOutputs(const RunRequest &Request,
                                const RunTotals &Totals) {
  if (!Request.ExportFixes.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Request.ExportFixes, EC, llvm::sys::fs::OF_Text);
    if (EC)
      return toolError("cannot write '" + Request.ExportFixes +
                       "': " + EC.message());
    OS << renderFixesYaml(Request.Inputs.front(), Totals.Fixes);
  }
  if (Request.Format == OutputFormat::Json)
    llvm::outs() << renderJson(Totals.Records, Totals.FixRecords,
                               Totals.Remarks);
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
  if (Request.Format == OutputFormat::Sarif) {
    llvm::SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    llvm::outs() << renderSarif(Totals.Findings, BANKFIX_VERSION,
                                std::string(Cwd));
  }
  return std::nullopt;
}

} // namespace

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
  analyzeInOrder(Jobs, Request.Threads,
                 [&](const FileJob &Job, FileAnalysis &Result) {
                   takeFile(Request, Job, Result, Totals);
                 });
  applyFixes(Totals);
  if (std::optional<int> Exit = writeOutputs(Request, Totals))
    return *Exit;
  if (Totals.AnyFailed)
    return 2;
  unsigned N = Totals.ErrorWarnings;
  if (N > 0 && !Request.Quiet)
    llvm::errs() << "bankfix: " << N << " warning" << (N == 1 ? "" : "s")
                 << " treated as errors\n";
  return N > 0 ? 1 : 0;
}
