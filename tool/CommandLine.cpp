// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CommandLine.cpp - bankfix's options, read into one request ---------===//

#include "CommandLine.h"

#include "ManPage.h"
#include "ToolkitVersion.h"
#include "core/access/WorkBudget.h"
#include "frontend/fix/FileRewriter.h"
#include "frontend/parse/CudaToolchain.h"
#include "frontend/parse/PreambleCache.h"

#include "clang/Basic/OffloadArch.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
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

static cl::opt<OutputFormat> Format(
    "format", cl::desc("Output format."),
    cl::values(clEnumValN(OutputFormat::Text, "text",
                          "clang-style diagnostics (default)"),
               clEnumValN(OutputFormat::Json, "json",
                          "one JSON document: every access, every kernel"),
               clEnumValN(OutputFormat::Sarif, "sarif",
                          "a SARIF 2.1.0 log (GitHub code scanning)"),
               clEnumValN(OutputFormat::CodeClimate, "codeclimate",
                          "a Code Quality report (GitLab merge requests)")),
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

static cl::opt<bool> NoSystemHeaders(
    "no-system-headers",
    cl::desc("Do not follow shared memory into the code of system headers\n"
             "(a library's block primitives, such as CUB's): the calls that\n"
             "hand it shared memory are then only named in a remark."),
    cl::cat(Category));

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
// An alias is hidden unless it says otherwise: clang-tidy's users type --fix.
static cl::alias ApplyAlias("fix", cl::desc("Alias for --apply"),
                            cl::aliasopt(Apply), cl::NotHidden,
                            cl::cat(Category));

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
    TestRewriteHook("test-rewrite-hook", cl::ReallyHidden,
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

static cl::opt<uint64_t> MaxAccessWork(
    "max-access-work",
    cl::desc("Lanes bankfix may evaluate to judge one access (all its\n"
             "executions, values and block shapes); past it the access\n"
             "gets a remark and the rest of the file is analysed. Counted\n"
             "work, not time: the same in every run."),
    cl::value_desc("LANES"), cl::init(WorkBudgets().Access), cl::cat(Category));

static cl::opt<uint64_t> MaxFixWork(
    "max-fix-work",
    cl::desc("Lanes one fix search may evaluate over its candidate\n"
             "layouts (at least 8 times the layout as it is); the layout\n"
             "chosen is checked within 4 times as many."),
    cl::value_desc("LANES"), cl::init(WorkBudgets().Fix), cl::cat(Category));

static cl::opt<bool> PrintParseCommand(
    "print-parse-command",
    cl::desc("Print the clang command each file would be parsed with, and\n"
             "stop."),
    cl::cat(Category));

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
    "--warnings-as-errors), 1 findings with --warnings-as-errors\n"
    "or a launch out of bounds, 2 a tool error.\n";

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
  } else if (!Error.empty()) {
    OS << "error: " << Error << "; a run with it stops there\n";
  } else {
    OS << "none found (" << ToolkitSearchOrder
       << "); files are parsed with the built-in prelude\n";
  }
  OS << "  clang resource directory: " << BANKFIX_CLANG_RESOURCE_DIR << "\n";
}

static std::vector<ToolNotification> &notifications() {
  static std::vector<ToolNotification> All;
  return All;
}

const std::vector<ToolNotification> &bankfix::toolNotifications() {
  return notifications();
}

OutputFormat bankfix::requestedFormat() { return Format; }

int bankfix::toolError(const std::string &Message, const std::string &File) {
  llvm::errs() << "bankfix: error: " << Message << "\n";
  notifications().push_back({true, Message, File});
  return 2;
}

void bankfix::toolWarning(const std::string &Message, const std::string &File) {
  llvm::errs() << "bankfix: warning: " << Message << "\n";
  notifications().push_back({false, Message, File});
}

namespace {

/// Parses the options before `--`; what follows goes to clang
/// (\p ExtraArgs). nullopt when the run goes on.
std::optional<int> parseOptions(int Argc, const char **Argv,
                                std::vector<std::string> &ExtraArgs) {
  int ToolArgc = Argc;
  for (int I = 1; I < Argc; ++I)
    if (std::strcmp(Argv[I], "--") == 0) {
      ToolArgc = I;
      ExtraArgs.assign(Argv + I + 1, Argv + Argc);
      break;
    }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  std::string ParseErrors;
  llvm::raw_string_ostream ErrOS(ParseErrors);
  if (!cl::ParseCommandLineOptions(ToolArgc, Argv, Overview, &ErrOS)) {
    ErrOS.flush();
    llvm::errs() << ParseErrors;
    notifications().push_back(
        {true, llvm::StringRef(ParseErrors).trim().str(), ""});
    return 2;
  }
  if (PrintManPage) {
    ManPageSource Source;
    Source.Version = BANKFIX_VERSION;
    Source.Overview = Overview;
    Source.EnumValues[&Format] = &Format.getParser();
    Source.EnumValues[&FixStyleOpt] = &FixStyleOpt.getParser();
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
  return std::nullopt;
}

/// The files to check: those named, else every CUDA file of the compile
/// database.
std::optional<int> findInputs(RunRequest &Request) {
  if (!BuildPath.empty()) {
    std::string Error;
    Request.Database = CompileDatabase::load(BuildPath, Error);
    if (!Request.Database)
      return toolError(Error);
  }
  Request.Inputs.assign(Files.begin(), Files.end());
  if (Request.Inputs.empty() && Request.Database)
    Request.Inputs = Request.Database->cudaFiles();
  if (Request.Inputs.empty())
    return toolError(Request.Database
                         ? "the compile database '" + Request.Database->path() +
                               "' names no CUDA file (.cu, .cuh)"
                         : "no input files (see --help)");
  return std::nullopt;
}

/// The analysis options the command line gives every file.
std::optional<int> analysisOptions(const char *Argv0,
                                   std::vector<std::string> ExtraArgs,
                                   AnalysisOptions &Opts) {
  for (const std::string &Text : BlockDimOpt) {
    std::string Error;
    std::optional<BlockDimOption> Option = parseBlockDimOption(Text, Error);
    if (!Option)
      return toolError("--block-dim: " + Error);
    Opts.BlockDims.push_back(*Option);
  }
  if (!BuiltinPreludeOpt) {
    std::string Error;
    std::vector<std::string> Skipped;
    Opts.Parse.Toolkit = findCudaToolkit(CudaPathOpt, Error, &Skipped);
    if (!Error.empty())
      return toolError(Error);
    for (const std::string &Line : Skipped)
      llvm::errs() << "bankfix: warning: " << Line << "\n";
    if (!Opts.Parse.Toolkit && !Quiet)
      llvm::errs() << "bankfix: warning: no CUDA toolkit found ("
                   << ToolkitSearchOrder
                   << "): parsing with the built-in prelude, which has no "
                      "CUDA library headers (<cuda_fp16.h>, CUB, ...); give "
                      "--cuda-path=DIR, or --builtin-prelude to choose it\n";
  }
  // A name clang does not know would end in a cascade of errors in every
  // file.
  if (!clang::IsNVIDIAOffloadArch(clang::StringToOffloadArch(GpuArchOpt)))
    return toolError("--cuda-gpu-arch=" + GpuArchOpt +
                     ": not an NVIDIA GPU architecture clang knows "
                     "(sm_50 to sm_121a; sm_90 is the H100)");
  if (MaxAccessWork == 0 || MaxFixWork == 0)
    return toolError(std::string(MaxAccessWork == 0 ? "--max-access-work"
                                                    : "--max-fix-work") +
                     "=0: the budget must be at least 1 lane");
  setWorkBudgets({MaxAccessWork, MaxFixWork});
  Opts.Parse.GpuArch = GpuArchOpt;
  Opts.Parse.ResourceDir = BANKFIX_CLANG_RESOURCE_DIR;
  Opts.Parse.ExtraArgs = std::move(ExtraArgs);
  Opts.Cache.Enabled = !NoCache;
  Opts.Cache.Dir = CacheDirOpt;
  Opts.Cache.Verbose = Verbose;
  Opts.Cache.ToolVersion = BANKFIX_VERSION;
  if (!WaitForCache)
    Opts.Cache.Builder = llvm::sys::fs::getMainExecutable(
        Argv0, reinterpret_cast<void *>(&toolError));
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
  Opts.LibraryCode = !NoSystemHeaders;
  // https://no-color.org: NO_COLOR set and not empty turns the default off.
  std::optional<std::string> NoColor = llvm::sys::Process::GetEnv("NO_COLOR");
  bool ColorsByDefault =
      llvm::outs().has_colors() && !(NoColor && !NoColor->empty());
  Opts.Colors =
      UseColor == cl::BOU_UNSET ? ColorsByDefault : UseColor == cl::BOU_TRUE;
  return std::nullopt;
}

} // namespace

std::optional<int> bankfix::parseCommandLine(int Argc, const char **Argv,
                                             RunRequest &Request) {
  std::vector<std::string> ExtraArgs;
  if (std::optional<int> Exit = parseOptions(Argc, Argv, ExtraArgs))
    return Exit;
  if (std::optional<int> Exit = findInputs(Request))
    return Exit;
  setRewriteTestHook(TestRewriteHook);
  CommandLineSettings &CL = Request.Settings;
  if (std::optional<int> Exit =
          analysisOptions(Argv[0], std::move(ExtraArgs), CL.Options))
    return Exit;
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
  Request.GpuArchGiven = GpuArchOpt.getNumOccurrences() > 0;
  Request.Format = Format;
  Request.Quiet = Quiet;
  Request.AccessStats = AccessStats;
  Request.Apply = Apply;
  Request.PrintParseCommand = PrintParseCommand;
  Request.ExportFixes = ExportFixes;
  Request.ExplainTables = ExplainOpt.getNumOccurrences() > 0;
  Request.ExplainText = ExplainOpt;
  Request.ExplainSvgDir = ExplainSvgOpt;
  Request.Threads = Threads;
  return std::nullopt;
}
