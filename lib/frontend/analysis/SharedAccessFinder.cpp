//===- SharedAccessFinder.cpp - __shared__ arrays and their accesses ------===//

#include "frontend/analysis/SharedAccessFinder.h"

#include "frontend/analysis/ElementAccess.h"
#include "frontend/analysis/FunctionWalker.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <tuple>

using namespace clang;

namespace bankfix {

std::string functionDisplayName(const FunctionDecl &F) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  F.getNameForDiagnostic(OS, F.getASTContext().getPrintingPolicy(),
                         /*Qualified=*/false);
  return Name;
}

namespace {

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, SharedAccesses &Out,
            const std::function<bool(const FunctionDecl &)> &ShouldAnalyse)
      : Ctx(Ctx), Out(Out), ShouldAnalyse(ShouldAnalyse) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    // The toolkit's headers hold no shared accesses worth reporting.
    if (D && !isa<TranslationUnitDecl>(D) &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *F) {
    // An instantiation whose body failed to instantiate has none: the
    // filter still hears of it.
    bool FailedInstantiation =
        F->isInvalidDecl() && F->isTemplateInstantiation();
    if (!(F->doesThisDeclarationHaveABody() || FailedInstantiation) ||
        F->isDependentContext() ||
        !(F->hasAttr<CUDAGlobalAttr>() || F->hasAttr<CUDADeviceAttr>()))
      return true;
    if ((ShouldAnalyse && !ShouldAnalyse(*F)) ||
        !F->doesThisDeclarationHaveABody())
      return true;
    std::string Name = functionDisplayName(*F);
    walkFunction(Ctx, *F,
                 [&](const ElementAccess &A, AccessKind Kind,
                     std::vector<LaneExprPtr> Indices, LaneExprPtr Guard,
                     const std::string &Iteration) {
                   add(*F, Name, A, Kind, std::move(Indices), std::move(Guard),
                       Iteration);
                 });
    return true;
  }

  // Function bodies are walked by the FunctionWalker, not visited here.
  bool TraverseStmt(Stmt *) { return true; }

private:
  const SharedArray *arrayFor(const VarDecl *V) {
    auto It = Arrays.find(V);
    if (It != Arrays.end())
      return It->second;
    const SharedArray *Result = nullptr;
    if (std::optional<SharedArrayLayout> Layout = sharedArrayLayout(Ctx, *V)) {
      auto A = std::make_unique<SharedArray>();
      A->Decl = V;
      A->Layout = std::move(*Layout);
      A->TypeSpelling = V->getType().getAsString(Ctx.getPrintingPolicy());
      Result = A.get();
      Out.Arrays.push_back(std::move(A));
    }
    Arrays[V] = Result;
    return Result;
  }

  void add(const FunctionDecl &F, const std::string &Name,
           const ElementAccess &A, AccessKind Kind,
           std::vector<LaneExprPtr> Indices, LaneExprPtr Guard,
           const std::string &Iteration) {
    const SharedArray *Array = arrayFor(A.Array);
    if (!Array)
      return;
    auto Key = std::make_tuple(A.Top, unsigned(Kind), &F);
    auto [It, New] = Index.try_emplace(Key, Out.Accesses.size());
    if (New) {
      FoundAccess Access;
      Access.Expr = A.Top;
      Access.Ref = A.Ref;
      Access.Function = &F;
      Access.FunctionName = Name;
      Access.Array = Array;
      Access.Kind = Kind;
      if (!isSupportedAccessWidth(unsigned(A.Width)) || A.Alignment < A.Width)
        Access.Unsupported =
            "it copies " + std::to_string(A.Width) + " bytes of '" +
            A.Top->getType().getAsString(Ctx.getPrintingPolicy()) +
            "' (alignment " + std::to_string(A.Alignment) +
            "), which the compiler splits into several accesses";
      Out.Accesses.push_back(std::move(Access));
    }
    AccessInstance Instance;
    Instance.Desc.Indices = std::move(Indices);
    Instance.Desc.Guard = std::move(Guard);
    Instance.Desc.ByteOffset = A.ByteOffset;
    Instance.Desc.Width = unsigned(A.Width);
    Instance.Desc.Kind = Kind;
    Instance.Iteration = Iteration;
    Out.Accesses[It->second].Instances.push_back(std::move(Instance));
  }

  ASTContext &Ctx;
  SharedAccesses &Out;
  const std::function<bool(const FunctionDecl &)> &ShouldAnalyse;
  llvm::DenseMap<const VarDecl *, const SharedArray *> Arrays;
  std::map<std::tuple<const Expr *, unsigned, const FunctionDecl *>, size_t>
      Index;
};

} // namespace

SharedAccesses findSharedAccesses(
    ASTContext &Ctx,
    const std::function<bool(const FunctionDecl &)> &ShouldAnalyse) {
  SharedAccesses Out;
  Collector(Ctx, Out, ShouldAnalyse).TraverseDecl(Ctx.getTranslationUnitDecl());
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Out.Accesses.begin(), Out.Accesses.end(),
                   [&](const FoundAccess &A, const FoundAccess &B) {
                     if (A.Expr->getBeginLoc() != B.Expr->getBeginLoc())
                       return SM.isBeforeInTranslationUnit(
                           A.Expr->getBeginLoc(), B.Expr->getBeginLoc());
                     return A.FunctionName < B.FunctionName;
                   });
  return Out;
}

} // namespace bankfix
