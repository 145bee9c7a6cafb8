// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SourcePlace.cpp - "file:line:col" for a source location ------------===//

#include "frontend/report/SourcePlace.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

namespace bankfix {

std::string lineColumn(const clang::SourceManager &SM,
                       clang::SourceLocation Loc) {
  clang::SourceLocation At = SM.getExpansionLoc(Loc);
  clang::PresumedLoc P = SM.getPresumedLoc(At);
  if (!P.isValid())
    return "?";
  // A library's line (an access in a system header's code) names its file.
  std::string File =
      SM.isInSystemHeader(At)
          ? llvm::sys::path::filename(P.getFilename()).str() + ":"
          : "";
  return File + std::to_string(P.getLine()) + ":" +
         std::to_string(P.getColumn());
}

std::string describePlace(const clang::SourceManager &SM,
                          clang::SourceLocation Loc) {
  clang::PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "an unknown place";
  return std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) +
         ":" + std::to_string(P.getColumn());
}

SourceRegion regionOf(const clang::SourceManager &SM,
                      const clang::LangOptions &LangOpts,
                      clang::CharSourceRange Range) {
  clang::CharSourceRange Chars =
      clang::Lexer::makeFileCharRange(Range, SM, LangOpts);
  if (Chars.isInvalid())
    Chars = clang::CharSourceRange::getCharRange(
        SM.getExpansionLoc(Range.getBegin()));
  clang::SourceLocation Begin = Chars.getBegin();
  clang::SourceLocation End = Chars.getEnd().isValid() ? Chars.getEnd() : Begin;
  SourceRegion R;
  R.StartLine = SM.getSpellingLineNumber(Begin);
  R.StartColumn = SM.getSpellingColumnNumber(Begin);
  R.EndLine = SM.getSpellingLineNumber(End);
  R.EndColumn = SM.getSpellingColumnNumber(End);
  if (R.EndLine == R.StartLine && R.EndColumn < R.StartColumn)
    R.EndColumn = R.StartColumn;
  return R;
}

} // namespace bankfix
