// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FileAnalyzer.cpp - Parse one CUDA file and report its conflicts ----===//

#include "frontend/project/FileAnalyzer.h"
#include "frontend/project/ConstantTrial.h"

#include "core/access/AccessSummary.h"
#include "frontend/analysis/AccessExplainer.h"
#include "frontend/analysis/BlockShapeChoice.h"
#include "frontend/analysis/LaunchSites.h"
#include "frontend/analysis/SharedAccessFinder.h"
#include "frontend/fix/ArrayFixes.h"
#include "frontend/fix/FixesBesideErrors.h"
#include "frontend/parse/BuiltinPrelude.h"
#include "frontend/parse/DirectiveRecord.h"
#include "frontend/parse/ErrorRecorder.h"
#include "frontend/parse/FunctionErrors.h"
#include "frontend/parse/InputFile.h"
#include "frontend/parse/NestingDepth.h"
#include "frontend/parse/PreambleCache.h"
#include "frontend/parse/SharedObjectRecovery.h"
#include "frontend/pipeline/NamedConstantFix.h"
#include "frontend/pipeline/Pipeline.h"
#include "frontend/report/ConflictReporter.h"
#include "frontend/report/DiagnosticFilter.h"
#include "frontend/report/NolintNoteFilter.h"
#include "frontend/report/RecordingSink.h"
#include "frontend/report/ResultRecords.h"
#include "frontend/report/SourcePlace.h"
#include "frontend/report/UnitReport.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/thread.h"

#include <map>
#include <set>

using namespace clang;

namespace bankfix {

namespace {

/// How far a parse with errors got: the device functions that hold an error
/// are not analysed, the others are.
struct PartialParse {
  explicit PartialParse(const ErrorRecorder &Errors) : Errors(Errors) {}
  const ErrorRecorder &Errors;
  /// Whether clang began parsing the file (it loaded the preamble).
  bool Began = false;
  /// Whether the AST was analysed at all (no fatal error stopped clang).
  bool Reached = false;
  unsigned Analysed = 0; ///< device functions walked (each instantiation)
  /// One line each, in clang's format, for the device functions skipped.
  std::string NotAnalysed;
  unsigned NotAnalysedCount = 0;
  /// The fixes were checked against the functions holding errors.
  bool FixesChecked = false;
};

class AnalysisConsumer : public ASTConsumer, public UnitReportObserver {
public:
  AnalysisConsumer(CompilerInstance &CI, const AnalysisOptions &Opts,
                   const std::vector<std::string> &Args, FileAnalysis &Result,
                   llvm::raw_ostream &OS, PartialParse &Parse)
      : CI(CI), SM(CI.getSourceManager()), Opts(Opts), Args(Args),
        Result(Result), OS(OS), Parse(Parse) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    // After a fatal error (a missing header, too many errors) clang reports
    // nothing more: what is left cannot be told apart from what is clean.
    if (CI.getDiagnostics().hasFatalErrorOccurred())
      return;
    Parse.Reached = true;
    Ctx = &Context;
    if (tooDeep())
      return;
    Result.ParsedContent = SM.getBufferData(SM.getMainFileID()).str();
    bool HadErrors = CI.getDiagnostics().hasErrorOccurred();
    if (HadErrors && CI.hasSema())
      recoverSharedObjectInstances(CI.getSema(), Parse.Errors.acceptedByNvcc());
    PipelineResult U = runPipeline(
        Context, Opts.BlockDims, Opts.Scope.get(),
        [&](const FunctionDecl &F) {
          if (HadErrors && functionHasErrors(F, Parse.Errors.errorLocations(),
                                             Parse.Errors.acceptedByNvcc())) {
            skip(F);
            return false;
          }
          ++Parse.Analysed;
          return true;
        },
        Opts.FixStyles, Opts.Foreign.get(), Opts.LibraryCode);
    Unit = &U;
    // A tile padded through its macro is judged by parsing the file again
    // with the macro changed: only where the parse was clean.
    if (!HadErrors && Opts.FixStyles != FixStyleChoice::Swizzle)
      planNamedConstantFixes(Context, U, Directives,
                             [&](const std::string &File,
                                 const std::vector<std::string> &Contents) {
                               return runConstantTrials(Args, Opts, File,
                                                        Contents);
                             });
    noteLaunchesAcrossFiles(Context, U);
    if (Opts.Foreign)
      refuseGrowthElsewhere(U, *Opts.Foreign);
    // With errors, a fix that code clang could not follow may reach is
    // withdrawn; the others stay (FixesBesideErrors.h).
    if (HadErrors) {
      FunctionsWithErrors Broken(Context, Parse.Errors.errorLocations(),
                                 Parse.Errors.acceptedByNvcc());
      for (ArrayFix &Fix : U.Fixes)
        if (std::string Why = Broken.reach(Fix); !Why.empty()) {
          Fix.Refusal = Why;
          Fix.Edits.clear();
        }
      Parse.FixesChecked = true;
    }
    for (const BlockDimOption &O : Opts.BlockDims)
      if (!O.Kernel.empty() && O.ConfigFile.empty() &&
          namesAFunctionOf(O, Context))
        Result.BlockDimNamesFound.insert(O.Kernel);
    TextDiagnosticSink Text(OS, Opts.Colors, CI.getLangOpts(),
                            CI.getPreprocessor());
    RecordingSink Shown(SM, CI.getLangOpts(), &Text, &OS);
    RecordingSink Suppressed(SM, CI.getLangOpts(), nullptr);
    DiagnosticFilter Filter(SM, Opts.HeaderFilter);
    // Notes on a NOLINT line are dropped as clang-tidy drops them.
    NolintNoteFilter ShownNotes(Filter, Shown);
    ConflictReporter Reporter(ShownNotes), SuppressedReporter(Suppressed);
    Recorded = &Shown;
    UnitReportOptions ReportOpts;
    ReportOpts.NolintSuppressed = &SuppressedReporter;
    reportUnit(Context, U, Filter, Reporter, *this, ReportOpts);
    Recorded = nullptr;
    Result.Warnings = Reporter.warnings();
    Result.Errors = Reporter.errors();
    Result.Findings = std::move(Shown.findings());
    for (Finding &F : Suppressed.findings()) {
      F.SuppressedByNolint = true;
      Result.Findings.push_back(std::move(F));
    }
    for (const ArrayFix &Fix : U.Fixes) {
      Result.FixRecords.push_back(fixRecord(SM, Fix));
      std::string Key = headerBufferOf(Fix);
      if (!Key.empty())
        Result.HeaderBuffers[Key] = Fix.fixes()            ? ""
                                    : !Fix.Refusal.empty() ? Fix.Refusal
                                    : !Fix.Plan.WhyNot.empty()
                                        ? Fix.Plan.WhyNot
                                        : "no fix lowers its wavefronts";
    }
    Unit = nullptr;
    if (Opts.KeepUntilExit)
      llvm::BuryPointer(std::make_unique<PipelineResult>(std::move(U)));
  }

  /// What the preprocessor read and skipped (filled while clang parses).
  DirectiveRecord Directives;

  void remark(const WalkRemark &R) override {
    Result.Remarks.push_back(remarkRecord(SM, R));
  }

  void unsupported(size_t I, FilterVerdict Verdict) override {
    const FoundAccess &Access = Unit->Found.Accesses[I];
    Result.Records.push_back(accessRecord(
        SM, Access, {DefaultBlockShape, "", ShapeSource::Assumed}));
    Result.Records.back().Problem = Access.Unsupported;
    explain(Access, nullptr, {DefaultBlockShape, "", ShapeSource::Assumed},
            nullptr, false);
    Result.Records.back().SuppressedBy = suppressionName(Verdict);
  }

  void carried(const std::string &Warning,
               const std::vector<const ArrayFix *> &Fixes,
               const FoundAccess &Access) override {
    // The warning just said is the last finding recorded.
    Finding *F = Recorded->last();
    for (const ArrayFix *Fix : Fixes) {
      Finding::FixDescription D =
          exportFix(*Fix, Warning, SM.getExpansionLoc(Access.Loc));
      if (F)
        F->Fixes.push_back(std::move(D));
    }
  }

  void judged(size_t I, size_t K, FilterVerdict Verdict,
              const std::optional<std::string> &Warning) override {
    const FoundAccess &Access = Unit->Found.Accesses[I];
    const BlockShapeChoice &Block = Unit->Choices[I][K];
    const AccessSummary &S = Unit->Summaries[I][K];
    if (Verdict != FilterVerdict::Show && warns(S))
      ++(Verdict == FilterVerdict::Nolint ? Result.SuppressedByNolint
                                          : Result.SuppressedByHeaderFilter);
    explain(Access, &S, Block, Unit->fixOf(Access.Array), Warning.has_value());
    AccessRecord R = accessRecord(SM, Access, Block);
    // What would have been a warning or a remark.
    if (warns(S) || !S.judged() || !S.runs())
      R.SuppressedBy = suppressionName(Verdict);
    fillNumbers(R, S);
    Result.Records.push_back(std::move(R));
  }

private:
  /// An extern buffer's fix grows the byte count of its kernel's launches;
  /// those in another file of the run are not rewritten: the fix is
  /// withdrawn, naming them.
  static void refuseGrowthElsewhere(PipelineResult &U,
                                    const ForeignLaunches &Foreign) {
    // The first launch in another file of each function walked, if any.
    std::map<const FunctionDecl *, const ForeignLaunch *> Elsewhere;
    for (const FoundAccess &Access : U.Found.Accesses)
      if (Access.Function && !Elsewhere.count(Access.Function)) {
        auto It = Foreign.find(kernelLinkName(*Access.Function));
        Elsewhere[Access.Function] = It == Foreign.end() || It->second.empty()
                                         ? nullptr
                                         : &It->second.front();
      }
    for (const FoundAccess &Access : U.Found.Accesses) {
      const ForeignLaunch *L =
          Access.Function ? Elsewhere[Access.Function] : nullptr;
      if (!L || !Access.Array->Decl->getType()->isIncompleteArrayType())
        continue;
      for (ArrayFix &Fix : U.Fixes)
        if (Fix.fixes() && llvm::is_contained(Fix.Arrays, Access.Array)) {
          Fix.Refusal = "the bytes of '" + Access.Array->Layout.Name +
                        "' are given by a launch in another file (" +
                        L->Origin +
                        "), whose byte count bankfix does not rewrite";
          Fix.Edits.clear();
        }
    }
  }
  /// Fills the result's LaunchesForOtherFiles and KernelsLaunchedElsewhere.
  void noteLaunchesAcrossFiles(ASTContext &Context, const PipelineResult &U) {
    Result.LaunchesForOtherFiles = launchesForOtherFiles(Context, U.Launches);
    std::set<const FunctionDecl *> Seen;
    for (size_t I = 0; I < U.Choices.size(); ++I) {
      const FunctionDecl *F = U.Found.Accesses[I].Function;
      // Assumed (and maybe found the same for any block): no launch or
      // option gave it. Once per function.
      if (F && !U.Choices[I].empty() && Seen.insert(F).second &&
          (U.Choices[I][0].Source == ShapeSource::Assumed ||
           U.Choices[I][0].Source == ShapeSource::AnyBlock) &&
          launchableFromOtherFiles(*F, U.Launches))
        Result.KernelsLaunchedElsewhere.insert(kernelLinkName(*F));
    }
    // A kernel launched here may be launched from another file too: its
    // extern buffer's fix must then be withdrawn (refuseGrowthElsewhere).
    for (const FoundAccess &Access : U.Found.Accesses) {
      const FunctionDecl *F = Access.Function;
      if (F && F->hasAttr<CUDAGlobalAttr>() && F->isExternallyVisible() &&
          Access.Array->Decl->getType()->isIncompleteArrayType())
        Result.KernelsLaunchedElsewhere.insert(kernelLinkName(*F));
    }
  }

  /// Fails the file when its AST nests deeper than bankfix walks.
  bool tooDeep() {
    DeepestNode Deepest = findDeepestNode(*Ctx, MaxNestingDepth);
    if (Deepest.Depth <= MaxNestingDepth)
      return false;
    PresumedLoc P =
        SM.getPresumedLoc(SM.getExpansionLoc(Deepest.Node->getBeginLoc()));
    Result.Failed = true;
    Result.Error = std::string(P.isValid() ? P.getFilename() : "the file") +
                   ":" + std::to_string(P.isValid() ? P.getLine() : 0) + ":" +
                   std::to_string(P.isValid() ? P.getColumn() : 0) +
                   ": nested more than " + std::to_string(MaxNestingDepth) +
                   " levels deep; nothing was analysed";
    return true;
  }

  /// headerBufferKey of \p Fix's buffer when it is extern and declared in
  /// a header, otherwise empty.
  std::string headerBufferOf(const ArrayFix &Fix) const {
    const VarDecl &V = *Fix.Arrays.front()->Decl;
    std::optional<DeclaringHeader> Header = declaringHeader(SM, V);
    if (!V.hasExternalStorage() || !Header)
      return "";
    return headerBufferKey(Header->RealPath, Header->Offset);
  }

  /// Records \p Fix as the answer to \p Warning at \p Loc (for --apply
  /// and --export-fixes, with the bytes of every file it edits), and
  /// returns it for SARIF.
  Finding::FixDescription exportFix(const ArrayFix &Fix,
                                    const std::string &Warning,
                                    SourceLocation Loc) {
    FileAnalysis::Fix Out{
        Warning,
        SM.getFilename(Loc).str(),
        SM.getFileOffset(Loc),
        {},
        headerBufferOf(Fix),
        "'" + Fix.Arrays.front()->Layout.Name + "' (" +
            describePlace(SM, Fix.Arrays.front()->Decl->getLocation()) + ")"};
    Finding::FixDescription Sarif{Fix.Change, {}};
    for (const FixEdit &E : Fix.Edits) {
      Out.Edits.push_back(E.Edit);
      FileID File = SM.getFileID(E.Range.getBegin());
      Result.ParsedContents.try_emplace(E.Edit.File,
                                        SM.getBufferData(File).str());
      Sarif.Replacements.push_back(
          {E.Edit.File, regionOf(SM, CI.getLangOpts(), E.Range), E.Text});
    }
    Result.Fixes.push_back(std::move(Out));
    return Sarif;
  }

  /// Says that \p F, which holds an error, was not analysed.
  void skip(const FunctionDecl &F) {
    ++Parse.NotAnalysedCount;
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(F.getLocation()));
    if (P.isValid())
      Parse.NotAnalysed += std::string(P.getFilename()) + ":" +
                           std::to_string(P.getLine()) + ":" +
                           std::to_string(P.getColumn()) + ": ";
    std::string Why = "it holds an error";
    const VarDecl *V = refusedSharedObject(F, Parse.Errors.acceptedByNvcc());
    // Unless the template holds an error of its own, which made its
    // instance fail again (SharedObjectRecovery.h).
    if (V && !functionHasErrors(*F.getTemplateInstantiationPattern(),
                                Parse.Errors.errorLocations(),
                                Parse.Errors.acceptedByNvcc()))
      Why = "clang refuses the constructor of its __shared__ '" +
            V->getNameAsString() +
            "' (nvcc accepts it and leaves the object uninitialised) and "
            "drops the body of a template's instance that has one; a kernel "
            "that is not a template is analysed with it";
    Parse.NotAnalysed +=
        std::string("note: ") +
        (F.hasAttr<CUDAGlobalAttr>() ? "kernel" : "device function") + " '" +
        functionDisplayName(F) + "' was not analysed: " + Why + "\n";
  }

  /// Adds the explanation of one access for one shape when --explain asks
  /// for it.
  void explain(const FoundAccess &Access, const AccessSummary *Summary,
               const BlockShapeChoice &Block, const ArrayFix *Fix,
               bool Warned) {
    if (Result.Failed || !explainWanted(Opts.Explain, *Ctx, Access, Warned))
      return;
    ++Result.ExplainMatches;
    std::string Error;
    std::optional<AccessExplanation> E = explainFoundAccess(
        *Ctx, Access, Summary, Block, Fix, Opts.Explain.Warp, Error);
    if (!E) {
      Result.Failed = true;
      Result.Error = Error;
      return;
    }
    Result.Explanations.push_back(std::move(*E));
  }

  CompilerInstance &CI;
  const SourceManager &SM;
  const AnalysisOptions &Opts;
  const std::vector<std::string> &Args; ///< the parse's, for trials
  FileAnalysis &Result;
  llvm::raw_ostream &OS;
  PartialParse &Parse;
  ASTContext *Ctx = nullptr;
  const PipelineResult *Unit = nullptr;
  /// While the unit is reported: the findings shown so far.
  RecordingSink *Recorded = nullptr;
};

class AnalysisAction : public ASTFrontendAction {
public:
  AnalysisAction(const AnalysisOptions &Opts,
                 const std::vector<std::string> &Args, FileAnalysis &Result,
                 llvm::raw_ostream &OS, llvm::raw_ostream &ParseOS,
                 PartialParse &Parse)
      : Opts(Opts), Args(Args), Result(Result), OS(OS), ParseOS(ParseOS),
        Parse(Parse) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // "N errors generated.": after the file's errors, not on stderr, where
    // the lines of files checked in parallel would mix.
    CI.setVerboseOutputStream(ParseOS);
    auto Consumer =
        std::make_unique<AnalysisConsumer>(CI, Opts, Args, Result, OS, Parse);
    recordDirectives(CI.getPreprocessor(), Consumer->Directives);
    return Consumer;
  }

  void ExecuteAction() override {
    Parse.Began = true;
    ASTFrontendAction::ExecuteAction();
  }

private:
  const AnalysisOptions &Opts;
  const std::vector<std::string> &Args;
  FileAnalysis &Result;
  llvm::raw_ostream &OS;
  llvm::raw_ostream &ParseOS;
  PartialParse &Parse;
};

std::string plural(unsigned N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

/// After the parse: whether the file counts as analysed, and what to say
/// about its errors (docs/usage.md, "Exit status").
void judgeParse(const std::string &Path, bool Ok, unsigned Errors,
                const ErrorRecorder &Recorder, const PartialParse &Parse,
                FileAnalysis &Result) {
  // An error clang reports and nvcc does not (ErrorRecorder::acceptedByNvcc)
  // is not counted, but fails the invocation.
  if (Errors == 0 && Parse.NotAnalysedCount == 0 && (Ok || Parse.Reached))
    return;
  Result.ParseOutput += Parse.NotAnalysed;
  if (Result.Failed) // too deeply nested, or --explain failed
    return;
  if (Parse.Reached && Errors > 0 && Parse.Analysed > 0 &&
      Parse.NotAnalysedCount == 0) {
    // Errors in host code only: the device code was analysed in full.
    Result.ParseOutput +=
        Path + ": note: " +
        (Errors == 1 ? "the error above is" : "the errors above are") +
        " outside kernels and device functions; those were analysed\n";
    return;
  }
  Result.Failed = true;
  if (Parse.Reached && Parse.Analysed > 0) {
    Result.FixesBesideErrors = Parse.FixesChecked;
    Result.Error =
        "'" + Path + "': " +
        plural(Parse.NotAnalysedCount, "kernel or device function was",
               "kernels or device functions were") +
        " not analysed because of errors (the rest of the file "
        "was)";
    return;
  }
  Result.Error =
      Errors == 0 && Parse.Reached
          ? "'" + Path + "': no kernel or device function could be analysed " +
                "(the notes above say why)"
          : "'" + Path + "' could not be parsed (" +
                plural(Errors, "error", "errors") + "); nothing was analysed";
  if (Recorder.errorLimitReached())
    Result.Error += " (clang stopped at its error limit; `-- -ferror-limit=0` "
                    "lets it go on)";
}

/// Stack of the thread that analyses a file.
constexpr unsigned AnalysisStackSize = 1u << 30;

/// The analysis, on the calling thread.
/// One parse of \p Path with \p Args and its analysis. \p Began: whether
/// clang got as far as parsing the file (not so when it could not load a
/// precompiled preamble, for one).
FileAnalysis parseAndAnalyze(const std::string &Path,
                             const AnalysisOptions &Opts,
                             const std::vector<std::string> &Args,
                             FileManager &Files, bool &Began) {
  FileAnalysis Result;
  llvm::raw_string_ostream OS(Result.Output);
  llvm::raw_string_ostream ParseOS(Result.ParseOutput);
  if (Opts.Colors) {
    OS.enable_colors(true);
    ParseOS.enable_colors(true);
  }
  DiagnosticOptions ParseDiagOptions;
  ParseDiagOptions.ShowColors = Opts.Colors;
  TextDiagnosticPrinter ParsePrinter(ParseOS, ParseDiagOptions);
  ErrorRecorder Recorder(ParsePrinter);
  PartialParse Parse(Recorder);

  tooling::ToolInvocation Invocation(
      Args,
      std::make_unique<AnalysisAction>(Opts, Args, Result, OS, ParseOS, Parse),
      &Files);
  Invocation.setDiagnosticConsumer(&Recorder);
  bool Ok = Invocation.run();
  OS.flush();
  ParseOS.flush();
  Began = Parse.Began;
  judgeParse(Path, Ok, Recorder.getNumErrors(), Recorder, Parse, Result);
  // A CUDA header missing because there is no toolkit: say so where the
  // error is.
  if (!Opts.Parse.Toolkit &&
      Result.ParseOutput.find("' file not found") != std::string::npos)
    Result.ParseOutput +=
        Path + ": note: this file was parsed with bankfix's built-in prelude "
               "(no CUDA toolkit), which has no CUDA library headers; parse it "
               "with a toolkit: --cuda-path=DIR\n";
  return Result;
}

/// The analysis, on the calling thread.
FileAnalysis analyzeHere(const std::string &Path, const AnalysisOptions &Opts) {
  FileAnalysis Result;
  Result.Error = checkInputFile(Path);
  if (!Result.Error.empty()) {
    Result.Failed = true;
    return Result;
  }

  llvm::IntrusiveRefCntPtr<FileManager> Files = makeParseFiles();

  std::vector<std::string> Args = buildParseCommandLine(Opts.Parse, Path);
  bool Began = false;
  if (Opts.Cache.Enabled && preambleCacheable(Opts.Parse.ExtraArgs))
    if (std::optional<std::string> Pch =
            findOrBuildPreamble(Args, *Files, Opts.Cache)) {
      Result =
          parseAndAnalyze(Path, Opts, withPreamble(Args, *Pch), *Files, Began);
      if (Began)
        return Result;
      discardPreamble(*Pch, Opts.Cache);
    }
  return parseAndAnalyze(Path, Opts, Args, *Files, Began);
}

} // namespace

std::string headerBufferKey(const std::string &HeaderRealPath,
                            unsigned Offset) {
  return HeaderRealPath + ":" + std::to_string(Offset);
}

FileAnalysis analyzeFile(const std::string &Path, const AnalysisOptions &Opts) {
  // Clang's parser and bankfix's walks recurse as deep as the source nests
  // (up to MaxNestingDepth levels): run them on a thread whose stack is
  // large enough for that, under the sanitizers too.
  FileAnalysis Result;
  llvm::thread Worker(std::optional<unsigned>(AnalysisStackSize),
                      [&] { Result = analyzeHere(Path, Opts); });
  Worker.join();
  return Result;
}

} // namespace bankfix
