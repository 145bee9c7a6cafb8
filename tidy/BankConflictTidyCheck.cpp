//===- BankConflictTidyCheck.cpp - The check bankfix-bank-conflict -------===//

#include "tidy/BankConflictTidyCheck.h"

#include "frontend/parse/NestingDepth.h"
#include "frontend/project/UnitAnalysis.h"
#include "frontend/report/ConflictReporter.h"
#include "frontend/report/DiagnosticFilter.h"
#include "tidy/ReporterTranscript.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <map>
#include <optional>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace bankfix {

namespace {

/// Stack of the thread the analysis runs on: bankfix's walks recurse as
/// deep as the source nests (bankfix itself does the same).
constexpr unsigned AnalysisStackSize = 1u << 30;

/// The place of a transcript entry; invalid when it has none.
SourceLocation placeOf(const SourceManager &SM, const TranscriptEntry &E) {
  if (E.File.empty())
    return SourceLocation();
  OptionalFileEntryRef File = SM.getFileManager().getOptionalFileRef(E.File);
  if (!File)
    return SourceLocation();
  return SM.translateFileLineCol(*File, E.Line, E.Column);
}

} // namespace

BankConflictTidyCheck::BankConflictTidyCheck(StringRef Name,
                                             tidy::ClangTidyContext *Ctx)
    : ClangTidyCheck(Name, Ctx), TidyContext(Ctx),
      BlockDimText(Options.get("BlockDim", "").str()),
      FixStyleText(Options.get("FixStyle", "auto").str()) {
  if (FixStyleText == "pad")
    FixStyles = FixStyleChoice::Pad;
  else if (FixStyleText == "swizzle")
    FixStyles = FixStyleChoice::Swizzle;
  else if (FixStyleText != "auto") {
    configurationDiag("invalid value '%0' for option '%1FixStyle': expected "
                      "auto, pad or swizzle")
        << FixStyleText << (Name + ".").str();
    OptionsValid = false;
  }
  llvm::SmallVector<StringRef, 4> Parts;
  StringRef(BlockDimText).split(Parts, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Part : Parts) {
    std::string Error;
    std::optional<BlockDimOption> Option =
        parseBlockDimOption(Part.trim().str(), Error);
    if (!Option) {
      configurationDiag("invalid value '%0' for option '%1BlockDim': %2")
          << Part.trim() << (Name + ".").str() << Error;
      OptionsValid = false;
      continue;
    }
    BlockDims.push_back(*Option);
  }
}

bool BankConflictTidyCheck::isLanguageVersionSupported(
    const LangOptions &LO) const {
  return LO.CUDA;
}

void BankConflictTidyCheck::registerPPCallbacks(const SourceManager &,
                                                Preprocessor *P,
                                                Preprocessor *) {
  PP = P;
}

void BankConflictTidyCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void BankConflictTidyCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "BlockDim", BlockDimText);
  Options.store(Opts, "FixStyle", FixStyleText);
}

void BankConflictTidyCheck::check(const MatchFinder::MatchResult &Result) {
  // Like bankfix: nothing is analysed after a parse error, or with a
  // BlockDim or FixStyle option that does not parse (reported above).
  if (!PP || !OptionsValid ||
      Result.Context->getDiagnostics().hasErrorOccurred())
    return;
  llvm::thread Worker(std::optional<unsigned>(AnalysisStackSize),
                      [&] { analyze(*Result.Context); });
  Worker.join();
}

void BankConflictTidyCheck::analyze(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  DeepestNode Deepest = findDeepestNode(Ctx, MaxNestingDepth);
  if (Deepest.Depth > MaxNestingDepth) {
    diag(SM.getExpansionLoc(Deepest.Node->getBeginLoc()),
         "nested more than %0 levels deep; nothing was analysed")
        << MaxNestingDepth;
    return;
  }
  // Every access for each of its block shapes, and the padding fixes:
  // what bankfix's FileAnalyzer does.
  UnitAnalysis Unit = analyzeUnit(Ctx, BlockDims, {}, FixStyles);
  const SharedAccesses &Found = Unit.Found;
  size_t N = Found.Accesses.size();
  std::set<const ArrayFix *> Exported;

  // bankfix's reporter writes each report as text; it is read back and
  // re-emitted through clang-tidy, which applies NOLINT and the header
  // filter itself. The filter here only decides which warning carries an
  // array's fix-it: the first one shown, as in bankfix's --export-fixes.
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  ConflictReporter Reporter(OS, /*Colors=*/false, Ctx.getLangOpts(), *PP);
  DiagnosticFilter Filter(
      SM, TidyContext->getOptions().HeaderFilterRegex.value_or(".*"));
  auto Emit = [&](SourceRange Range, const ArrayFix *Fix) {
    std::vector<TranscriptEntry> Entries = readTranscript(Text);
    Text.clear();
    for (const TranscriptEntry &E : Entries) {
      DiagnosticIDs::Level Level =
          E.Level == TranscriptEntry::Warning  ? DiagnosticIDs::Warning
          : E.Level == TranscriptEntry::Remark ? DiagnosticIDs::Remark
                                               : DiagnosticIDs::Note;
      // The message as an argument: it may hold a `%` (`c ^ (r % 32)`).
      auto D = diag(placeOf(SM, E), "%0", Level) << E.Message;
      if (Level != DiagnosticIDs::Note)
        D << Range;
      if (Fix && Level == DiagnosticIDs::Warning) {
        for (const FixEdit &E : Fix->Edits)
          D << FixItHint::CreateReplacement(E.Range, E.Text);
        Fix = nullptr;
      }
    }
  };
  for (const WalkRemark &R : Found.Remarks) {
    Reporter.reportRemark(R.Loc, R.Message);
    Emit(SourceRange(), nullptr);
  }
  for (size_t I = 0; I < N; ++I) {
    const FoundAccess &Access = Found.Accesses[I];
    bool Shown = Filter.check(Access.Expr->getBeginLoc(), BankConflictCheck) ==
                 FilterVerdict::Show;
    if (!Access.Unsupported.empty()) {
      Reporter.reportUnsupported(Access);
      Emit(Access.Expr->getSourceRange(), nullptr);
      continue;
    }
    const ArrayFix *Fix = Unit.fixOf(Access.Array);
    for (size_t K = 0; K < Unit.Choices[I].size(); ++K) {
      const BlockShapeChoice &Block = Unit.Choices[I][K];
      std::optional<std::string> Warning =
          Reporter.report(Access, Unit.Summaries[I][K], Block,
                          plainAlternative(Ctx, Access, Block.Shape), Fix);
      const ArrayFix *Attached = nullptr;
      if (Warning && Shown && Fix && Fix->fixes() &&
          Exported.insert(Fix).second)
        Attached = Fix;
      Emit(Access.Expr->getSourceRange(), Attached);
    }
  }
}

} // namespace bankfix
