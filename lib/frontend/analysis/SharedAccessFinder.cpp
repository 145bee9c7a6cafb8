// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SharedAccessFinder.cpp - __shared__ arrays and their accesses ------===//

#include "frontend/analysis/SharedAccessFinder.h"

#include "frontend/analysis/StaticSharedOffsets.h"
#include "frontend/parse/UserDecls.h"
#include "frontend/walk/ElementAccess.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
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

bool isLambdaBody(const FunctionDecl &F) {
  const auto *M = dyn_cast<CXXMethodDecl>(&F);
  return M && M->getParent()->isLambda();
}

/// The device functions of the translation unit (each template
/// instantiation on its own), and which of them a kernel reaches by calls.
class FunctionCollector : public DynamicRecursiveASTVisitor {
public:
  FunctionCollector(ASTContext &Ctx,
                    const std::function<bool(const FunctionDecl &)> &ShouldWalk)
      : Ctx(Ctx), ShouldWalk(ShouldWalk) {
    ShouldVisitTemplateInstantiations = true;
  }

  bool TraverseDecl(Decl *D) override {
    // The toolkit's headers hold no shared accesses worth reporting.
    if (D && !isa<TranslationUnitDecl>(D) &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    return DynamicRecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *F) override {
    Current = nullptr;
    // An instantiation whose body failed to instantiate has none: the
    // filter still hears of it.
    bool FailedInstantiation =
        F->isInvalidDecl() && F->isTemplateInstantiation();
    if (!(F->doesThisDeclarationHaveABody() || FailedInstantiation) ||
        F->isDependentContext())
      return true;
    bool Device = F->hasAttr<CUDAGlobalAttr>() || F->hasAttr<CUDADeviceAttr>();
    if (!Device && !isLambdaBody(*F))
      return true;
    if (Device && ShouldWalk && !ShouldWalk(*F)) {
      Refused.insert(F);
      return true;
    }
    if (!F->doesThisDeclarationHaveABody())
      return true;
    Functions.push_back(F);
    Current = F;
    return true;
  }

  bool VisitCallExpr(CallExpr *C) override {
    if (Current)
      if (const FunctionDecl *Callee = C->getDirectCallee())
        Calls[Current->getCanonicalDecl()].push_back(
            Callee->getCanonicalDecl());
    return true;
  }

  /// Functions walked on their own: kernels, and device functions that no
  /// kernel reaches (lambdas only run where they are called).
  std::vector<const FunctionDecl *> roots() const {
    llvm::DenseSet<const FunctionDecl *> Reached;
    std::vector<const FunctionDecl *> Work;
    for (const FunctionDecl *F : Functions)
      if (F->hasAttr<CUDAGlobalAttr>())
        Work.push_back(F->getCanonicalDecl());
    while (!Work.empty()) {
      const FunctionDecl *F = Work.back();
      Work.pop_back();
      auto It = Calls.find(F);
      if (It == Calls.end())
        continue;
      for (const FunctionDecl *Callee : It->second)
        if (Reached.insert(Callee).second)
          Work.push_back(Callee);
    }
    std::vector<const FunctionDecl *> Roots;
    for (const FunctionDecl *F : Functions)
      if (F->hasAttr<CUDAGlobalAttr>() ||
          (!Reached.count(F->getCanonicalDecl()) && !isLambdaBody(*F)))
        Roots.push_back(F);
    return Roots;
  }

private:
  ASTContext &Ctx;
  const std::function<bool(const FunctionDecl &)> &ShouldWalk;
  /// Functions the filter left out (they hold errors, say).
  llvm::DenseSet<const FunctionDecl *> Refused;
  std::vector<const FunctionDecl *> Functions;
  const FunctionDecl *Current = nullptr;
  llvm::DenseMap<const FunctionDecl *, std::vector<const FunctionDecl *>> Calls;
};

/// Turns the walks' accesses into FoundAccesses, one per expression, kind,
/// walked function and chain of calls.
class AccessCollector {
public:
  AccessCollector(ASTContext &Ctx, SharedAccesses &Out) : Ctx(Ctx), Out(Out) {}

  void add(const FunctionDecl &F, const std::string &Name,
           const WalkedAccess &W, std::optional<BlockShape> OnlyFor) {
    const ElementAccess &A = W.Element;
    const SharedArray *Array = arrayFor(A.Array);
    if (!Array)
      return;
    auto Key = std::make_tuple(A.Top, unsigned(W.Kind), &F, W.Calls);
    auto [It, New] = Index.try_emplace(Key, Out.Accesses.size());
    if (New) {
      FoundAccess Access;
      Access.Expr = A.Top;
      Access.Ref = A.Ref;
      Access.Function = &F;
      Access.FunctionName = Name;
      Access.Calls = W.Calls;
      placeAccess(Access, W);
      Access.Array = Array;
      Access.Kind = W.Kind;
      Access.FlatBytes = W.FlatBytes;
      Access.Volatile = W.Volatile;
      Access.Instruction = W.Instruction;
      if (!W.NarrowedTwice.empty())
        Access.Unsupported = W.NarrowedTwice;
      else if (!isSupportedAccessWidth(unsigned(A.Width)) ||
               A.Alignment < A.Width)
        Access.Unsupported =
            "it copies " + std::to_string(A.Width) + " bytes of '" +
            A.Top->getType().getAsString(Ctx.getPrintingPolicy()) +
            "' (alignment " + std::to_string(A.Alignment) +
            "), which the compiler splits into several accesses";
      Out.Accesses.push_back(std::move(Access));
    }
    AccessInstance Instance;
    Instance.Desc.Indices = W.Indices;
    Instance.Desc.FlatBytes = W.FlatBytes;
    Instance.Desc.Guard = W.Guard;
    Instance.Desc.Speculable = W.Speculable;
    Instance.Desc.ByteOffset = W.FlatBytes ? 0 : A.ByteOffset;
    Instance.Desc.Width = unsigned(A.Width);
    Instance.Desc.Kind = W.Kind;
    Instance.Desc.EachLaneAtomic = W.EachLaneAtomic;
    Instance.Desc.Service = W.Service;
    Instance.Desc.StridedByRows = W.StridedByRows;
    Instance.Desc.TileStart = W.TileStart;
    Instance.Iteration = W.Iteration;
    Instance.Range = W.Range;
    Instance.OnlyForShape = OnlyFor;
    Instance.Region = W.Region;
    Instance.Sequence = W.Sequence;
    Instance.SoftRegion = W.SoftRegion;
    Instance.SoftBreak = W.SoftBreak;
    Instance.WriteRegion = W.WriteRegion;
    for (const auto &[Loop, Iteration] : W.CompiledOnce)
      Instance.CompiledOnce.push_back({Loop, Iteration});
    Instance.OnceLoopSymbols = W.OnceLoopSymbols;
    Instance.Desc.PowersOfTwoFrom = W.PowersOfTwoFrom;
    Instance.Desc.PowersNeverZero = W.PowersNeverZero;
    Instance.Uncounted = W.OverBudget;
    if (!W.Instruction.empty())
      Instance.MergeNote = W.Instruction;
    else if (W.Narrowed && W.NarrowedTwice.empty())
      Instance.MergeNote = "nvcc loads only the components used: one " +
                           std::to_string(A.Width) + "-byte load";
    Out.Accesses[It->second].Instances.push_back(std::move(Instance));
  }

private:
  /// Sets \p Access's Loc, Range, LibraryEntry and UserCalls from the
  /// walk's \p W.
  void placeAccess(FoundAccess &Access, const WalkedAccess &W) const {
    const SourceManager &SM = Ctx.getSourceManager();
    Access.Loc = Access.Expr->getBeginLoc();
    Access.Range = Access.Expr->getSourceRange();
    Access.UserCalls = Access.Calls.size();
    if (!W.EnteredAt)
      return;
    Access.Loc = W.EnteredAt->getBeginLoc();
    Access.Range = W.EnteredAt->getSourceRange();
    Access.LibraryEntry = W.Entered;
    // The user's chain: the calls before the one that enters the library
    // (or, for a construction, before the first call in the library).
    Access.UserCalls = 0;
    while (Access.UserCalls < Access.Calls.size() &&
           Access.Calls[Access.UserCalls] != W.EnteredAt &&
           !SM.isInSystemHeader(SM.getExpansionLoc(
               Access.Calls[Access.UserCalls]->getBeginLoc())))
      ++Access.UserCalls;
  }

  const SharedArray *arrayFor(const VarDecl *V) {
    auto It = Arrays.find(V);
    if (It != Arrays.end())
      return It->second;
    const SharedArray *Result = nullptr;
    if (std::optional<SharedArrayLayout> Layout = sharedArrayLayout(Ctx, *V)) {
      auto A = std::make_unique<SharedArray>();
      A->Decl = V;
      A->Layout = std::move(*Layout);
      A->Layout.BaseOffset = placementOf(*V);
      A->Layout.StartModulo16 = startModulo16(*V);
      A->TypeSpelling = V->getType().getAsString(Ctx.getPrintingPolicy());
      Result = A.get();
      Out.Arrays.push_back(std::move(A));
    }
    Arrays[V] = Result;
    return Result;
  }

  /// Where \p V starts inside a 4-byte word: 0 for an array aligned to 4
  /// bytes or more and for the dynamic buffer, else from where ptxas puts
  /// it in its kernel's static shared memory; nullopt when that is not
  /// known (StaticSharedOffsets.h).
  std::optional<uint64_t> placementOf(const VarDecl &V) {
    if (Ctx.getDeclAlign(&V).getQuantity() % BankWidthBytes == 0 ||
        V.getType()->isIncompleteType())
      return 0;
    std::optional<uint64_t> Start = staticOffset(V);
    return Start ? std::optional<uint64_t>(*Start % BankWidthBytes)
                 : std::nullopt;
  }

  /// Where \p V starts modulo 16 bytes: 0 for an array aligned to 16 and
  /// for the dynamic buffer (aligned to 16), else from where ptxas puts it.
  std::optional<uint64_t> startModulo16(const VarDecl &V) {
    if (Ctx.getDeclAlign(&V).getQuantity() % 16 == 0 ||
        V.getType()->isIncompleteType())
      return 0;
    std::optional<uint64_t> Start = staticOffset(V);
    return Start ? std::optional<uint64_t>(*Start % 16) : std::nullopt;
  }

  /// The byte offset of \p V in its kernel's static shared memory.
  std::optional<uint64_t> staticOffset(const VarDecl &V) {
    const auto *Kernel = dyn_cast<FunctionDecl>(V.getDeclContext());
    if (!Kernel)
      return std::nullopt;
    auto [It, New] = Placements.try_emplace(Kernel);
    if (New)
      It->second = staticSharedOffsets(Ctx, *Kernel);
    auto Found = It->second.find(&V);
    if (Found == It->second.end())
      return std::nullopt;
    return Found->second;
  }

  ASTContext &Ctx;
  SharedAccesses &Out;
  llvm::DenseMap<const VarDecl *, const SharedArray *> Arrays;
  llvm::DenseMap<const FunctionDecl *,
                 llvm::DenseMap<const VarDecl *, uint64_t>>
      Placements;
  std::map<std::tuple<const Expr *, unsigned, const FunctionDecl *,
                      std::vector<const CallExpr *>>,
           size_t>
      Index;
};

/// Walks \p F; when a loop bounded by blockDim kept it from being unrolled,
/// or a parameter's value depends on the launch's block shape, walks again
/// once per block shape, with blockDim and that shape's parameters known;
/// when its launches fix some of its parameters, walks again with them
/// (each shape's walk has them too).
void walkRoot(ASTContext &Ctx, const FunctionDecl &F,
              const ShapesOfFunction &Shapes, AccessCollector &Collector,
              std::vector<WalkRemark> &Remarks, bool LibraryCode) {
  std::string Name = functionDisplayName(F);
  std::vector<WalkedAccess> Walked;
  auto Keep = [&](const WalkedAccess &A) { Walked.push_back(A); };
  // The first walk sees what nvcc sees: which loops it cannot unroll.
  WalkOptions First;
  First.LibraryCode = LibraryCode;
  WalkResult R = walkFunction(Ctx, F, Keep, First);
  FunctionShapes Dims;
  if (Shapes)
    Dims = Shapes(F);
  bool PerShape = (R.NeedsBlockDim || !Dims.ArgumentsByShape.empty()) &&
                  !Dims.Shapes.empty();
  if (!PerShape && Dims.Arguments.empty()) {
    for (const WalkedAccess &A : Walked)
      Collector.add(F, Name, A, std::nullopt);
    Remarks.insert(Remarks.end(), R.Remarks.begin(), R.Remarks.end());
    return;
  }
  llvm::DenseSet<const Stmt *> NotUnrolled = std::move(R.NotUnrolled);
  if (!PerShape) { // Again with the parameters the launches fix.
    WalkOptions Options;
    Options.LibraryCode = LibraryCode;
    Options.CompiledOnce = &NotUnrolled;
    Options.Arguments = Dims.Arguments;
    R = walkFunction(
        Ctx, F,
        [&](const WalkedAccess &A) { Collector.add(F, Name, A, std::nullopt); },
        Options);
    Remarks.insert(Remarks.end(), R.Remarks.begin(), R.Remarks.end());
    return;
  }
  size_t FirstWalk = 0;
  for (size_t I = 0; I < Dims.Shapes.size(); ++I) {
    if (I >= std::max<size_t>(Dims.Required, 1) &&
        FirstWalk > MaxProbedExecutions)
      break;
    const BlockShape &Shape = Dims.Shapes[I];
    WalkOptions Options;
    Options.LibraryCode = LibraryCode;
    Options.BlockDim = Shape.Dim;
    Options.CompiledOnce = &NotUnrolled;
    Options.Arguments = Dims.Arguments;
    auto ByShape = Dims.ArgumentsByShape.find(Shape);
    if (ByShape != Dims.ArgumentsByShape.end())
      Options.Arguments.insert(ByShape->second.begin(), ByShape->second.end());
    R = walkFunction(
        Ctx, F,
        [&](const WalkedAccess &A) {
          FirstWalk += I == 0;
          Collector.add(F, Name, A, Shape);
        },
        Options);
    Remarks.insert(Remarks.end(), R.Remarks.begin(), R.Remarks.end());
  }
}

} // namespace

SharedAccesses
findSharedAccesses(ASTContext &Ctx, const ShapesOfFunction &Shapes,
                   const std::function<bool(const FunctionDecl &)> &ShouldWalk,
                   bool LibraryCode) {
  SharedAccesses Out;
  FunctionCollector Functions(Ctx, ShouldWalk);
  traverseUserDecls(Ctx, Functions);
  AccessCollector Collector(Ctx, Out);
  std::vector<WalkRemark> Remarks;
  for (const FunctionDecl *F : Functions.roots())
    walkRoot(Ctx, *F, Shapes, Collector, Remarks, LibraryCode);

  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Out.Accesses.begin(), Out.Accesses.end(),
                   [&](const FoundAccess &A, const FoundAccess &B) {
                     if (A.Loc != B.Loc)
                       return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
                     if (A.Expr->getBeginLoc() != B.Expr->getBeginLoc())
                       return SM.isBeforeInTranslationUnit(
                           A.Expr->getBeginLoc(), B.Expr->getBeginLoc());
                     return A.FunctionName < B.FunctionName;
                   });
  std::stable_sort(Remarks.begin(), Remarks.end(),
                   [&](const WalkRemark &A, const WalkRemark &B) {
                     return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
                   });
  for (const WalkRemark &R : Remarks)
    if (Out.Remarks.empty() || Out.Remarks.back().Loc != R.Loc ||
        Out.Remarks.back().Message != R.Message)
      Out.Remarks.push_back(R);
  return Out;
}

} // namespace bankfix
