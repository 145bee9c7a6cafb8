// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchArguments.cpp - Kernel parameters the launches fix -----------===//

#include "frontend/analysis/LaunchArguments.h"

#include "frontend/report/SourcePlace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"

using namespace clang;

namespace bankfix {

/// Whether \p V is a value of the parameter's integer type \p T.
static bool fits(ASTContext &Ctx, QualType T, uint64_t V) {
  if (T->isBooleanType())
    return V <= 1;
  unsigned Bits = Ctx.getIntWidth(T);
  bool Signed = T->isSignedIntegerOrEnumerationType();
  unsigned Usable = Signed ? Bits - 1 : Bits;
  return Usable >= 64 || V < (uint64_t(1) << Usable);
}

/// Parameter \p I, which the launches \p Mine pass different values:
/// recorded by block shape when each launch has one shape and a value, and
/// the launches of one shape agree.
static void byShape(ASTContext &Ctx,
                    const std::vector<const LaunchSite *> &Mine, unsigned I,
                    LaunchArguments &Out) {
  QualType T = Mine.front()->Kernel->getParamDecl(I)->getType();
  std::map<std::array<unsigned, 3>, uint64_t> Values;
  for (const LaunchSite *L : Mine) {
    if (L->Shapes.size() != 1 || I >= L->Arguments.size() || !L->Arguments[I] ||
        !fits(Ctx, T, *L->Arguments[I]))
      return;
    auto [It, New] = Values.insert({L->Shapes[0].Dim, *L->Arguments[I]});
    if (!New && It->second != *L->Arguments[I])
      return;
  }
  for (const auto &[Shape, V] : Values)
    Out.ByShape[Shape][I] = int64_t(V);
}

LaunchArguments launchArguments(const FunctionDecl &Kernel,
                                const std::vector<LaunchSite> &Launches) {
  LaunchArguments Out;
  if (!Kernel.hasAttr<CUDAGlobalAttr>())
    return Out;
  std::vector<const LaunchSite *> Mine;
  for (const LaunchSite &L : Launches) {
    // A launch of a kernel not followed may launch this one with anything.
    if (!L.Kernel)
      return Out;
    if (L.Kernel->getCanonicalDecl() == Kernel.getCanonicalDecl())
      Mine.push_back(&L);
  }
  if (Mine.empty())
    return Out;
  ASTContext &Ctx = Kernel.getASTContext();
  std::string Names;
  for (unsigned I = 0; I < Kernel.getNumParams(); ++I) {
    const ParmVarDecl *P = Kernel.getParamDecl(I);
    if (!P->getType()->isIntegralOrEnumerationType())
      continue;
    std::optional<uint64_t> Value;
    bool Same = true;
    for (const LaunchSite *L : Mine) {
      if (I >= L->Arguments.size() || !L->Arguments[I] ||
          (Value && *Value != *L->Arguments[I])) {
        Same = false;
        break;
      }
      Value = L->Arguments[I];
    }
    if (!Same) {
      byShape(Ctx, Mine, I, Out);
      continue;
    }
    if (!Value || !fits(Ctx, P->getType(), *Value))
      continue;
    Out.Values[I] = int64_t(*Value);
    Names += (Names.empty() ? "" : ", ") + P->getNameAsString() + " = " +
             std::to_string(*Value);
  }
  for (auto &[Shape, Values] : Out.ByShape)
    for (const auto &[I, V] : Values)
      Out.SaidByShape[Shape] += (Out.SaidByShape[Shape].empty() ? "" : ", ") +
                                Kernel.getParamDecl(I)->getNameAsString() +
                                " = " + std::to_string(V);
  if (Names.empty())
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  Out.Said = Names;
  Out.OneLaunch = Mine.size() == 1;
  Out.Where = Out.OneLaunch ? " as passed at " + describePlace(SM, Mine[0]->Loc)
                            : " as passed by each of its " +
                                  std::to_string(Mine.size()) + " launches";
  return Out;
}

} // namespace bankfix
