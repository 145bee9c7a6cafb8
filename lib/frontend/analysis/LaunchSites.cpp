//===- LaunchSites.cpp - Kernel launches and the block shapes they use ----===//

#include "frontend/analysis/LaunchSites.h"
#include "frontend/parse/UserDecls.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace bankfix {

namespace {

/// Whether \p Body assigns \p V or one of its members, or takes its address.
class ChangeFinder : public RecursiveASTVisitor<ChangeFinder> {
public:
  explicit ChangeFinder(const VarDecl *V) : V(V) {}
  bool Changed = false;

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp() && refersTo(B->getLHS()))
      Changed = true;
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() > 0 && refersTo(C->getArg(0)))
      Changed = true;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if ((U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
        refersTo(U->getSubExpr()))
      Changed = true;
    return true;
  }

private:
  bool refersTo(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase()->IgnoreParenImpCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    return Ref && Ref->getDecl() == V;
  }
  const VarDecl *V;
};

class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  LaunchFinder(ASTContext &Ctx, std::vector<LaunchSite> &Out)
      : Ctx(Ctx), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    // Launches in the toolkit's headers are not reported: not walked.
    if (D && !isa<TranslationUnitDecl>(D) &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool TraverseFunctionDecl(FunctionDecl *F) {
    const FunctionDecl *Saved = Function;
    Function = F;
    bool Result = RecursiveASTVisitor::TraverseFunctionDecl(F);
    Function = Saved;
    return Result;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    LaunchSite Site;
    Site.Kernel = Call->getDirectCallee();
    Site.Loc = Call->getBeginLoc();
    if (!Site.Kernel || Ctx.getSourceManager().isInSystemHeader(Site.Loc))
      return true;
    const CallExpr *Config = Call->getConfig();
    if (Config && Config->getNumArgs() >= 2)
      Site.Shape = dim3Value(Config->getArg(1), 0);
    if (Config && Config->getNumArgs() >= 3 &&
        !isa<CXXDefaultArgExpr>(Config->getArg(2))) {
      Site.DynamicBytesExpr = Config->getArg(2);
      Expr::EvalResult R;
      if (!Site.DynamicBytesExpr->isValueDependent() &&
          Site.DynamicBytesExpr->EvaluateAsInt(R, Ctx) &&
          !R.Val.getInt().isNegative())
        Site.DynamicBytes = R.Val.getInt().getZExtValue();
    }
    Out.push_back(Site);
    return true;
  }

private:
  std::optional<unsigned> intValue(const Expr *E) {
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    const llvm::APSInt &V = R.Val.getInt();
    if (V.isNegative() || V.getActiveBits() > 32)
      return std::nullopt;
    return unsigned(V.getZExtValue());
  }

  std::optional<BlockShape> dim3Value(const Expr *E, unsigned Depth) {
    if (!E || Depth > 16)
      return std::nullopt;
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
      return dim3Value(Cast->getSubExpr(), Depth + 1);
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
      if (Construct->getNumArgs() == 1 &&
          Construct->getConstructor()->isCopyOrMoveConstructor())
        return dim3Value(Construct->getArg(0), Depth + 1);
      BlockShape Shape;
      Shape.Dim = {1, 1, 1};
      if (Construct->getNumArgs() > 3)
        return std::nullopt;
      for (unsigned I = 0; I < Construct->getNumArgs(); ++I) {
        const Expr *Arg = Construct->getArg(I);
        if (!Arg->getType()->isIntegralOrEnumerationType())
          return std::nullopt;
        std::optional<unsigned> V = intValue(Arg);
        if (!V || *V == 0)
          return std::nullopt;
        Shape.Dim[I] = *V;
      }
      if (Shape.threads() > MaxThreadsPerBlock)
        return std::nullopt;
      return Shape;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V || !V->getInit())
        return std::nullopt;
      if (V->hasLocalStorage() && Function && Function->getBody()) {
        ChangeFinder Changes(V);
        Changes.TraverseStmt(Function->getBody());
        if (Changes.Changed)
          return std::nullopt;
      } else if (!V->getType().isConstQualified()) {
        return std::nullopt;
      }
      return dim3Value(V->getInit(), Depth + 1);
    }
    if (E->getType()->isIntegralOrEnumerationType())
      if (std::optional<unsigned> V = intValue(E))
        if (*V > 0 && *V <= MaxThreadsPerBlock)
          return BlockShape{{*V, 1, 1}};
    return std::nullopt;
  }

  ASTContext &Ctx;
  std::vector<LaunchSite> &Out;
  const FunctionDecl *Function = nullptr;
};

} // namespace

std::vector<LaunchSite> findLaunchSites(ASTContext &Ctx) {
  std::vector<LaunchSite> Sites;
  LaunchFinder Finder(Ctx, Sites);
  traverseUserDecls(Ctx, Finder);
  return Sites;
}

} // namespace bankfix
