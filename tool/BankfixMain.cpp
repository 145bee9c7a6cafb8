//===- BankfixMain.cpp - The bankfix command line -------------------------===//
//
// bankfix [options] FILE... [-- compiler args]
//
// Exit codes: 0 no findings (or findings without --warnings-as-errors),
// 1 findings with --warnings-as-errors, 2 a tool error (bad option, missing,
// unreadable or unparsable file).
//
//===----------------------------------------------------------------------===//

#include "ManPage.h"
#include "ToolkitVersion.h"
#include "core/model/BlockShape.h"
#include "frontend/fix/ApplyUnits.h"
#include "frontend/fix/FileRewriter.h"
#include "frontend/fix/FixExport.h"
#include "frontend/parse/CudaToolchain.h"
#include "frontend/parse/PreambleCache.h"
#include "frontend/project/CompileDatabase.h"
#include "frontend/project/FileAnalyzer.h"
#include "frontend/project/FileSettings.h"
#include "frontend/project/ParallelAnalysis.h"
#include "frontend/report/CoverageStats.h"
#include "frontend/report/DiagnosticFilter.h"
#include "frontend/report/ExplainOutput.h"
#include "frontend/report/JsonReport.h"
#include "frontend/report/SarifReport.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace bankfix;
namespace cl = llvm::cl;

static cl::OptionCategory Category("bankfix options");

static cl::list<std::string> Files(cl::Positional, cl::desc("<file.cu>..."),
                                   cl::cat(Category));

static cl::list<std::string> BlockDimOpt(
    "block-dim",
    cl::desc("Block shape: X, X,Y or X,Y,Z (also XxYxZ) for every kernel,\n"
             "or KERNEL:XxYxZ for one. Repeat it to analyse several shapes.\n"
             "Wins over the launch sites in the file; with neither, 32x32x1\n"
             "is assumed and the diagnostics say so."),
    cl::value_desc("[KERNEL:]X[,Y[,Z]]"), cl::cat(Category));

enum class OutputFormat { Text, Json, Sarif };
static cl::opt<OutputFormat> Format(
    "format", cl::desc("Output format."),
    cl::values(clEnumValN(OutputFormat::Text, "text",
                          "clang-style diagnostics (default)"),
               clEnumValN(OutputFormat::Json, "json",
                          "one JSON document: every access, every kernel"),
               clEnumValN(OutputFormat::Sarif, "sarif",
                          "a SARIF 2.1.0 log (GitHub code scanning)")),
    cl::init(OutputFormat::Text), cl::cat(Category));

static cl::opt<FixStyleChoice> FixStyleOpt(
    "fix-style",
    cl::desc("Fix style of a multi-dimensional array: padding its rows,\n"
             "an XOR swizzle of its columns (no extra memory), or auto:\n"
             "the fewer wavefronts, padding on a tie. The note names what\n"
             "the other would give."),
    cl::values(clEnumValN(FixStyleChoice::Auto, "auto", "either (default)"),
               clEnumValN(FixStyleChoice::Pad, "pad", "row padding"),
               clEnumValN(FixStyleChoice::Swizzle, "swizzle", "XOR swizzle")),
    cl::init(FixStyleChoice::Auto), cl::cat(Category));

static cl::opt<std::string> CudaPathOpt(
    "cuda-path",
    cl::desc("CUDA toolkit to parse with. Default: $CUDA_PATH, $CUDA_HOME,\n"
             "the directory above nvcc on PATH, then /usr/local/cuda."),
    cl::value_desc("dir"), cl::cat(Category));

static cl::opt<bool> BuiltinPreludeOpt(
    "builtin-prelude",
    cl::desc("Parse with bankfix's built-in CUDA prelude even when a toolkit\n"
             "is found (this is what happens when none is found)."),
    cl::cat(Category));

static cl::opt<std::string>
    GpuArchOpt("cuda-gpu-arch",
               cl::desc("GPU architecture to parse for (default sm_90)."),
               cl::value_desc("sm_XX"), cl::init("sm_90"), cl::cat(Category));

static cl::opt<bool> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Exit with status 1 when a bank conflict is reported (also\n"
             "set by WarningsAsErrors in .bankfix.yaml; =false overrides)."),
    cl::cat(Category));

static cl::opt<std::string> HeaderFilterOpt(
    "header-filter",
    cl::desc("Regular expression matching the headers to report conflicts\n"
             "in (default '.*': every header that is not a system header;\n"
             "'' none). The main file's are always reported."),
    cl::value_desc("REGEX"), cl::cat(Category));

static cl::opt<bool>
    Quiet("quiet",
          cl::desc("Do not print how many warnings were suppressed or\n"
                   "treated as errors."),
          cl::cat(Category));

static cl::opt<bool>
    AccessStats("access-stats",
                cl::desc("Print, per file, the shared accesses found, judged,\n"
                         "conflicting and not judged (to stderr)."),
                cl::cat(Category));

static cl::opt<std::string> ConfigFileOpt(
    "config-file",
    cl::desc("Read settings from FILE instead of the .bankfix.yaml found\n"
             "in the directory of each input or above it. The command\n"
             "line wins over either."),
    cl::value_desc("FILE"), cl::cat(Category));

static cl::opt<bool> Apply(
    "apply",
    cl::desc("Rewrite each file with the padding fixes (atomically; never\n"
             "after a parse error or when the file changed meanwhile)."),
    cl::cat(Category));
static cl::alias ApplyAlias("fix", cl::desc("Alias for --apply"),
                            cl::aliasopt(Apply), cl::cat(Category));

static cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the padding fixes to FILE in clang-tidy's YAML format\n"
             "(for clang-apply-replacements)."),
    cl::value_desc("FILE"), cl::cat(Category));

static cl::opt<std::string> ExplainOpt(
    "explain", cl::ValueOptional,
    cl::desc("After the diagnostics, lay out each warned access lane by\n"
             "lane (threadIdx, index, address, word, bank, phase) with the\n"
             "distinct words per bank, before and after the padding; with\n"
             "=FILE:LINE[:COL], the accesses there, conflicting or not."),
    cl::value_desc("FILE:LINE[:COL]"), cl::cat(Category));

static cl::opt<unsigned>
    WarpOpt("warp",
            cl::desc("The warp --explain lays out (default: the worst)."),
            cl::value_desc("N"), cl::cat(Category));

static cl::opt<std::string> ExplainSvgOpt(
    "explain-svg",
    cl::desc("Write an SVG heatmap (lanes x banks, before and after) per\n"
             "access --explain selects (every warned one by default) to DIR."),
    cl::value_desc("DIR"), cl::cat(Category));

// For tests: runs `sh -c CMD` at a point of every --apply rewrite.
static cl::opt<std::string>
    TestRewriteHook("test-rewrite-hook", cl::Hidden,
                    cl::desc("before-check:CMD or before-rename:CMD"),
                    cl::cat(Category));

static cl::opt<cl::boolOrDefault>
    UseColor("use-color",
             cl::desc("Colour the diagnostics (default: only on a terminal)."),
             cl::cat(Category));

static cl::opt<std::string> BuildPath(
    "p",
    cl::desc("Read compile_commands.json from DIR (or the file named): each\n"
             "file is parsed with its flags (nvcc's or clang's); with no\n"
             "FILE, every CUDA file in it is checked."),
    cl::value_desc("DIR"), cl::cat(Category));

static cl::opt<unsigned>
    Threads("j",
            cl::desc("Check N files at a time (0: one per core; default "
                     "1).\nThe output is the same for every N."),
            cl::value_desc("N"), cl::init(1), cl::Prefix, cl::cat(Category));

static cl::opt<bool> PrintParseCommand(
    "print-parse-command",
    cl::desc("Print the clang command each file would be parsed with, and\n"
             "stop."),
    cl::Hidden, cl::cat(Category));

static cl::opt<bool> NoCache(
    "no-cache",
    cl::desc("Parse the CUDA headers every time instead of keeping them\n"
             "precompiled in the cache directory."),
    cl::cat(Category));

static cl::opt<std::string> CacheDirOpt(
    "cache-dir",
    cl::desc("Where the precompiled CUDA headers are kept (default\n"
             "$XDG_CACHE_HOME/bankfix, else ~/.cache/bankfix)."),
    cl::value_desc("dir"), cl::cat(Category));

static cl::opt<bool> WaitForCache(
    "wait-for-cache",
    cl::desc("When the precompiled CUDA headers are missing, build them\n"
             "before parsing (the first run is slower) instead of in a\n"
             "background process while the file is parsed without them."),
    cl::cat(Category));

static cl::opt<bool> BuildPreambleOpt(
    "build-preamble",
    cl::desc("Build the precompiled CUDA headers for the clang command\n"
             "after --, and stop (what the background build runs)."),
    cl::Hidden, cl::cat(Category));

static cl::opt<bool> Verbose("verbose",
                             cl::desc("Say what the cache of precompiled CUDA "
                                      "headers does, on stderr."),
                             cl::cat(Category));

static cl::opt<bool> PrintManPage(
    "print-man-page",
    cl::desc("Print the manual page (roff) made from these options, and\n"
             "stop."),
    cl::Hidden, cl::cat(Category));

static const char Overview[] =
    "finds shared-memory bank conflicts in CUDA code\n\n"
    "  bankfix [options] FILE... [-- compiler args]\n\n"
    "Exit status: 0 no findings (or findings without\n"
    "--warnings-as-errors), 1 findings with --warnings-as-errors,\n"
    "2 a tool error.\n";

/// bankfix's, LLVM's and the CUDA toolkit's versions (the toolkit that
/// files would be parsed with: --cuda-path when given before --version).
static void printVersion(llvm::raw_ostream &OS) {
  OS << "bankfix " << BANKFIX_VERSION << " (LLVM " << LLVM_VERSION_STRING
     << ")\n";
  std::string Error;
  std::optional<CudaToolkit> Toolkit = findCudaToolkit(CudaPathOpt, Error);
  OS << "  CUDA toolkit: ";
  if (Toolkit) {
    std::string Version = cudaToolkitVersion(Toolkit->Path);
    OS << "CUDA " << (Version.empty() ? "(unknown version)" : Version) << " at "
       << Toolkit->Path << " (found via " << Toolkit->FoundVia << ")\n";
  } else {
    OS << (Error.empty() ? "none found" : Error)
       << "; files are parsed with the built-in prelude\n";
  }
  OS << "  clang resource directory: " << BANKFIX_CLANG_RESOURCE_DIR << "\n";
}

static int toolError(const std::string &Message) {
  llvm::errs() << "bankfix: error: " << Message << "\n";
  return 2;
}

int main(int argc, const char **argv) {
  llvm::InitLLVM Init(argc, argv);

  // Everything after `--` goes to clang.
  std::vector<std::string> ExtraArgs;
  int ToolArgc = argc;
  for (int I = 1; I < argc; ++I)
    if (std::strcmp(argv[I], "--") == 0) {
      ToolArgc = I;
      ExtraArgs.assign(argv + I + 1, argv + argc);
      break;
    }

  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  std::string ParseErrors;
  llvm::raw_string_ostream ErrOS(ParseErrors);
  if (!cl::ParseCommandLineOptions(ToolArgc, argv, Overview, &ErrOS)) {
    ErrOS.flush();
    llvm::errs() << ParseErrors;
    return 2;
  }
  if (PrintManPage) {
    ManPageSource Source;
    Source.Version = BANKFIX_VERSION;
    Source.Overview = Overview;
    Source.EnumValues[&Format] = &Format.getParser();
    printManPage(llvm::outs(), Source);
    return 0;
  }
  if (BuildPreambleOpt) {
    PreambleCacheOptions Cache;
    Cache.Enabled = true;
    Cache.Dir = CacheDirOpt;
    Cache.Verbose = Verbose;
    Cache.ToolVersion = BANKFIX_VERSION;
    if (ExtraArgs.empty())
      return toolError("--build-preamble needs a clang command after --");
    return buildPreamble(ExtraArgs, Cache) ? 0 : 1;
  }
  std::unique_ptr<CompileDatabase> Database;
  if (!BuildPath.empty()) {
    std::string Error;
    Database = CompileDatabase::load(BuildPath, Error);
    if (!Database)
      return toolError(Error);
  }
  std::vector<std::string> Inputs(Files.begin(), Files.end());
  if (Inputs.empty() && Database)
    Inputs = Database->cudaFiles();
  if (Inputs.empty())
    return toolError(Database ? "the compile database '" + Database->path() +
                                    "' names no CUDA file (.cu, .cuh)"
                              : "no input files (see --help)");
  setRewriteTestHook(TestRewriteHook);

  AnalysisOptions Opts;
  for (const std::string &Text : BlockDimOpt) {
    std::string Error;
    std::optional<BlockDimOption> Option = parseBlockDimOption(Text, Error);
    if (!Option)
      return toolError("--block-dim: " + Error);
    Opts.BlockDims.push_back(*Option);
  }
  if (!BuiltinPreludeOpt) {
    std::string Error;
    Opts.Parse.Toolkit = findCudaToolkit(CudaPathOpt, Error);
    if (!Error.empty())
      return toolError(Error);
  }
  Opts.Parse.GpuArch = GpuArchOpt;
  Opts.Parse.ResourceDir = BANKFIX_CLANG_RESOURCE_DIR;
  Opts.Parse.ExtraArgs = ExtraArgs;
  Opts.Cache.Enabled = !NoCache;
  Opts.Cache.Dir = CacheDirOpt;
  Opts.Cache.Verbose = Verbose;
  Opts.Cache.ToolVersion = BANKFIX_VERSION;
  if (!WaitForCache)
    Opts.Cache.Builder = llvm::sys::fs::getMainExecutable(
        argv[0], reinterpret_cast<void *>(&toolError));
  if (ExplainOpt.getNumOccurrences() || !ExplainSvgOpt.empty()) {
    Opts.Explain.Enabled = true;
    std::string Error;
    if (!ExplainOpt.empty() &&
        !(Opts.Explain.Place = parseExplainPlace(ExplainOpt, Error)))
      return toolError("--explain=" + Error);
  }
  if (WarpOpt.getNumOccurrences()) {
    if (!Opts.Explain.Enabled)
      return toolError("--warp needs --explain or --explain-svg");
    Opts.Explain.Warp = WarpOpt;
  }
  Opts.FixStyles = FixStyleOpt;
  Opts.Colors = UseColor == cl::BOU_UNSET ? llvm::outs().has_colors()
                                          : UseColor == cl::BOU_TRUE;

  CommandLineSettings CL;
  CL.Options = Opts;
  CL.ConfigFile = ConfigFileOpt;
  if (HeaderFilterOpt.getNumOccurrences()) {
    std::string Error;
    if (!HeaderFilterOpt.empty() &&
        !llvm::Regex(HeaderFilterOpt).isValid(Error))
      return toolError("--header-filter: " + Error);
    CL.HeaderFilter = HeaderFilterOpt;
  }
  if (WarningsAsErrors.getNumOccurrences())
    CL.WarningsAsErrors = WarningsAsErrors;

  // Each file's options: the command line, then its .bankfix.yaml.
  bool AnyFailed = false;
  std::vector<FileJob> Jobs;
  llvm::StringSet<> Seen; // a file named twice is checked once
  for (const std::string &File : Inputs) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(File, Real) && !Seen.insert(Real).second)
      continue;
    std::string SettingsError;
    std::optional<AnalysisOptions> FileOpts =
        settingsFor(File, CL, SettingsError);
    if (!FileOpts) {
      AnyFailed = true;
      toolError(SettingsError);
      continue;
    }
    Jobs.push_back(makeFileJob(
        File, {*FileOpts, GpuArchOpt.getNumOccurrences() > 0}, Database.get()));
  }
  if (PrintParseCommand) {
    for (const FileJob &Job : Jobs)
      llvm::outs() << renderCommandLine(
                          buildParseCommandLine(Job.Opts.Parse, Job.Path))
                   << "\n";
    return AnyFailed ? 2 : 0;
  }

  unsigned ErrorWarnings = 0; // warnings in files with warnings-as-errors
  std::vector<Finding> Findings;
  std::vector<AccessRecord> Records;
  std::vector<FixRecord> FixRecords;
  std::vector<RemarkRecord> Remarks;
  std::vector<FileAnalysis::Fix> AllFixes;
  std::vector<AccessExplanation> Explanations;
  unsigned ExplainMatches = 0;
  // --apply rewrites after every file is analysed, so that no file is
  // analysed after another was rewritten, whatever -j is.
  std::vector<ApplyUnit> Rewrites;
  analyzeInOrder(Jobs, Threads, [&](const FileJob &Job, FileAnalysis &Result) {
    const std::string &File = Job.Path;
    for (const std::string &Warning : Job.Warnings)
      llvm::errs() << "bankfix: warning: " << Warning << "\n";
    // Parse errors are the file's diagnostics in text mode; in JSON mode
    // stdout holds the JSON document alone.
    (Format == OutputFormat::Text ? llvm::outs() : llvm::errs())
        << Result.ParseOutput;
    if (Format == OutputFormat::Text)
      llvm::outs() << Result.Output;
    if (ExplainOpt.getNumOccurrences())
      (Format == OutputFormat::Text ? llvm::outs() : llvm::errs())
          << renderExplainTables(Result.Explanations);
    ExplainMatches += Result.ExplainMatches;
    Explanations.insert(Explanations.end(), Result.Explanations.begin(),
                        Result.Explanations.end());
    llvm::outs().flush();
    if (Result.Failed) {
      AnyFailed = true;
      toolError(Result.Error);
    }
    if (!Quiet)
      llvm::errs() << suppressionSummary(File, Result.SuppressedByNolint,
                                         Result.SuppressedByHeaderFilter);
    if (AccessStats && !Result.Failed)
      llvm::errs() << coverageLine(File, coverageOf(Result.Records));
    if (Job.Opts.WarningsAsErrors)
      ErrorWarnings += Result.Warnings;
    Findings.insert(Findings.end(), Result.Findings.begin(),
                    Result.Findings.end());
    Records.insert(Records.end(), Result.Records.begin(), Result.Records.end());
    FixRecords.insert(FixRecords.end(), Result.FixRecords.begin(),
                      Result.FixRecords.end());
    Remarks.insert(Remarks.end(), Result.Remarks.begin(), Result.Remarks.end());
    AllFixes.insert(AllFixes.end(), Result.Fixes.begin(), Result.Fixes.end());
    if (Apply && !Result.Failed && !Result.Fixes.empty())
      addApplyUnit(Rewrites, File, Result);
  });
  for (const ApplyUnit &Unit : groupApplyUnits(std::move(Rewrites))) {
    std::string Error = rewriteFiles(Unit.Files);
    if (!Error.empty()) {
      AnyFailed = true;
      toolError(Error);
      continue;
    }
    std::string Names;
    for (const FileRewrite &F : Unit.Files)
      Names += (Names.empty() ? "" : ", ") + F.Path;
    llvm::errs() << "bankfix: fixed " << Unit.Arrays << " array"
                 << (Unit.Arrays == 1 ? "" : "s") << " in " << Names << "\n";
  }
  if (!ExportFixes.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(ExportFixes, EC, llvm::sys::fs::OF_Text);
    if (EC)
      return toolError("cannot write '" + ExportFixes + "': " + EC.message());
    OS << renderFixesYaml(Inputs.front(), AllFixes);
  }
  if (Format == OutputFormat::Json)
    llvm::outs() << renderJson(Records, FixRecords, Remarks);
  if (Opts.Explain.Place && ExplainMatches == 0 && !AnyFailed)
    return toolError("--explain=" + ExplainOpt +
                     ": no shared-memory access begins there");
  if (!ExplainSvgOpt.empty()) {
    std::vector<std::string> Written;
    std::string Error = writeExplainSvgs(ExplainSvgOpt, Explanations, Written);
    if (!Error.empty())
      return toolError(Error);
    for (const std::string &Path : Written)
      llvm::errs() << "bankfix: wrote " << Path << "\n";
  }
  if (Format == OutputFormat::Sarif) {
    llvm::SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    llvm::outs() << renderSarif(Findings, BANKFIX_VERSION, std::string(Cwd));
  }
  if (AnyFailed)
    return 2;
  if (ErrorWarnings > 0 && !Quiet)
    llvm::errs() << "bankfix: " << ErrorWarnings << " warning"
                 << (ErrorWarnings == 1 ? "" : "s") << " treated as errors\n";
  return ErrorWarnings > 0 ? 1 : 0;
}
