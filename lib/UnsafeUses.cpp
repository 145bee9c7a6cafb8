//===- UnsafeUses.cpp - Uses of a shared array that padding would break ---===//

#include "UnsafeUses.h"

#include "SourcePlace.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace bankfix {

namespace {

class UseFinder : public RecursiveASTVisitor<UseFinder> {
public:
  UseFinder(ASTContext &Ctx, const llvm::DenseSet<const DeclRefExpr *> &Safe,
            llvm::DenseMap<const VarDecl *, std::string> &Out)
      : Ctx(Ctx), Safe(Safe), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || !V->hasAttr<CUDASharedAttr>() || !V->getType()->isArrayType() ||
        Safe.contains(Ref) || Out.count(V))
      return true;
    std::string Why = classify(Ref, V);
    if (!Why.empty())
      Out[V] = Why + " at " +
               describePlace(Ctx.getSourceManager(), Ref->getBeginLoc());
    return true;
  }

private:
  /// The parent of \p N, skipping parentheses and implicit casts.
  const Stmt *parentOf(const Stmt *N, const Stmt *&Child) {
    Child = N;
    while (true) {
      DynTypedNodeList Parents = Ctx.getParents(*Child);
      if (Parents.empty())
        return nullptr;
      const Stmt *P = Parents[0].get<Stmt>();
      if (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P))) {
        Child = P;
        continue;
      }
      return P;
    }
  }

  std::string classify(const DeclRefExpr *Ref, const VarDecl *V) {
    unsigned Rank = 0;
    for (QualType T = V->getType(); const ArrayType *AT = Ctx.getAsArrayType(T);
         T = AT->getElementType())
      ++Rank;
    std::string Name = "'" + V->getNameAsString() + "'";
    const Stmt *Cur = Ref, *Child = nullptr;
    unsigned Depth = 0;
    const Stmt *P = parentOf(Cur, Child);
    while (const auto *S = dyn_cast_or_null<ArraySubscriptExpr>(P)) {
      if (S->getBase()->IgnoreParenImpCasts() != Cur && S->getBase() != Child)
        break;
      ++Depth;
      Cur = S;
      P = parentOf(Cur, Child);
    }
    if (Depth == Rank) {
      // An element: its own address survives padding when it goes straight
      // to a call (atomicAdd(&t[y][x], v)); kept anywhere else, pointer
      // arithmetic on it could cross rows.
      const auto *U = dyn_cast_or_null<UnaryOperator>(P);
      if (!U || U->getOpcode() != UO_AddrOf)
        return "";
      const Stmt *Inner = nullptr;
      const Stmt *Up = parentOf(U, Inner);
      if (Up && (isa<CallExpr>(Up)))
        return "";
      return "the address of an element of " + Name + " is taken";
    }
    const char *What = Depth == 0 ? "" : "a row of ";
    if (const auto *T = dyn_cast_or_null<UnaryExprOrTypeTraitExpr>(P))
      if (T->getKind() == UETT_SizeOf)
        return std::string("sizeof of ") + What + Name + " is used";
    if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
      const FunctionDecl *F = Call->getDirectCallee();
      return std::string(What) + Name + " is passed to " +
             (F ? "'" + F->getNameAsString() + "'" : "a function");
    }
    if (P && (isa<CXXReinterpretCastExpr>(P) || isa<CStyleCastExpr>(P)))
      return std::string(What) + Name +
             " is cast to another pointer type (vector accesses over rows "
             "would lose their alignment)";
    return std::string(What) + Name + " is used as a pointer";
  }

  ASTContext &Ctx;
  const llvm::DenseSet<const DeclRefExpr *> &Safe;
  llvm::DenseMap<const VarDecl *, std::string> &Out;
};

} // namespace

llvm::DenseMap<const VarDecl *, std::string>
findUnsafeUses(ASTContext &Ctx,
               const llvm::DenseSet<const DeclRefExpr *> &ElementRefs) {
  llvm::DenseMap<const VarDecl *, std::string> Out;
  UseFinder(Ctx, ElementRefs, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

} // namespace bankfix
