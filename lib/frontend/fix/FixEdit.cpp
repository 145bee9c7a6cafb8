// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixEdit.cpp - One replacement of a fix, for clang and for files ----===//

#include "frontend/fix/FixEdit.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
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

std::optional<uint64_t> nonNegativeConstant(const ASTContext &Ctx,
                                            const Expr *E, unsigned Bits) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx) ||
      R.Val.getInt().isNegative() || R.Val.getInt().getActiveBits() > Bits)
    return std::nullopt;
  return R.Val.getInt().getZExtValue();
}

/// Whether evaluating \p E twice could differ from once: an assignment,
/// an increment, a call (CUDA's threadIdx, blockIdx, blockDim and gridDim
/// are properties, not calls). Why, or empty.
std::string sideEffect(const ASTContext &Ctx, const Expr *E) {
  if (E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return "has side effects";
  struct CallFinder : DynamicRecursiveASTVisitor {
    bool Found = false;
    bool TraversePseudoObjectExpr(PseudoObjectExpr *P) override {
      // threadIdx.x: its syntactic form is a property, not a call.
      if (isa<MSPropertyRefExpr>(P->getSyntacticForm()->IgnoreParens()))
        return true;
      return DynamicRecursiveASTVisitor::TraversePseudoObjectExpr(P);
    }
    bool VisitCallExpr(CallExpr *) override {
      Found = true;
      return false;
    }
  } Finder;
  Finder.TraverseStmt(const_cast<Expr *>(E));
  return Finder.Found ? "calls a function" : "";
}

/// Adds the replacement of \p Tokens; false with \p Why when it cannot
/// be written.
bool addEdit(ASTContext &Ctx, SourceRange Tokens,
             const std::function<std::string(const std::string &)> &NewText,
             const std::string &What, std::vector<FixEdit> &Edits,
             std::string &Why) {
  std::string Written = writtenText(Ctx, Tokens);
  std::optional<FixEdit> Edit;
  if (!Written.empty()) {
    std::string Text = NewText(Written);
    if (Text == Written) // a literal subscript that stays (`s[0]`)
      return true;
    Edit = makeFixEdit(Ctx, Tokens, Text);
  }
  if (!Edit) {
    Why = What + " is written by a macro expansion or in a system header; "
                 "change it by hand";
    return false;
  }
  for (const FixEdit &E : Edits)
    if (E.Edit == Edit->Edit)
      return true;
  Edits.push_back(*Edit);
  return true;
}

/// Two different replacements of overlapping text (a subscript inside
/// another's index): the first such pair, or empty.
std::string overlappingEdits(const std::vector<FixEdit> &Edits) {
  for (size_t I = 0; I < Edits.size(); ++I)
    for (size_t J = I + 1; J < Edits.size(); ++J) {
      const TextEdit &A = Edits[I].Edit, &B = Edits[J].Edit;
      if (A.File == B.File && A.Offset < B.Offset + B.Length &&
          B.Offset < A.Offset + A.Length && !(A == B))
        return "two rewrites overlap (a subscript of the buffer inside "
               "another's index)";
    }
  return "";
}

} // namespace bankfix
