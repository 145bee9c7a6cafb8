// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixesBesideErrors.cpp - Fixes that code with errors cannot touch ---===//

#include "frontend/fix/FixesBesideErrors.h"

#include "frontend/parse/FunctionErrors.h"
#include "frontend/report/SourcePlace.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;

namespace bankfix {

namespace {

/// Every function definition of the translation unit, instantiations
/// included.
struct Definitions : DynamicRecursiveASTVisitor {
  std::vector<const FunctionDecl *> All;
  Definitions() { ShouldVisitTemplateInstantiations = true; }
  bool VisitFunctionDecl(FunctionDecl *F) override {
    if (F->doesThisDeclarationHaveABody())
      All.push_back(F);
    return true;
  }
};

/// The identifiers of the text \p R, code, with their places: lexed raw,
/// so that a comment or a string literal (`printf("tile size")`) holds
/// none. False when the text cannot be read.
bool identifiersIn(const SourceManager &SM, const LangOptions &LangOpts,
                   CharSourceRange R,
                   std::vector<std::pair<std::string, SourceLocation>> &Out) {
  bool Invalid = false;
  StringRef Text = Lexer::getSourceText(R, SM, LangOpts, &Invalid);
  if (Invalid || R.getBegin().isInvalid())
    return false;
  // The lexer reads up to a terminating NUL, which the file's text lacks.
  std::string Copy = Text.str();
  Lexer Raw(R.getBegin(), LangOpts, Copy.c_str(), Copy.c_str(),
            Copy.c_str() + Copy.size());
  Token T;
  for (bool End = false; !End;) {
    End = Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    if (T.is(tok::raw_identifier))
      Out.push_back({T.getRawIdentifier().str(), T.getLocation()});
  }
  return true;
}

/// Whether a value of type \p T can hold an address (a function's or an
/// array's): a pointer or reference, or an array or class holding one
/// (`cudaDeviceProp` holds none); a type not known can.
bool canHoldAddress(QualType T, unsigned Depth = 0) {
  T = T.getCanonicalType();
  if (Depth > 8 || T->isDependentType() || T->isReferenceType() ||
      T->isAnyPointerType() || T->isMemberPointerType() ||
      T->isBlockPointerType() || T->isUndeducedType())
    return true;
  if (T->isArithmeticType() || T->isEnumeralType())
    return false;
  if (const ArrayType *A = T->getAsArrayTypeUnsafe())
    return canHoldAddress(A->getElementType(), Depth + 1);
  const CXXRecordDecl *R = T->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition())
    return true;
  for (const CXXBaseSpecifier &B : R->bases())
    if (canHoldAddress(B.getType(), Depth + 1))
      return true;
  for (const FieldDecl *F : R->fields())
    if (canHoldAddress(F->getType(), Depth + 1))
      return true;
  return false;
}

/// The variables and parameters of \p F that can hold a function's or an
/// array's address: one set in a statement clang kept can carry a name
/// into its error.
struct Carriers : DynamicRecursiveASTVisitor {
  std::set<std::string> Names;
  bool VisitVarDecl(VarDecl *V) override {
    if (V->getIdentifier() && canHoldAddress(V->getType()))
      Names.insert(V->getName().str());
    return true;
  }
};

/// The name of the innermost function whose text holds \p Loc, if any.
std::string functionAt(const SourceManager &SM,
                       const std::vector<const FunctionDecl *> &All,
                       SourceLocation Loc) {
  const FunctionDecl *Best = nullptr;
  unsigned BestLength = ~0u;
  for (const FunctionDecl *F : All) {
    CharSourceRange R = expansionText(SM, F->getSourceRange());
    if (!R.isValid() || !SM.isPointWithin(Loc, R.getBegin(), R.getEnd()))
      continue;
    unsigned Length =
        SM.getFileOffset(R.getEnd()) - SM.getFileOffset(R.getBegin());
    if (Length < BestLength && F->getIdentifier()) {
      Best = F;
      BestLength = Length;
    }
  }
  return Best ? Best->getName().str() : "";
}

} // namespace

FunctionsWithErrors::FunctionsWithErrors(
    ASTContext &Ctx, llvm::ArrayRef<SourceLocation> ErrorLocations,
    llvm::ArrayRef<SourceLocation> Accepted)
    : Ctx(Ctx) {
  Definitions D;
  D.TraverseDecl(Ctx.getTranslationUnitDecl());
  All = std::move(D.All);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *F : All) {
    if (!functionHasErrors(*F, ErrorLocations, Accepted))
      continue;
    // Only where clang reported errors can it have dropped code, unless
    // that code names a variable a kept statement may have given what a
    // fix touches: then the whole function counts.
    Broken B;
    B.F = F;
    for (CharSourceRange R : textAroundErrors(*F, ErrorLocations, Accepted))
      B.Readable =
          B.Readable && identifiersIn(SM, Ctx.getLangOpts(), R, B.Identifiers);
    Carriers Held;
    Held.TraverseDecl(const_cast<FunctionDecl *>(F));
    B.Carried = llvm::any_of(B.Identifiers, [&](const auto &I) {
      return Held.Names.count(I.first) > 0;
    });
    if (!B.Readable || B.Carried) {
      B.Identifiers.clear();
      B.Readable =
          identifiersIn(SM, Ctx.getLangOpts(),
                        expansionText(SM, F->getSourceRange()), B.Identifiers);
    }
    BrokenFunctions.push_back(std::move(B));
  }
}

std::string FunctionsWithErrors::reach(const ArrayFix &Fix) const {
  if (BrokenFunctions.empty() || !Fix.fixes())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  // What the fix touches: its arrays, and the functions its edits are in.
  std::set<std::string> Names;
  for (const SharedArray *A : Fix.Arrays)
    Names.insert(A->Layout.Name);
  for (const FixEdit &E : Fix.Edits)
    if (std::string F = functionAt(SM, All, E.Range.getBegin()); !F.empty())
      Names.insert(F);
  for (const Broken &B : BrokenFunctions) {
    std::string Where = describePlace(SM, B.F->getLocation());
    if (B.F->getIdentifier() && Names.count(B.F->getName().str()))
      return "the fix edits '" + B.F->getNameAsString() + "' (" + Where +
             "), which clang could not parse: what it dropped there is not "
             "known";
    if (!B.Readable)
      return "'" + B.F->getNameAsString() + "', which clang could not parse (" +
             Where + "), cannot be read around its error";
    for (const auto &[Name, At] : B.Identifiers)
      if (Names.count(Name))
        return "'" + B.F->getNameAsString() + "', which clang could not " +
               "parse (" + Where + "), names '" + Name + "' at " +
               describePlace(SM, At) +
               (B.Carried
                    ? ", and a variable it uses near its error may hold it; "
                      "the fix rewrites or uses it"
                    : ", near its error, and the fix rewrites or uses it");
  }
  return "";
}

} // namespace bankfix
