// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelBudgets.cpp - What a fix costs each kernel -------------------===//

#include "frontend/fix/KernelBudgets.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace bankfix {

namespace {

class SharedBytes : public DynamicRecursiveASTVisitor {
public:
  explicit SharedBytes(ASTContext &Ctx) : Ctx(Ctx) {}
  uint64_t Bytes = 0;
  bool VisitVarDecl(VarDecl *V) override {
    if (V->hasAttr<CUDASharedAttr>() && !V->hasExternalStorage() &&
        !V->getType()->isDependentType() && !V->getType()->isIncompleteType())
      Bytes += Ctx.getTypeSizeInChars(V->getType()).getQuantity();
    return true;
  }

private:
  ASTContext &Ctx;
};

/// The most dynamic shared memory a launch of \p Kernel in sight gives.
uint64_t launchBytes(const std::vector<LaunchSite> &Launches,
                     const FunctionDecl *Kernel) {
  uint64_t Bytes = 0;
  for (const LaunchSite &Site : Launches)
    if (Site.Kernel == Kernel && Site.DynamicBytes)
      Bytes = std::max(Bytes, *Site.DynamicBytes);
  return Bytes;
}

} // namespace

uint64_t staticSharedBytes(ASTContext &Ctx, const FunctionDecl &F) {
  SharedBytes Visitor(Ctx);
  Visitor.TraverseStmt(F.getBody());
  return Visitor.Bytes;
}

std::vector<KernelBudget> kernelBudgets(ASTContext &Ctx,
                                        const SharedAccesses &Found,
                                        const std::vector<size_t> &Accesses,
                                        const std::vector<JudgedShapes> &Shapes,
                                        const std::vector<LaunchSite> &Launches,
                                        const MemoryGrowth &Growth) {
  std::vector<const FunctionDecl *> Kernels;
  for (size_t I : Accesses)
    if (std::find(Kernels.begin(), Kernels.end(), Found.Accesses[I].Function) ==
        Kernels.end())
      Kernels.push_back(Found.Accesses[I].Function);
  SmLimits Limits = sm90Limits();
  std::vector<KernelBudget> Out;
  for (const FunctionDecl *K : Kernels) {
    BlockSharedMemory Before, After;
    Before.Static = staticSharedBytes(Ctx, *K);
    std::set<const SharedArray *> Arrays;
    std::set<const FunctionDecl *> Declaring{K};
    std::vector<BlockShape> KernelShapes;
    for (size_t I : Accesses) {
      const FoundAccess &A = Found.Accesses[I];
      if (A.Function != K)
        continue;
      Arrays.insert(A.Array);
      // One budget per block shape, however many sets of parameter values
      // its launches pass.
      for (const BlockShape &S : Shapes[I].Shapes)
        if (std::none_of(
                KernelShapes.begin(), KernelShapes.end(),
                [&](const BlockShape &Seen) { return Seen.Dim == S.Dim; }))
          KernelShapes.push_back(BlockShape{S.Dim});
      const auto *D = dyn_cast<FunctionDecl>(A.Array->Decl->getDeclContext());
      if (D && Declaring.insert(D).second)
        Before.Static += staticSharedBytes(Ctx, *D);
    }
    After.Static = Before.Static;
    for (const SharedArray *A : Arrays) {
      auto It = Growth.StaticBytes.find(A);
      if (It != Growth.StaticBytes.end())
        After.Static += It->second;
    }
    bool Extern = false;
    for (const SharedArray *A : Arrays)
      Extern = Extern || A->Decl->hasExternalStorage();
    auto Dynamic = Growth.DynamicBytes.find(K);
    if (Dynamic != Growth.DynamicBytes.end()) {
      Before.Dynamic = Dynamic->second.first;
      After.Dynamic = Dynamic->second.second;
    } else {
      Before.Dynamic = After.Dynamic = launchBytes(Launches, K);
    }
    bool Unknown = Extern && Dynamic == Growth.DynamicBytes.end();
    for (const BlockShape &S : KernelShapes)
      Out.push_back({functionDisplayName(*K), S, Before, After,
                     blocksPerSm(Before.total(), S.warps(), Limits),
                     blocksPerSm(After.total(), S.warps(), Limits), Unknown});
  }
  return Out;
}

std::string budgetsRefusal(const std::vector<KernelBudget> &Budgets) {
  for (const KernelBudget &B : Budgets) {
    std::string Why = budgetRefusal(B.Before, B.After, sm90Limits());
    if (!Why.empty())
      return Why;
  }
  return "";
}

} // namespace bankfix
