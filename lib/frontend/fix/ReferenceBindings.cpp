// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReferenceBindings.cpp - The elements a reference parameter names ---===//

#include "frontend/fix/ReferenceBindings.h"

#include "frontend/parse/UserDecls.h"
#include "frontend/report/SourcePlace.h"
#include "frontend/walk/AtomicRefs.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"

#include <map>

using namespace clang;

namespace bankfix {

/// Every direct call in the user's code, by the function it calls (its
/// definition).
struct ReferenceBinder::Index : DynamicRecursiveASTVisitor {
  std::map<const FunctionDecl *, std::vector<const CallExpr *>> Calls;

  Index() { ShouldVisitTemplateInstantiations = true; }
  bool VisitCallExpr(CallExpr *Call) override {
    if (const FunctionDecl *F = Call->getDirectCallee())
      if (const FunctionDecl *Def = F->getDefinition())
        Calls[Def].push_back(Call);
    return true;
  }
};

namespace {

using CallIndex = ReferenceBinder::Index;

/// The reference parameter \p E names, or null.
const ParmVarDecl *referenceParameter(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  return P && P->getType()->isReferenceType() ? P : nullptr;
}

void bindingsOf(ASTContext &Ctx, const CallIndex &Index,
                const ParmVarDecl *Param, unsigned Depth,
                ReferenceBindings &Out) {
  constexpr unsigned MaxDepth = 4;
  const auto *F = dyn_cast<FunctionDecl>(Param->getDeclContext());
  auto It = F ? Index.Calls.find(F) : Index.Calls.end();
  if (It == Index.Calls.end() || Depth >= MaxDepth) {
    Out.Problem =
        "no call that binds '" + Param->getNameAsString() + "' can be followed";
    return;
  }
  unsigned I = Param->getFunctionScopeIndex();
  for (const CallExpr *Call : It->second) {
    if (I >= Call->getNumArgs() || isa<CXXOperatorCallExpr>(Call)) {
      Out.Problem = "the call at " +
                    describePlace(Ctx.getSourceManager(), Call->getBeginLoc()) +
                    " binds '" + Param->getNameAsString() +
                    "' to what bankfix does not follow";
      return;
    }
    const Expr *Arg = Call->getArg(I)->IgnoreParenImpCasts();
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(Arg)) {
      Out.Subscripts.push_back(S);
      continue;
    }
    // A register (a local or a parameter passed by value): no subscript
    // to rewrite, and no shared memory there.
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Arg))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && V->hasLocalStorage() && !V->getType()->isReferenceType() &&
          !V->getType()->isArrayType())
        continue;
    if (const ParmVarDecl *Outer = referenceParameter(Arg)) {
      bindingsOf(Ctx, Index, Outer, Depth + 1, Out);
      if (!Out.Problem.empty())
        return;
      continue;
    }
    Out.Problem = "the call at " +
                  describePlace(Ctx.getSourceManager(), Call->getBeginLoc()) +
                  " binds '" + Param->getNameAsString() +
                  "' to something other than an element";
    return;
  }
}

} // namespace

/// The cuda::atomic_ref parameter \p E names, or null.
static const ParmVarDecl *atomicRefParameter(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreImplicit()->IgnoreParens());
  const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  return P && walk::isAtomicRef(P->getType()) ? P : nullptr;
}

void ReferenceBinder::atomicRefBindings(const ParmVarDecl *Param,
                                        ReferenceBindings &Out) {
  const Index &Known = calls();
  const auto *F = dyn_cast<FunctionDecl>(Param->getDeclContext());
  auto It = F ? Known.Calls.find(F) : Known.Calls.end();
  if (It == Known.Calls.end()) {
    Out.Problem =
        "no call that gives '" + Param->getNameAsString() + "' can be followed";
    return;
  }
  unsigned I = Param->getFunctionScopeIndex();
  for (const CallExpr *Call : It->second) {
    const Expr *Arg = I < Call->getNumArgs() && !isa<CXXOperatorCallExpr>(Call)
                          ? Call->getArg(I)
                          : nullptr;
    const Expr *On = nullptr;
    if (Arg && !(On = walk::atomicRefConstructedOn(Arg)))
      On = walk::atomicRefVariableTarget(Arg);
    const auto *S =
        On ? dyn_cast<ArraySubscriptExpr>(On->IgnoreParens()) : nullptr;
    if (!S) {
      Out.Problem = "the call at " +
                    describePlace(Ctx.getSourceManager(), Call->getBeginLoc()) +
                    " gives '" + Param->getNameAsString() +
                    "' a cuda::atomic_ref bankfix does not trace to an element";
      return;
    }
    Out.Subscripts.push_back(S);
  }
}

ReferenceBinder::ReferenceBinder(ASTContext &Ctx) : Ctx(Ctx) {}

const ReferenceBinder::Index &ReferenceBinder::calls() {
  if (!Calls) {
    Calls = std::make_unique<Index>();
    traverseUserDecls(Ctx, *Calls);
  }
  return *Calls;
}

ReferenceBinder::~ReferenceBinder() = default;

ReferenceBindings ReferenceBinder::of(const Expr *Access) {
  ReferenceBindings Out;
  // A cuda::atomic_ref variable: the element its constructor names.
  if (const Expr *On = walk::atomicRefVariableTarget(Access)) {
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(On->IgnoreParens()))
      Out.Subscripts.push_back(S);
    else
      Out.Problem = "its cuda::atomic_ref is made on something other than "
                    "an element";
    return Out;
  }
  if (const ParmVarDecl *Ref = atomicRefParameter(Access)) {
    atomicRefBindings(Ref, Out);
    return Out;
  }
  const ParmVarDecl *Param = referenceParameter(Access);
  if (!Param) {
    Out.Problem = "it is not a reference parameter";
    return Out;
  }
  bindingsOf(Ctx, calls(), Param, 0, Out);
  return Out;
}

} // namespace bankfix
