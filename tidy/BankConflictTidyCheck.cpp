// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BankConflictTidyCheck.cpp - The check bankfix-bank-conflict --------===//

#include "tidy/BankConflictTidyCheck.h"

#include "frontend/parse/NestingDepth.h"
#include "frontend/pipeline/Pipeline.h"
#include "frontend/report/ConflictReporter.h"
#include "frontend/report/DiagnosticFilter.h"
#include "frontend/report/UnitReport.h"

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

/// Hands the reporter's diagnostics to clang-tidy. A warning that answers
/// a fix carries the fix's edits; the declaration note's fix-its are
/// bankfix's way of showing them and are left out here.
class TidySink : public DiagnosticSink {
public:
  explicit TidySink(BankConflictTidyCheck &Check) : Check(Check) {}

  void emit(const ReportedDiagnostic &D) override {
    DiagnosticIDs::Level Level =
        D.Level == ReportedDiagnostic::Warning  ? DiagnosticIDs::Warning
        : D.Level == ReportedDiagnostic::Remark ? DiagnosticIDs::Remark
        : D.Level == ReportedDiagnostic::Error  ? DiagnosticIDs::Error
                                                : DiagnosticIDs::Note;
    // The message as an argument: it may hold a `%` (`c ^ (r % 32)`).
    auto Builder = Check.diag(D.Loc, "%0", Level) << D.Message;
    if (D.Level != ReportedDiagnostic::Note && D.Range.isValid())
      Builder << D.Range;
    // Arrays of several instantiations of one template share their edits:
    // each edit once.
    std::vector<const FixEdit *> Added;
    for (const ArrayFix *Fix : D.AnswersFixes)
      for (const FixEdit &E : Fix->Edits) {
        if (llvm::any_of(Added, [&](const FixEdit *A) {
              return A->Edit.File == E.Edit.File &&
                     sameReplacement(A->Edit, E.Edit);
            }))
          continue;
        Added.push_back(&E);
        Builder << FixItHint::CreateReplacement(E.Range, E.Text);
      }
  }

private:
  BankConflictTidyCheck &Check;
};

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
    OptionErrors.push_back("invalid value '" + FixStyleText + "' for option '" +
                           (Name + ".").str() +
                           "FixStyle': expected auto, pad or swizzle");
  }
  llvm::SmallVector<StringRef, 4> Parts;
  StringRef(BlockDimText).split(Parts, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Part : Parts) {
    std::string Error;
    std::optional<BlockDimOption> Option =
        parseBlockDimOption(Part.trim().str(), Error);
    if (!Option) {
      OptionErrors.push_back("invalid value '" + Part.trim().str() +
                             "' for option '" + (Name + ".").str() +
                             "BlockDim': " + Error);
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
  // Like bankfix: nothing is analysed with a BlockDim or FixStyle option
  // that does not parse, which is an error of the check (a configuration
  // warning alone would let a CI job pass with the check off), nor after a
  // parse error.
  if (!OptionErrors.empty()) {
    const SourceManager &SM = *Result.SourceManager;
    for (const std::string &Error : OptionErrors)
      diag(SM.getLocForStartOfFile(SM.getMainFileID()),
           "%0; nothing was analysed", DiagnosticIDs::Error)
          << Error;
    return;
  }
  if (!PP || Result.Context->getDiagnostics().hasErrorOccurred())
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
  // Every access for each of its block shapes, and the fixes, said as
  // bankfix says them; clang-tidy applies NOLINT and the header filter
  // itself. The filter here only decides which warning carries an array's
  // fix-it: the first one shown, as in bankfix's --export-fixes.
  PipelineResult Unit =
      runPipeline(Ctx, BlockDims, /*Scope=*/nullptr, {}, FixStyles);
  TidySink Sink(*this);
  ConflictReporter Reporter(Sink);
  DiagnosticFilter Filter(
      SM, TidyContext->getOptions().HeaderFilterRegex.value_or(".*"));
  UnitReportObserver Nothing;
  UnitReportOptions Options;
  Options.ReportSuppressed = true;
  reportUnit(Ctx, Unit, Filter, Reporter, Nothing, Options);
}

} // namespace bankfix
