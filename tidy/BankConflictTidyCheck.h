// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BankConflictTidyCheck.h - The check bankfix-bank-conflict ----------===//
//
// The clang-tidy check: runs bankfix's analysis on the translation unit
// clang-tidy parsed (once, from a matcher on the TranslationUnitDecl) and
// reports what `bankfix` reports, with the same words: a warning per
// conflicting access and block shape with its notes, a remark for each
// access that cannot be judged, and the padding fix-it on the first warning
// of each array, for --fix and --export-fixes. NOLINT comments and the
// header filter are clang-tidy's own.
//
// Options: BlockDim, what --block-dim takes; several separated by ';'
// ("32x8;transpose:16x16"). FixStyle, what --fix-style takes: auto
// (default), pad or swizzle.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TIDY_BANKCONFLICTTIDYCHECK_H
#define BANKFIX_TIDY_BANKCONFLICTTIDYCHECK_H

#include "core/fix/FixPlan.h"
#include "core/model/BlockShape.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <string>
#include <vector>

namespace bankfix {

class BankConflictTidyCheck : public clang::tidy::ClangTidyCheck {
public:
  BankConflictTidyCheck(llvm::StringRef Name,
                        clang::tidy::ClangTidyContext *Ctx);

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override;
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void analyze(clang::ASTContext &Ctx);

  clang::tidy::ClangTidyContext *TidyContext;
  std::string BlockDimText;
  std::vector<BlockDimOption> BlockDims;
  /// Options that do not parse: each an error of the check in every file.
  std::vector<std::string> OptionErrors;
  std::string FixStyleText;
  FixStyleChoice FixStyles = FixStyleChoice::Auto;
  clang::Preprocessor *PP = nullptr;
};

} // namespace bankfix

#endif // BANKFIX_TIDY_BANKCONFLICTTIDYCHECK_H
