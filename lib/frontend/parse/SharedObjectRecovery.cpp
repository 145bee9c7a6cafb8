// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SharedObjectRecovery.cpp - Template instances clang dropped --------===//

#include "frontend/parse/SharedObjectRecovery.h"

#include "frontend/parse/FunctionErrors.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"

#include <memory>
#include <vector>

using namespace clang;

namespace bankfix {

namespace {

/// The instances of function templates clang marked invalid.
struct InvalidInstances : DynamicRecursiveASTVisitor {
  std::vector<FunctionDecl *> Found;
  InvalidInstances() { ShouldVisitTemplateInstantiations = true; }
  bool VisitFunctionDecl(FunctionDecl *F) override {
    if (F->isInvalidDecl() && F->isTemplateInstantiation() && !F->hasBody() &&
        F->getTemplateInstantiationPattern())
      Found.push_back(F);
    return true;
  }
};

/// A __shared__ variable of a template's pattern, made a plain local while
/// one instance is instantiated again.
struct Lowered {
  VarDecl *Var;
  StorageClass Storage;
  Attr *Shared;
};

} // namespace

unsigned recoverSharedObjectInstances(Sema &S,
                                      llvm::ArrayRef<SourceLocation> Accepted) {
  if (Accepted.empty())
    return 0;
  ASTContext &Ctx = S.getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  InvalidInstances Instances;
  Instances.TraverseDecl(Ctx.getTranslationUnitDecl());
  unsigned Recovered = 0;
  for (FunctionDecl *F : Instances.Found) {
    FunctionDecl *Pattern = F->getTemplateInstantiationPattern();
    std::vector<Lowered> Changed;
    for (VarDecl *V : refusedSharedObjects(*Pattern->getBody(), SM, Accepted)) {
      Changed.push_back(
          {V, V->getStorageClass(), V->getAttr<CUDASharedAttr>()});
      V->dropAttr<CUDASharedAttr>();
      V->setStorageClass(SC_None);
    }
    if (Changed.empty())
      continue;
    // What goes wrong in the new instance is not reported: the instance
    // then stays dropped, as clang left it.
    DiagnosticsEngine &Diags = S.getDiagnostics();
    bool Suppressed = Diags.getSuppressAllDiagnostics();
    Diags.setSuppressAllDiagnostics(true);
    // The parse has left the translation unit's scope, where Sema declares
    // the builtins an instantiation may look up: one is lent meanwhile.
    std::unique_ptr<Scope> Lent;
    if (!S.TUScope) {
      Lent = std::make_unique<Scope>(nullptr, Scope::DeclScope, Diags);
      Lent->setEntity(Ctx.getTranslationUnitDecl());
      S.TUScope = Lent.get();
    }
    F->setInvalidDecl(false);
    S.InstantiateFunctionDefinition(F->getPointOfInstantiation(), F,
                                    /*Recursive=*/true,
                                    /*DefinitionRequired=*/false,
                                    /*AtEndOfTU=*/true);
    S.PerformPendingInstantiations();
    if (Lent)
      S.TUScope = nullptr;
    Diags.setSuppressAllDiagnostics(Suppressed);
    for (const Lowered &L : Changed) {
      L.Var->addAttr(L.Shared);
      L.Var->setStorageClass(L.Storage);
    }
    if (!F->hasBody() || F->isInvalidDecl()) {
      F->setInvalidDecl();
      continue;
    }
    // The instance's copies of the variables (at the same places as those
    // of the pattern) are __shared__ again, and invalid as clang leaves
    // such a variable in a kernel that is not a template (FunctionErrors.h
    // does not count that as an error).
    struct Copies : DynamicRecursiveASTVisitor {
      const std::vector<Lowered> &Of;
      std::vector<VarDecl *> Found;
      explicit Copies(const std::vector<Lowered> &Of) : Of(Of) {}
      bool VisitVarDecl(VarDecl *V) override {
        for (const Lowered &L : Of)
          if (V->getLocation() == L.Var->getLocation())
            Found.push_back(V);
        return true;
      }
    } InInstance(Changed);
    InInstance.TraverseStmt(F->getBody());
    for (VarDecl *V : InInstance.Found) {
      V->addAttr(CUDASharedAttr::CreateImplicit(Ctx));
      V->setStorageClass(SC_Static);
      V->setInvalidDecl();
    }
    ++Recovered;
  }
  return Recovered;
}

} // namespace bankfix
