//===- LaunchArguments.cpp - Kernel parameters the launches fix -----------===//

#include "frontend/analysis/LaunchArguments.h"

#include "frontend/report/SourcePlace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"

#include <algorithm>

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

LaunchArguments launchArguments(const FunctionDecl &Kernel,
                                const std::vector<LaunchSite> &Launches) {
  LaunchArguments Out;
  if (!Kernel.hasAttr<CUDAGlobalAttr>())
    return Out;
  std::vector<const LaunchSite *> Mine;
  for (const LaunchSite &L : Launches)
    if (L.Kernel->getCanonicalDecl() == Kernel.getCanonicalDecl())
      Mine.push_back(&L);
  if (Mine.empty())
    return Out;
  ASTContext &Ctx = Kernel.getASTContext();
  std::string Names, Several;
  for (unsigned I = 0; I < Kernel.getNumParams(); ++I) {
    const ParmVarDecl *P = Kernel.getParamDecl(I);
    if (!P->getType()->isIntegralOrEnumerationType())
      continue;
    // The values the launches pass, when every launch passes a known one
    // that the parameter can hold.
    std::vector<int64_t> Values;
    for (const LaunchSite *L : Mine) {
      if (I >= L->Arguments.size() || !L->Arguments[I] ||
          !fits(Ctx, P->getType(), *L->Arguments[I])) {
        Values.clear();
        break;
      }
      int64_t V = int64_t(*L->Arguments[I]);
      if (std::find(Values.begin(), Values.end(), V) == Values.end())
        Values.push_back(V);
    }
    std::string Name = P->getNameAsString();
    if (Values.size() == 1) {
      Out.Values[I] = Values.front();
      Names += (Names.empty() ? "" : ", ") + Name + " = " +
               std::to_string(Values.front());
    } else if (Values.size() > 1 && Values.size() <= MaxValuesJudged) {
      std::sort(Values.begin(), Values.end());
      Several += (Several.empty() ? "" : "; ") + Name + " is ";
      for (size_t K = 0; K < Values.size(); ++K)
        Several += (K == 0                   ? ""
                    : K + 1 == Values.size() ? " or "
                                             : ", ") +
                   std::to_string(Values[K]);
      Out.Sets[Name] = std::move(Values);
    }
  }
  if (!Several.empty())
    Out.Several = Several + " at its launches, each judged";
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
