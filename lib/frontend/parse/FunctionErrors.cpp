//===- FunctionErrors.cpp - Whether a function parsed cleanly -------------===//

#include "frontend/parse/FunctionErrors.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace bankfix {

namespace {

/// Stops at the first sign of an error in a function's body.
class ErrorFinder : public RecursiveASTVisitor<ErrorFinder> {
public:
  bool Found = false;

  bool shouldVisitImplicitCode() const { return true; }

  bool VisitDecl(Decl *D) {
    Found = D->isInvalidDecl();
    return !Found;
  }
  bool VisitExpr(Expr *E) {
    Found = E->containsErrors() || isa<RecoveryExpr>(E);
    return !Found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Found = E->getDecl()->isInvalidDecl();
    return !Found;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    Found = E->getMemberDecl()->isInvalidDecl();
    return !Found;
  }
};

} // namespace

bool functionHasErrors(const FunctionDecl &F,
                       llvm::ArrayRef<SourceLocation> ErrorLocations) {
  if (F.isInvalidDecl())
    return true;
  ErrorFinder Finder;
  Finder.TraverseDecl(const_cast<FunctionDecl *>(&F));
  if (Finder.Found)
    return true;
  const SourceManager &SM = F.getASTContext().getSourceManager();
  SourceRange Range = F.getSourceRange();
  if (Range.isInvalid())
    return false;
  SourceLocation Begin = SM.getExpansionRange(Range.getBegin()).getBegin();
  SourceLocation End = SM.getExpansionRange(Range.getEnd()).getEnd();
  for (SourceLocation Loc : ErrorLocations)
    if (Loc.isValid() && SM.isPointWithin(Loc, Begin, End))
      return true;
  return false;
}

} // namespace bankfix
