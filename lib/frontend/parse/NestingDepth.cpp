// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NestingDepth.cpp - The deepest statement or expression of a file ---===//

#include "frontend/parse/NestingDepth.h"
#include "frontend/parse/UserDecls.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

#include <utility>
#include <vector>

using namespace clang;

namespace bankfix {

namespace {

/// Deepest node under \p Root, iteratively; stops past \p Limit.
void walk(const Stmt *Root, unsigned Limit, DeepestNode &Deepest) {
  std::vector<std::pair<const Stmt *, unsigned>> Stack{{Root, 1}};
  while (!Stack.empty() && Deepest.Depth <= Limit) {
    auto [S, Depth] = Stack.back();
    Stack.pop_back();
    if (Depth > Deepest.Depth)
      Deepest = {Depth, S};
    for (const Stmt *Child : S->children())
      if (Child)
        Stack.push_back({Child, Depth + 1});
  }
}

} // namespace

DeepestNode findDeepestNode(ASTContext &Ctx, unsigned Limit) {
  DeepestNode Deepest;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const DeclContext *> Contexts;
  std::vector<const Decl *> Top;
  for (const Decl *D : userDecls(Ctx))
    Top.push_back(D);
  while (!Top.empty() || !Contexts.empty()) {
    if (Deepest.Depth > Limit)
      break;
    std::vector<const Decl *> Decls;
    if (!Top.empty()) {
      Decls.swap(Top);
    } else {
      const DeclContext *DC = Contexts.back();
      Contexts.pop_back();
      Decls.assign(DC->decls_begin(), DC->decls_end());
    }
    for (const Decl *D : Decls) {
      // What the analysis walks: the main file and the user's headers. A
      // precompiled preamble holds system headers only: its declarations
      // are not loaded to be looked at.
      if (D->isFromASTFile())
        continue;
      if (SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())) &&
          !isa<NamespaceDecl, LinkageSpecDecl>(D))
        continue;
      if (const auto *F = dyn_cast<FunctionDecl>(D);
          F && F->doesThisDeclarationHaveABody())
        walk(F->getBody(), Limit, Deepest);
      else if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D);
               FT && FT->getTemplatedDecl()->doesThisDeclarationHaveABody())
        walk(FT->getTemplatedDecl()->getBody(), Limit, Deepest);
      else if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
        walk(V->getInit(), Limit, Deepest);
      if (const auto *Inner = dyn_cast<DeclContext>(D);
          Inner && !isa<FunctionDecl>(D))
        Contexts.push_back(Inner);
      else if (const auto *CT = dyn_cast<ClassTemplateDecl>(D))
        Contexts.push_back(CT->getTemplatedDecl());
    }
  }
  return Deepest;
}

} // namespace bankfix
