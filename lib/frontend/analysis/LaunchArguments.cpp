// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchArguments.cpp - Kernel parameters the launches fix -----------===//

#include "frontend/analysis/LaunchArguments.h"

#include "frontend/report/SourcePlace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"

#include "llvm/ADT/STLExtras.h"

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

/// The value each launch of \p Mine passes, in the order of \p Params, by
/// block shape: one entry per distinct set, with its first launch.
using SetsByShape =
    std::map<std::array<unsigned, 3>,
             std::vector<std::pair<std::vector<uint64_t>, const LaunchSite *>>>;
static SetsByShape setsOf(const std::vector<const LaunchSite *> &Mine,
                          const std::vector<unsigned> &Params) {
  SetsByShape Sets;
  for (const LaunchSite *L : Mine) {
    std::vector<uint64_t> Values;
    for (unsigned I : Params)
      Values.push_back(*L->Arguments[I]);
    auto &List = Sets[L->Shapes[0].Dim];
    if (llvm::none_of(List,
                      [&](const auto &Set) { return Set.first == Values; }))
      List.push_back({Values, L});
  }
  return Sets;
}

/// The parameters \p Varying, which the launches \p Mine pass different
/// values: recorded by block shape and set of values when each launch has
/// one shape. A parameter that some launch passes no constant of its type
/// stays unknown; with more than MaxArgumentSets sets, so does one that
/// the launches of one shape pass different values.
static void bySet(ASTContext &Ctx, const std::vector<const LaunchSite *> &Mine,
                  std::vector<unsigned> Varying, LaunchArguments &Out) {
  if (llvm::any_of(Mine,
                   [](const LaunchSite *L) { return L->Shapes.size() != 1; }))
    return;
  llvm::erase_if(Varying, [&](unsigned I) {
    QualType T = Mine.front()->Kernel->getParamDecl(I)->getType();
    return llvm::any_of(Mine, [&](const LaunchSite *L) {
      return I >= L->Arguments.size() || !L->Arguments[I] ||
             !fits(Ctx, T, *L->Arguments[I]);
    });
  });
  SetsByShape Sets = setsOf(Mine, Varying);
  size_t Count = 0;
  for (const auto &[Dim, List] : Sets)
    Count += List.size();
  // Whether the sets \p List of one shape pass parameter Varying[P] one
  // value.
  auto Agree = [](const auto &List, size_t P) {
    return llvm::all_of(List, [&](const auto &Set) {
      return Set.first[P] == List.front().first[P];
    });
  };
  if (Count > MaxArgumentSets) {
    std::vector<unsigned> Kept;
    for (size_t P = 0; P < Varying.size(); ++P)
      if (llvm::all_of(Sets, [&](const auto &S) { return Agree(S.second, P); }))
        Kept.push_back(Varying[P]);
    Varying = std::move(Kept);
    Sets = setsOf(Mine, Varying);
  }
  if (Varying.empty())
    return;
  for (const auto &[Dim, List] : Sets) {
    for (size_t K = 0; K < List.size(); ++K) {
      BlockShape Shape{Dim, List.size() == 1 ? 0u : unsigned(K + 1)};
      for (size_t P = 0; P < Varying.size(); ++P)
        Out.ByShape[Shape][Varying[P]] = int64_t(List[K].first[P]);
      if (List.size() > 1)
        Out.FirstLaunch[Shape] = List[K].second;
    }
    // ArgumentSet 0 (a --block-dim shape of this block) takes the values
    // on which every set of the shape agrees.
    for (size_t P = 0; P < Varying.size() && List.size() > 1; ++P)
      if (Agree(List, P))
        Out.ByShape[BlockShape{Dim}][Varying[P]] =
            int64_t(List.front().first[P]);
  }
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
  std::vector<unsigned> Varying;
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
      Varying.push_back(I);
      continue;
    }
    if (!Value || !fits(Ctx, P->getType(), *Value))
      continue;
    Out.Values[I] = int64_t(*Value);
    Names += (Names.empty() ? "" : ", ") + P->getNameAsString() + " = " +
             std::to_string(*Value);
  }
  bySet(Ctx, Mine, Varying, Out);
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
