//===- FixEdit.cpp - One replacement of a fix, for clang and for files ----===//

#include "frontend/fix/FixEdit.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace bankfix {

namespace {

CharSourceRange fileRange(const ASTContext &Ctx, SourceRange Tokens) {
  // A whole macro expansion maps to its name (`W`); part of one does not.
  return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Tokens),
                                  Ctx.getSourceManager(), Ctx.getLangOpts());
}

} // namespace

std::string writtenText(const ASTContext &Ctx, SourceRange Tokens) {
  CharSourceRange Range = fileRange(Ctx, Tokens);
  if (Range.isInvalid())
    return "";
  return Lexer::getSourceText(Range, Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

std::optional<FixEdit> makeFixEdit(const ASTContext &Ctx, SourceRange Tokens,
                                   const std::string &Text) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = fileRange(Ctx, Tokens);
  if (Range.isInvalid() || SM.isInSystemHeader(Range.getBegin()))
    return std::nullopt;
  FixEdit F;
  F.Range = Range;
  F.Text = Text;
  F.Edit.File = SM.getFilename(Range.getBegin()).str();
  F.Edit.Offset = SM.getFileOffset(Range.getBegin());
  F.Edit.Length = SM.getFileOffset(Range.getEnd()) - F.Edit.Offset;
  F.Edit.Text = Text;
  return F;
}

} // namespace bankfix
