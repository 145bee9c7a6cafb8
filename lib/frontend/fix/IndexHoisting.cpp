// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IndexHoisting.cpp - An index with a call moved into a variable -----===//

#include "frontend/fix/IndexHoisting.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace bankfix {

namespace {

/// Whether \p P evaluates its operand \p Child only sometimes.
bool conditional(const Stmt *P, const Stmt *Child) {
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(P))
    return C->getCond() != Child;
  if (const auto *B = dyn_cast<BinaryOperator>(P))
    return (B->isLogicalOp() || B->getOpcode() == BO_Comma) &&
           B->getLHS() != Child;
  return false;
}

/// The statement of a block that holds \p E: found, or why not.
const Stmt *statementOf(ASTContext &Ctx, const Expr *E, std::string &Why) {
  const Stmt *Child = E;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*Child);
    if (Parents.empty()) {
      Why = "it is not inside a function body";
      return nullptr;
    }
    if (const auto *Block = Parents[0].get<CompoundStmt>()) {
      (void)Block;
      return Child;
    }
    const Stmt *P = Parents[0].get<Stmt>();
    // A local's initialiser: its declaration statement.
    if (const auto *V = Parents[0].get<VarDecl>(); V && V->isLocalVarDecl()) {
      DynTypedNodeList Decl = Ctx.getParents(*V);
      P = Decl.empty() ? nullptr : Decl[0].get<DeclStmt>();
    }
    if (!P || isa<LambdaExpr>(P)) {
      Why = "it is inside a declaration bankfix does not rewrite";
      return nullptr;
    }
    if (conditional(P, Child)) {
      Why = "it is evaluated only on one side of a condition";
      return nullptr;
    }
    if (const auto *D = dyn_cast<DeclStmt>(P); D && !D->isSingleDecl()) {
      Why = "it is in a declaration of several variables";
      return nullptr;
    }
    if (!isa<Expr>(P) && !isa<DeclStmt>(P) && !isa<ReturnStmt>(P)) {
      Why = "its statement is not in braces";
      return nullptr;
    }
    Child = P;
  }
}

/// Whether \p Statement calls a function outside \p Index (CUDA's
/// threadIdx and friends are properties, not calls), constructors and
/// new and delete included.
bool callsElsewhere(const Stmt *Statement, const Expr *Index) {
  struct Finder : DynamicRecursiveASTVisitor {
    const Expr *Skip = nullptr;
    bool Found = false;
    bool TraverseStmt(Stmt *S) override {
      return S == Skip || DynamicRecursiveASTVisitor::TraverseStmt(S);
    }
    bool TraversePseudoObjectExpr(PseudoObjectExpr *P) override {
      if (isa<MSPropertyRefExpr>(P->getSyntacticForm()->IgnoreParens()))
        return true;
      return DynamicRecursiveASTVisitor::TraversePseudoObjectExpr(P);
    }
    bool VisitCallExpr(CallExpr *) override {
      Found = true;
      return false;
    }
    // A constructor that is not trivial, new and delete run code too.
    bool VisitCXXConstructExpr(CXXConstructExpr *C) override {
      Found = !C->getConstructor()->isTrivial();
      return !Found;
    }
    bool VisitCXXNewExpr(CXXNewExpr *) override {
      Found = true;
      return false;
    }
    bool VisitCXXDeleteExpr(CXXDeleteExpr *) override {
      Found = true;
      return false;
    }
  } F;
  F.Skip = Index;
  F.TraverseStmt(const_cast<Stmt *>(Statement));
  return F.Found;
}

/// Whether \p Statement, outside \p Index, writes a variable that
/// \p Index reads: moved before the statement, the index would read it
/// before the write that C++ orders first (`s[f(i)] = (i = 0) + 1`
/// evaluates the right side first).
bool writesWhatIndexReads(const Stmt *Statement, const Expr *Index) {
  struct Reads : DynamicRecursiveASTVisitor {
    llvm::SmallPtrSet<const ValueDecl *, 8> Vars;
    bool VisitDeclRefExpr(DeclRefExpr *R) override {
      Vars.insert(R->getDecl());
      return true;
    }
  } R;
  R.TraverseStmt(const_cast<Expr *>(Index));
  struct Writes : DynamicRecursiveASTVisitor {
    const Expr *Skip = nullptr;
    const llvm::SmallPtrSet<const ValueDecl *, 8> *Vars = nullptr;
    bool Found = false;
    bool TraverseStmt(Stmt *S) override {
      return S == Skip || DynamicRecursiveASTVisitor::TraverseStmt(S);
    }
    void target(const Expr *E) {
      if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        Found = Found || Vars->count(Ref->getDecl());
    }
    bool VisitBinaryOperator(BinaryOperator *B) override {
      if (B->isAssignmentOp())
        target(B->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) override {
      if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
        target(U->getSubExpr());
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) override {
      if (C->isAssignmentOp() && C->getNumArgs() > 0)
        target(C->getArg(0));
      return true;
    }
  } W;
  W.Skip = Index;
  W.Vars = &R.Vars;
  W.TraverseStmt(const_cast<Stmt *>(Statement));
  return W.Found;
}

/// Why a jump could pass the declaration put before \p Statement (which
/// C++ refuses): a `switch` around it, or a `goto` in its function; empty
/// when none can.
std::string jumpPast(ASTContext &Ctx, const Stmt *Statement) {
  DynTypedNode Node = DynTypedNode::create(*Statement);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return "";
    Node = Parents[0];
    if (Node.get<SwitchStmt>())
      return "it is inside a switch, whose case labels could jump past the "
             "variable";
    if (const auto *F = Node.get<FunctionDecl>()) {
      struct Gotos : DynamicRecursiveASTVisitor {
        bool Found = false;
        bool VisitGotoStmt(GotoStmt *) override { return !(Found = true); }
        bool VisitIndirectGotoStmt(IndirectGotoStmt *) override {
          return !(Found = true);
        }
      } G;
      G.TraverseStmt(F->getBody());
      return G.Found ? "its function has a goto, which could jump past the "
                       "variable"
                     : "";
    }
    if (Node.get<LambdaExpr>())
      return "";
  }
}

} // namespace

HoistedIndex hoistIndex(ASTContext &Ctx, const ArraySubscriptExpr *S) {
  HoistedIndex Out;
  const Expr *Index = S->getIdx();
  if (Index->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false)) {
    Out.Problem = "it has side effects";
    return Out;
  }
  const Stmt *Statement = statementOf(Ctx, S, Out.Problem);
  if (!Statement)
    return Out;
  // Moved before its statement, the index's calls would run before the
  // statement's other calls, which may come first now (`a = b` runs b
  // first).
  if (callsElsewhere(Statement, Index)) {
    Out.Problem = "its statement calls other functions, which would then "
                  "run after it";
    return Out;
  }
  if (writesWhatIndexReads(Statement, Index)) {
    Out.Problem = "its statement writes a variable the index reads";
    return Out;
  }
  if (std::string Jump = jumpPast(Ctx, Statement); !Jump.empty()) {
    Out.Problem = Jump;
    return Out;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = Statement->getBeginLoc();
  std::string Written = writtenText(Ctx, Index->getSourceRange());
  if (Begin.isMacroID() || Written.empty()) {
    Out.Problem = "a macro writes it";
    return Out;
  }
  // Named by where the index is written: the instantiations of a
  // template hoist it alike, two indices never share a name.
  StringRef File = SM.getBufferData(SM.getFileID(Begin));
  SourceLocation At = SM.getFileLoc(Index->getBeginLoc());
  Out.Name = "bankfix_index_" + std::to_string(SM.getSpellingLineNumber(At)) +
             "_" + std::to_string(SM.getSpellingColumnNumber(At));
  if (File.find(Out.Name) != StringRef::npos) {
    Out.Problem = "the file already uses the name '" + Out.Name + "'";
    return Out;
  }
  // The declaration on a line of its own, indented as the statement is.
  unsigned Column = SM.getSpellingColumnNumber(Begin);
  StringRef Line =
      File.substr(SM.getFileOffset(Begin) - (Column - 1), Column - 1);
  bool OwnLine = Line.find_first_not_of(" \t") == StringRef::npos;
  std::string Text = "const auto " + Out.Name + " = " + Written + ";" +
                     (OwnLine ? "\n" + Line.str() : " ");
  FixEdit Edit;
  Edit.Range = CharSourceRange::getCharRange(Begin, Begin);
  Edit.Text = Text;
  Edit.Edit.File = SM.getFilename(Begin).str();
  Edit.Edit.Offset = SM.getFileOffset(Begin);
  Edit.Edit.Length = 0;
  Edit.Edit.Text = Text;
  if (SM.isInSystemHeader(Begin) || Edit.Edit.File.empty()) {
    Out.Problem = "it is in a system header";
    return Out;
  }
  Out.Declaration = Edit;
  return Out;
}

} // namespace bankfix
