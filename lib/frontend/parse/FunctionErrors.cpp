// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FunctionErrors.cpp - Whether a function parsed cleanly -------------===//

#include "frontend/parse/FunctionErrors.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

#include <utility>

using namespace clang;

namespace bankfix {

namespace {

/// Stops at the first sign of an error in a function's body.
class ErrorFinder : public DynamicRecursiveASTVisitor {
public:
  ErrorFinder(const ASTContext &Ctx, llvm::ArrayRef<SourceLocation> Accepted)
      : Ctx(Ctx), Accepted(Accepted) {
    ShouldVisitImplicitCode = true;
  }

  bool Found = false;

  /// Whether \p S holds an error; the variables nvcc accepts that it
  /// declares are remembered for the statements after it.
  bool holdsError(const Stmt &S) {
    Found = false;
    TraverseStmt(const_cast<Stmt *>(&S));
    return std::exchange(Found, false);
  }

  bool VisitDecl(Decl *D) override {
    Found = invalid(D);
    return !Found;
  }
  bool VisitExpr(Expr *E) override {
    // An expression holds an error through a RecoveryExpr in it, which is
    // visited in turn; one rebuilt around a use of a variable nvcc accepts
    // (`init(&bar, n)`) is not an error.
    if (const auto *R = dyn_cast<RecoveryExpr>(E))
      Found = !acceptedRecovery(R);
    return !Found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) override {
    Found = invalid(E->getDecl());
    return !Found;
  }
  bool VisitMemberExpr(MemberExpr *E) override {
    Found = invalid(E->getMemberDecl());
    return !Found;
  }

private:
  /// Whether \p R was made only because it names variables clang refused
  /// and nvcc accepts: a use of one is rebuilt as an empty RecoveryExpr
  /// over its name (declared before the use, so already met).
  bool acceptedRecovery(const RecoveryExpr *R) const {
    if (R->subExpressions().empty())
      return AcceptedNames.contains(Lexer::getSourceText(
          CharSourceRange::getTokenRange(R->getSourceRange()),
          Ctx.getSourceManager(), Ctx.getLangOpts()));
    bool Named = false;
    for (const Expr *Sub : R->subExpressions()) {
      const auto *Ref = dyn_cast<DeclRefExpr>(Sub->IgnoreParenImpCasts());
      if (Ref && Ref->getDecl()->isInvalidDecl() && !invalid(Ref->getDecl()))
        Named = true;
      else if (Sub->containsErrors())
        return false;
    }
    return Named;
  }

  /// Invalid, and not for what nvcc accepts.
  bool invalid(const Decl *D) const {
    if (!D->isInvalidDecl())
      return false;
    SourceLocation Loc =
        Ctx.getSourceManager().getExpansionLoc(D->getLocation());
    if (!llvm::is_contained(Accepted, Loc))
      return true;
    if (const auto *V = dyn_cast<VarDecl>(D))
      AcceptedNames.insert(V->getName());
    return false;
  }

  const ASTContext &Ctx;
  llvm::ArrayRef<SourceLocation> Accepted;
  mutable llvm::StringSet<> AcceptedNames;
};

} // namespace

bool functionHasErrors(const FunctionDecl &F,
                       llvm::ArrayRef<SourceLocation> ErrorLocations,
                       llvm::ArrayRef<SourceLocation> Accepted) {
  if (F.isInvalidDecl())
    return true;
  ErrorFinder Finder(F.getASTContext(), Accepted);
  Finder.TraverseDecl(const_cast<FunctionDecl *>(&F));
  if (Finder.Found)
    return true;
  const SourceManager &SM = F.getASTContext().getSourceManager();
  if (F.getSourceRange().isInvalid())
    return false;
  CharSourceRange Text = expansionText(SM, F.getSourceRange());
  for (SourceLocation Loc : ErrorLocations)
    if (Loc.isValid() && SM.isPointWithin(Loc, Text.getBegin(), Text.getEnd()))
      return true;
  return false;
}

std::vector<VarDecl *>
refusedSharedObjects(const Stmt &Body, const SourceManager &SM,
                     llvm::ArrayRef<SourceLocation> Accepted) {
  struct Finder : DynamicRecursiveASTVisitor {
    const SourceManager &SM;
    llvm::ArrayRef<SourceLocation> Accepted;
    std::vector<VarDecl *> Found;
    Finder(const SourceManager &SM, llvm::ArrayRef<SourceLocation> Accepted)
        : SM(SM), Accepted(Accepted) {}
    bool VisitVarDecl(VarDecl *V) override {
      if (V->hasAttr<CUDASharedAttr>() && V->getType()->getAsCXXRecordDecl() &&
          llvm::is_contained(Accepted, SM.getExpansionLoc(V->getLocation())))
        Found.push_back(V);
      return true;
    }
  } Find(SM, Accepted);
  Find.TraverseStmt(const_cast<Stmt *>(&Body));
  return Find.Found;
}

const VarDecl *refusedSharedObject(const FunctionDecl &F,
                                   llvm::ArrayRef<SourceLocation> Accepted) {
  const FunctionDecl *Pattern = F.getTemplateInstantiationPattern();
  if (!F.isInvalidDecl() || !Pattern || !Pattern->getBody())
    return nullptr;
  std::vector<VarDecl *> Found = refusedSharedObjects(
      *Pattern->getBody(), F.getASTContext().getSourceManager(), Accepted);
  return Found.empty() ? nullptr : Found.front();
}

CharSourceRange expansionText(const SourceManager &SM, SourceRange R) {
  return CharSourceRange::getTokenRange(
      SM.getExpansionRange(R.getBegin()).getBegin(),
      SM.getExpansionRange(R.getEnd()).getEnd());
}

namespace {

/// Collects the statements of a body that hold errors and the text
/// between statements.
class ErrorTextCollector {
public:
  ErrorTextCollector(const ASTContext &Ctx,
                     llvm::ArrayRef<SourceLocation> ErrorLocations,
                     llvm::ArrayRef<SourceLocation> Accepted)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), ErrorLocations(ErrorLocations),
        Finder(Ctx, Accepted) {}

  std::vector<CharSourceRange> Out;

  /// Set when a statement's or a gap's text is not one readable stretch of
  /// one file (a macro's body, an invalid range): then none is trusted.
  bool Unreadable = false;

  void block(const CompoundStmt &Block) {
    SourceLocation Gap = afterToken(Block.getLBracLoc());
    for (const Stmt *S : Block.body()) {
      CharSourceRange R = expansionText(SM, S->getSourceRange());
      add(CharSourceRange::getCharRange(Gap, R.getBegin()));
      if (Finder.holdsError(*S) || holdsErrorLocation(R)) {
        if (const auto *Inner = dyn_cast<CompoundStmt>(S))
          block(*Inner);
        else
          add(R);
      }
      Gap = afterToken(R.getEnd());
    }
    add(CharSourceRange::getCharRange(Gap,
                                      SM.getExpansionLoc(Block.getRBracLoc())));
  }

  /// Whether every error inside \p Function's text lies in Out.
  bool coversErrors(CharSourceRange Function) const {
    if (Function.getBegin().isInvalid() || Function.getEnd().isInvalid())
      return false;
    for (SourceLocation Loc : ErrorLocations) {
      if (Loc.isInvalid() ||
          !SM.isPointWithin(Loc, Function.getBegin(), Function.getEnd()))
        continue;
      if (!llvm::any_of(Out, [&](const CharSourceRange &R) {
            return SM.isPointWithin(Loc, R.getBegin(), R.getEnd());
          }))
        return false;
    }
    return true;
  }

private:
  void add(CharSourceRange R) {
    SourceLocation B = R.getBegin(), E = R.getEnd();
    if (B.isInvalid() || E.isInvalid() || SM.getFileID(B) != SM.getFileID(E) ||
        SM.isBeforeInTranslationUnit(E, B)) {
      Unreadable = true;
      return;
    }
    Out.push_back(R);
  }

  SourceLocation afterToken(SourceLocation Loc) const {
    return Lexer::getLocForEndOfToken(SM.getExpansionLoc(Loc), 0, SM,
                                      Ctx.getLangOpts());
  }

  bool holdsErrorLocation(CharSourceRange R) const {
    // A statement without a place holds whatever it holds: taken whole.
    if (R.getBegin().isInvalid() || R.getEnd().isInvalid())
      return true;
    return llvm::any_of(ErrorLocations, [&](SourceLocation Loc) {
      return Loc.isValid() && SM.isPointWithin(Loc, R.getBegin(), R.getEnd());
    });
  }

  const ASTContext &Ctx;
  const SourceManager &SM;
  llvm::ArrayRef<SourceLocation> ErrorLocations;
  ErrorFinder Finder;
};

} // namespace

std::vector<CharSourceRange>
textAroundErrors(const FunctionDecl &F,
                 llvm::ArrayRef<SourceLocation> ErrorLocations,
                 llvm::ArrayRef<SourceLocation> Accepted) {
  const ASTContext &Ctx = F.getASTContext();
  CharSourceRange Whole =
      expansionText(Ctx.getSourceManager(), F.getSourceRange());
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F.getBody());
  if (F.isInvalidDecl() || !Body)
    return {Whole};
  ErrorTextCollector Collector(Ctx, ErrorLocations, Accepted);
  Collector.block(*Body);
  if (Collector.Unreadable || !Collector.coversErrors(Whole))
    return {Whole};
  return std::move(Collector.Out);
}

} // namespace bankfix
