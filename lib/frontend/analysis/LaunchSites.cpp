// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchSites.cpp - Kernel launches and the block shapes they use ----===//

#include "frontend/analysis/LaunchSites.h"
#include "frontend/analysis/HostValues.h"
#include "frontend/parse/UserDecls.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace bankfix {

namespace {

/// A launch as written, before its values are followed: the kernel, the
/// block and the byte count, each an expression (and a member of it, for a
/// cudaLaunchConfig_t) in the launching function.
struct WrittenLaunch {
  const Expr *At;
  const FunctionDecl *Function;
  const FunctionDecl *Direct; ///< the kernel, when named at the launch
  const Expr *Kernel;
  const Expr *Block;
  MemberPath BlockPath;
  const Expr *Bytes; ///< null: the launch gives no dynamic shared memory
  MemberPath BytesPath;
  std::vector<const Expr *> Args; ///< the kernel's arguments
};

/// A cudaFuncSetAttribute call that limits a kernel's dynamic shared
/// memory, as written.
struct WrittenLimit {
  const CallExpr *Call;
  const FunctionDecl *Function;
  const Expr *Kernel;
  const Expr *Bytes;
};

/// Whether \p E names cudaFuncAttributeMaxDynamicSharedMemorySize.
bool isDynamicLimitAttribute(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  const auto *Constant =
      Ref ? dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
  return Constant && Constant->getIdentifier() &&
         Constant->getName() == "cudaFuncAttributeMaxDynamicSharedMemorySize";
}

class LaunchFinder : public DynamicRecursiveASTVisitor {
public:
  LaunchFinder(ASTContext &Ctx) : Ctx(Ctx) {
    ShouldVisitTemplateInstantiations = true;
  }

  std::vector<WrittenLaunch> Launches;
  std::vector<WrittenLimit> Limits;
  CallSites Calls;

  bool TraverseDecl(Decl *D) override {
    // Launches in the toolkit's headers are not reported: not walked.
    if (D && !isa<TranslationUnitDecl>(D) &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    // A function of any kind (a method, a constructor...): the launches
    // in its body are made from it.
    const FunctionDecl *Saved = Function;
    if (auto *F = dyn_cast_or_null<FunctionDecl>(D))
      Function = F;
    bool Result = DynamicRecursiveASTVisitor::TraverseDecl(D);
    Function = Saved;
    return Result;
  }

  /// A generic lambda's body is a template: its launches name their
  /// kernels only in the call operators instantiated for each argument
  /// type (`launch(std::integral_constant<int, 9>{})`), walked here.
  bool TraverseLambdaExpr(LambdaExpr *L) override {
    if (!DynamicRecursiveASTVisitor::TraverseLambdaExpr(L))
      return false;
    if (const FunctionTemplateDecl *Generic = L->getDependentCallOperator())
      for (FunctionDecl *Instance : Generic->specializations())
        if (!TraverseDecl(Instance))
          return false;
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) override {
    // A launch outside a function body (a global's initialiser) counts
    // too; only its constants are followed.
    const CallExpr *Config = Call->getConfig();
    // On the host the configuration is cudaConfigureCall(grid, block,
    // bytes, stream); in device code (dynamic parallelism)
    // cudaLaunchDevice(0, 0, grid, block, bytes, stream).
    const FunctionDecl *Configure =
        Config ? Config->getDirectCallee() : nullptr;
    unsigned First = Configure && Configure->getIdentifier() &&
                             Configure->getName() == "cudaLaunchDevice"
                         ? 2
                         : 0;
    if (!Config || Config->getNumArgs() < First + 2)
      return true;
    const Expr *Bytes = nullptr;
    if (Config->getNumArgs() >= First + 3 &&
        !isa<CXXDefaultArgExpr>(Config->getArg(First + 2)))
      Bytes = Config->getArg(First + 2);
    Launches.push_back({Call,
                        Function,
                        kernelOf(Call->getDirectCallee()),
                        Call->getCallee(),
                        Config->getArg(First + 1),
                        {},
                        Bytes,
                        {},
                        {Call->arg_begin(), Call->arg_end()}});
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) override {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || isa<CUDAKernelCallExpr>(Call))
      return true;
    if (const FunctionDecl *Def = Callee->getDefinition(); Def && Function)
      Calls.add(Def, {Call, Function});
    StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
    unsigned N = Call->getNumArgs();
    // cudaLaunchKernel(func, grid, block, args, sharedMem, stream), and the
    // cooperative launch with the same arguments.
    if ((Name == "cudaLaunchKernel" || Name == "cudaLaunchCooperativeKernel") &&
        N >= 3) {
      const Expr *Bytes = N >= 5 && !isa<CXXDefaultArgExpr>(Call->getArg(4))
                              ? Call->getArg(4)
                              : nullptr;
      Launches.push_back({Call,
                          Function,
                          nullptr,
                          Call->getArg(0),
                          Call->getArg(2),
                          {},
                          Bytes,
                          {},
                          {}});
    }
    if (Name == "cudaFuncSetAttribute" && N >= 3 &&
        isDynamicLimitAttribute(Call->getArg(1)))
      Limits.push_back({Call, Function, Call->getArg(0), Call->getArg(2)});
    // cudaLaunchKernelEx(&config, kernel, args...).
    if ((Name == "cudaLaunchKernelEx" || Name == "cudaLaunchKernelExC") &&
        N >= 2)
      Launches.push_back({Call,
                          Function,
                          nullptr,
                          Call->getArg(1),
                          Call->getArg(0),
                          {"blockDim"},
                          Call->getArg(0),
                          {"dynamicSmemBytes"},
                          Name == "cudaLaunchKernelEx"
                              ? std::vector<const Expr *>(Call->arg_begin() + 2,
                                                          Call->arg_end())
                              : std::vector<const Expr *>{}});
    return true;
  }

private:
  static const FunctionDecl *kernelOf(const FunctionDecl *F) {
    return F && F->hasAttr<CUDAGlobalAttr>() ? F : nullptr;
  }
  ASTContext &Ctx;
  const FunctionDecl *Function = nullptr;
};

/// The calls that reach \p F and give it its parameters, up to a few
/// levels out while the arguments are parameters again; \p F alone when
/// nothing calls it. False when there are too many to follow.
bool chainsTo(const FunctionDecl *F, const CallSites &Calls, unsigned Depth,
              std::vector<std::unique_ptr<CallChain>> &Store,
              std::vector<const CallChain *> &Out) {
  constexpr size_t MaxChains = 64;
  const std::vector<CallSites::Call> &Sites = Calls.of(F);
  if (Sites.empty() || Depth >= 4) {
    Store.push_back(
        std::make_unique<CallChain>(CallChain{F, nullptr, nullptr}));
    Out.push_back(Store.back().get());
    return true;
  }
  for (const CallSites::Call &C : Sites) {
    if (Out.size() >= MaxChains)
      return false;
    // The chain is built outermost first: the caller's own chains, then
    // this call into F.
    std::vector<const CallChain *> Outers;
    bool CallerParams = false;
    for (const Expr *Arg : C.Expr->arguments())
      CallerParams = CallerParams || HostValues::readsParameter(Arg, C.Caller);
    if (CallerParams) {
      if (!chainsTo(C.Caller, Calls, Depth + 1, Store, Outers))
        return false;
    } else {
      Store.push_back(
          std::make_unique<CallChain>(CallChain{C.Caller, nullptr, nullptr}));
      Outers.push_back(Store.back().get());
    }
    for (const CallChain *Outer : Outers) {
      Store.push_back(std::make_unique<CallChain>(CallChain{F, C.Expr, Outer}));
      Out.push_back(Store.back().get());
    }
  }
  return true;
}

/// The call of the launching function's chain that the user wrote: the
/// innermost call into the wrapper.
SourceLocation siteOf(const WrittenLaunch &L, const CallChain &Chain) {
  return Chain.Call ? Chain.Call->getBeginLoc() : L.At->getBeginLoc();
}

/// Whether \p L's kernel and block shape are known in \p Chain.
bool resolves(const WrittenLaunch &L, const CallChain &Chain,
              HostValues &Values) {
  return (L.Direct || Values.kernels(L.Kernel, Chain)) &&
         Values.shapes(L.Block, Chain, L.BlockPath);
}

/// How many of \p L's integer kernel arguments are one integer in
/// \p Chain; whether all are (\p All).
size_t argumentsKnown(const WrittenLaunch &L, const CallChain &Chain,
                      HostValues &Values, bool &All) {
  size_t Known = 0;
  All = true;
  for (const Expr *Arg : L.Args) {
    if (!Arg->getType()->isIntegralOrEnumerationType())
      continue;
    auto V = Values.integers(Arg, Chain);
    if (V && V->size() == 1)
      ++Known;
    else
      All = false;
  }
  return Known;
}

/// The sites \p L makes in \p Chain: one per kernel it can launch.
void addSites(const WrittenLaunch &L, const CallChain &Chain,
              HostValues &Values, const SourceManager &SM,
              std::vector<LaunchSite> &Sites) {
  std::vector<const FunctionDecl *> Kernels;
  if (L.Direct)
    Kernels.push_back(L.Direct);
  else if (auto Ks = Values.kernels(L.Kernel, Chain))
    Kernels = *Ks;
  LaunchSite Site;
  Site.Loc = siteOf(L, Chain);
  if (SM.isInSystemHeader(Site.Loc))
    return;
  if (Chain.Call)
    Site.Through = "'" + L.Function->getNameAsString() + "'";
  if (auto Shapes = Values.shapes(L.Block, Chain, L.BlockPath))
    Site.Shapes = *Shapes;
  if (L.Bytes) {
    Site.BytesGiven = true;
    // Through a wrapper's calls, the byte count written at the launch is
    // rewritten for them all: only where it launches one kernel.
    if ((!Chain.Call || L.Direct) && L.BytesPath.empty())
      Site.DynamicBytesExpr = L.Bytes;
    auto Bytes = Values.integers(L.Bytes, Chain, L.BytesPath);
    if (Bytes && Bytes->size() == 1)
      Site.DynamicBytes = Bytes->front();
  }
  for (const Expr *Arg : L.Args) {
    auto V = Values.integers(Arg, Chain);
    Site.Arguments.push_back(V && V->size() == 1 ? std::optional(V->front())
                                                 : std::nullopt);
  }
  Site.SeveralKernels = Kernels.size() > 1;
  // A kernel bankfix cannot follow: the site says that some launch may run
  // any kernel.
  if (Kernels.empty())
    Kernels.push_back(nullptr);
  for (const FunctionDecl *K : Kernels) {
    Site.Kernel = K;
    Sites.push_back(Site);
  }
}

} // namespace

std::vector<LaunchSite> findLaunchSites(ASTContext &Ctx) {
  LaunchFinder Finder(Ctx);
  traverseUserDecls(Ctx, Finder);
  HostValues Values(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<LaunchSite> Sites;
  std::vector<std::unique_ptr<CallChain>> Store;
  for (const WrittenLaunch &L : Finder.Launches) {
    // The launching function on its own first; through its calls when a
    // value it needs (the kernel, the block, an argument) comes from them
    // (a parameter, or a local computed from one).
    Store.push_back(
        std::make_unique<CallChain>(CallChain{L.Function, nullptr, nullptr}));
    std::vector<const CallChain *> Chains{Store.back().get()};
    bool Resolved = resolves(L, *Chains.front(), Values), All = true;
    size_t Known = argumentsKnown(L, *Chains.front(), Values, All);
    if ((!Resolved || !All) && !Finder.Calls.of(L.Function).empty()) {
      std::vector<const CallChain *> Calls;
      // Where no call tells more, the launch is reported where it is
      // written.
      if (chainsTo(L.Function, Finder.Calls, 0, Store, Calls) &&
          std::any_of(Calls.begin(), Calls.end(), [&](const CallChain *C) {
            bool CallAll = true;
            return resolves(L, *C, Values) &&
                   (!Resolved ||
                    argumentsKnown(L, *C, Values, CallAll) > Known);
          }))
        Chains = Calls;
    }
    for (const CallChain *Chain : Chains)
      addSites(L, *Chain, Values, SM, Sites);
  }
  for (const WrittenLimit &L : Finder.Limits) {
    CallChain Chain{L.Function, nullptr, nullptr};
    auto Kernels = Values.kernels(L.Kernel, Chain);
    if (!Kernels)
      continue;
    DynamicLimit Limit{L.Call->getBeginLoc(), L.Bytes, std::nullopt};
    auto Bytes = Values.integers(L.Bytes, Chain);
    if (Bytes && Bytes->size() == 1)
      Limit.BytesValue = Bytes->front();
    for (LaunchSite &Site : Sites)
      if (Site.Kernel && std::find(Kernels->begin(), Kernels->end(),
                                   Site.Kernel) != Kernels->end())
        Site.Limits.push_back(Limit);
  }
  return Sites;
}

} // namespace bankfix
