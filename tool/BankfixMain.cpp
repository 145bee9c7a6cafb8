//===- BankfixMain.cpp - The bankfix command line -------------------------===//
//
// bankfix [options] FILE... [-- compiler args]
//
// Exit codes: 0 no findings (or findings without --warnings-as-errors),
// 1 findings with --warnings-as-errors, 2 a tool error (bad option, missing,
// unreadable or unparsable file).
//
//===----------------------------------------------------------------------===//

#include "BlockShape.h"
#include "CudaToolchain.h"
#include "FileAnalyzer.h"
#include "FileRewriter.h"
#include "FixExport.h"
#include "JsonReport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
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

enum class OutputFormat { Text, Json };
static cl::opt<OutputFormat> Format(
    "format", cl::desc("Output format."),
    cl::values(clEnumValN(OutputFormat::Text, "text",
                          "clang-style diagnostics (default)"),
               clEnumValN(OutputFormat::Json, "json",
                          "one JSON document: every access, every kernel")),
    cl::init(OutputFormat::Text), cl::cat(Category));

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
    cl::desc("Exit with status 1 when a bank conflict is reported."),
    cl::cat(Category));

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

// For tests: runs `sh -c CMD` at a point of every --apply rewrite.
static cl::opt<std::string>
    TestRewriteHook("test-rewrite-hook", cl::Hidden,
                    cl::desc("before-check:CMD or before-rename:CMD"),
                    cl::cat(Category));

static cl::opt<cl::boolOrDefault>
    UseColor("use-color",
             cl::desc("Colour the diagnostics (default: only on a terminal)."),
             cl::cat(Category));

static void printVersion(llvm::raw_ostream &OS) {
  OS << "bankfix " << BANKFIX_VERSION << " (LLVM " << LLVM_VERSION_STRING
     << ")\n";
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
  if (!cl::ParseCommandLineOptions(
          ToolArgc, argv,
          "finds shared-memory bank conflicts in CUDA code\n\n"
          "  bankfix [options] FILE... [-- compiler args]\n\n"
          "Exit status: 0 no findings (or findings without\n"
          "--warnings-as-errors), 1 findings with --warnings-as-errors,\n"
          "2 a tool error.\n",
          &ErrOS)) {
    ErrOS.flush();
    llvm::errs() << ParseErrors;
    return 2;
  }
  if (Files.empty())
    return toolError("no input files (see --help)");
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
  Opts.Colors = UseColor == cl::BOU_UNSET ? llvm::outs().has_colors()
                                          : UseColor == cl::BOU_TRUE;

  bool AnyFailed = false;
  unsigned Warnings = 0;
  std::vector<AccessRecord> Records;
  std::vector<FileAnalysis::Fix> AllFixes;
  for (const std::string &File : Files) {
    FileAnalysis Result = analyzeFile(File, Opts);
    // Parse errors are the file's diagnostics in text mode; in JSON mode
    // stdout holds the JSON document alone.
    (Format == OutputFormat::Text ? llvm::outs() : llvm::errs())
        << Result.ParseOutput;
    if (Format == OutputFormat::Text)
      llvm::outs() << Result.Output;
    llvm::outs().flush();
    if (Result.Failed) {
      AnyFailed = true;
      toolError(Result.Error);
    }
    Warnings += Result.Warnings;
    Records.insert(Records.end(), Result.Records.begin(), Result.Records.end());
    AllFixes.insert(AllFixes.end(), Result.Fixes.begin(), Result.Fixes.end());
    if (Apply && !Result.Failed && !Result.Fixes.empty()) {
      std::vector<TextEdit> Edits;
      for (const FileAnalysis::Fix &F : Result.Fixes)
        Edits.push_back(F.Edit);
      std::string Error = rewriteFile(File, Result.ParsedContent, Edits);
      if (!Error.empty()) {
        AnyFailed = true;
        toolError(Error);
      } else {
        llvm::errs() << "bankfix: padded " << Edits.size() << " array"
                     << (Edits.size() == 1 ? "" : "s") << " in " << File
                     << "\n";
      }
    }
  }
  if (!ExportFixes.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(ExportFixes, EC, llvm::sys::fs::OF_Text);
    if (EC)
      return toolError("cannot write '" + ExportFixes + "': " + EC.message());
    OS << renderFixesYaml(Files.front(), AllFixes);
  }
  if (Format == OutputFormat::Json)
    llvm::outs() << renderJson(Records);
  if (AnyFailed)
    return 2;
  return WarningsAsErrors && Warnings > 0 ? 1 : 0;
}
