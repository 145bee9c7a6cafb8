// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BlockShapeChoice.cpp - Which block shapes a function is analysed with =//

#include "frontend/analysis/BlockShapeChoice.h"

#include "core/access/ShapeIndependence.h"

#include "frontend/analysis/LaunchArguments.h"
#include "frontend/analysis/SharedAccessFinder.h"
#include "frontend/report/SourcePlace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/Support/Path.h"
#include <algorithm>

using namespace clang;

namespace bankfix {

/// "set with --block-dim=k:32x8x1", "set by BlockDims in .bankfix.yaml".
static std::string origin(const BlockDimOption &O) {
  if (!O.ConfigFile.empty())
    return "set by BlockDims in " +
           llvm::sys::path::filename(O.ConfigFile).str() +
           (O.Kernel.empty() ? "" : " for " + O.Kernel);
  return "set with --block-dim" +
         (O.Kernel.empty() ? "" : "=" + O.Kernel + ":" + O.Shape.str());
}

const char *shapeSourceName(ShapeSource S) {
  switch (S) {
  case ShapeSource::Launch:
    return "launch";
  case ShapeSource::Option:
    return "option";
  case ShapeSource::AnyBlock:
    return "any";
  case ShapeSource::Assumed:
  case ShapeSource::Probe:
    break;
  }
  return "assumed";
}

/// N of the kernel's __launch_bounds__(N), when it has a constant one.
static std::optional<unsigned> launchBound(const FunctionDecl &F) {
  const auto *A = F.getAttr<CUDALaunchBoundsAttr>();
  Expr::EvalResult R;
  if (!A || !A->getMaxThreads() || A->getMaxThreads()->isValueDependent() ||
      !A->getMaxThreads()->EvaluateAsInt(R, F.getASTContext()))
    return std::nullopt;
  const llvm::APSInt &V = R.Val.getInt();
  if (V.isNegative() || V.isZero() || V.getActiveBits() > 11 ||
      V.getZExtValue() > MaxThreadsPerBlock)
    return std::nullopt;
  return unsigned(V.getZExtValue());
}

/// The assumed shape: 32x32x1, or 32 x N/32 under __launch_bounds__(N).
static BlockShapeChoice assumed(const FunctionDecl &F, std::string Why) {
  BlockShape Shape = DefaultBlockShape;
  if (std::optional<unsigned> N = launchBound(F)) {
    Shape = *N >= 32 ? BlockShape{{32, *N / 32, 1}} : BlockShape{{*N, 1, 1}};
    Why += " (at most " + std::to_string(*N) + " threads: __launch_bounds__)";
  }
  return {Shape, "assumed: " + Why, ShapeSource::Assumed};
}

static void addUnique(std::vector<BlockShapeChoice> &Choices,
                      BlockShapeChoice C) {
  for (const BlockShapeChoice &Existing : Choices)
    if (Existing.Shape == C.Shape)
      return;
  Choices.push_back(std::move(C));
}

bool namesFunction(const BlockDimOption &Option, const FunctionDecl &F) {
  return !Option.Kernel.empty() && (Option.Kernel == F.getNameAsString() ||
                                    Option.Kernel == functionDisplayName(F));
}

namespace {
/// Finds a kernel or device function (an instantiation too) an option
/// names.
class NamedFunctionFinder : public DynamicRecursiveASTVisitor {
public:
  explicit NamedFunctionFinder(const BlockDimOption &Option) : Option(Option) {
    ShouldVisitTemplateInstantiations = true;
  }
  bool VisitFunctionDecl(FunctionDecl *F) override {
    if ((F->hasAttr<CUDAGlobalAttr>() || F->hasAttr<CUDADeviceAttr>()) &&
        namesFunction(Option, *F))
      Found = true;
    return !Found;
  }
  bool Found = false;

private:
  const BlockDimOption &Option;
};
} // namespace

bool namesAFunctionOf(const BlockDimOption &Option, ASTContext &Ctx) {
  NamedFunctionFinder Finder(Option);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Finder.Found;
}

/// "from the launch at k.cu:12:3", "... through 'launch'".
static std::string launchOrigin(const SourceManager &SM, const LaunchSite &L) {
  return "from the launch at " + describePlace(SM, L.Loc) +
         (L.Through.empty() ? "" : " through " + L.Through);
}

std::string kernelLinkName(const FunctionDecl &F) {
  return ASTNameGenerator(F.getASTContext()).getName(&F);
}

ForeignLaunches launchesForOtherFiles(ASTContext &Ctx,
                                      const std::vector<LaunchSite> &Launches) {
  ForeignLaunches Out;
  std::unique_ptr<ASTNameGenerator> Names;
  for (const LaunchSite &L : Launches) {
    if (!L.Kernel || L.Kernel->isDefined() || !L.Kernel->isExternallyVisible())
      continue;
    if (!Names)
      Names = std::make_unique<ASTNameGenerator>(Ctx);
    const SourceManager &SM = Ctx.getSourceManager();
    Out[Names->getName(L.Kernel)].push_back(
        {L.Shapes, launchOrigin(SM, L), describePlace(SM, L.Loc)});
  }
  return Out;
}

bool launchableFromOtherFiles(const FunctionDecl &F,
                              const std::vector<LaunchSite> &Launches) {
  if (!F.hasAttr<CUDAGlobalAttr>() || !F.isExternallyVisible())
    return false;
  // A launch through a value not followed is left out, as for the shapes
  // of the file's own launches.
  for (const LaunchSite &L : Launches)
    if (L.Kernel && L.Kernel->getCanonicalDecl() == F.getCanonicalDecl())
      return false;
  return true;
}

/// The shapes of \p F by the rules above, before the launches' arguments
/// are said.
static std::vector<BlockShapeChoice>
shapesBeforeArguments(const FunctionDecl &F,
                      const std::vector<LaunchSite> &Launches,
                      const std::vector<BlockDimOption> &Options,
                      const ForeignLaunches *Foreign) {
  std::vector<BlockShapeChoice> Choices;
  for (const BlockDimOption &O : Options)
    if (namesFunction(O, F))
      addUnique(Choices, {O.Shape, origin(O), ShapeSource::Option});
  if (!Choices.empty())
    return Choices;
  for (const BlockDimOption &O : Options)
    if (O.Kernel.empty())
      addUnique(Choices, {O.Shape, origin(O), ShapeSource::Option});
  if (!Choices.empty())
    return Choices;

  const SourceManager &SM = F.getASTContext().getSourceManager();
  std::string Unknown;
  for (const LaunchSite &L : Launches) {
    if (!L.Kernel || L.Kernel->getCanonicalDecl() != F.getCanonicalDecl())
      continue;
    std::string Origin = launchOrigin(SM, L);
    if (L.Shapes.size() > 1) {
      Origin += ", whose block is one of ";
      for (size_t I = 0; I < L.Shapes.size(); ++I)
        Origin += (I == 0                     ? ""
                   : I + 1 == L.Shapes.size() ? " or "
                                              : ", ") +
                  L.Shapes[I].str();
    }
    for (const BlockShape &S : L.Shapes)
      addUnique(Choices, {S, Origin, ShapeSource::Launch});
    if (L.Shapes.empty() && Unknown.empty())
      Unknown = describePlace(SM, L.Loc);
  }
  // No launch here: those in the other files of the run.
  if (Choices.empty() && Unknown.empty() && Foreign &&
      F.hasAttr<CUDAGlobalAttr>()) {
    auto It = Foreign->find(kernelLinkName(F));
    if (It != Foreign->end())
      for (const ForeignLaunch &L : It->second) {
        for (const BlockShape &S : L.Shapes)
          addUnique(Choices, {S, L.Origin, ShapeSource::Launch});
        if (L.Shapes.empty() && Unknown.empty())
          Unknown = L.Place;
      }
  }
  std::string NotConstant =
      "the block shape of the launch at " + Unknown + " is not a constant";
  // A launch whose shape is not followed, beside others that are: said.
  if (!Unknown.empty())
    for (BlockShapeChoice &C : Choices)
      C.Origin += "; " + NotConstant;
  if (!Choices.empty())
    return Choices;
  if (!Unknown.empty())
    return {assumed(F, NotConstant + "; set it with --block-dim")};
  return {assumed(F, "no launch site and no --block-dim")};
}

std::vector<BlockShapeChoice>
chooseBlockShapes(const FunctionDecl &F,
                  const std::vector<LaunchSite> &Launches,
                  const std::vector<BlockDimOption> &Options,
                  const ForeignLaunches *Foreign) {
  LaunchArguments Arguments = launchArguments(F, Launches);
  // A launch's shape whose launches pass several sets of values: one
  // choice per set, from its first launch.
  std::vector<BlockShapeChoice> Choices;
  const SourceManager &SM = F.getASTContext().getSourceManager();
  for (BlockShapeChoice &C :
       shapesBeforeArguments(F, Launches, Options, Foreign)) {
    bool Split = false;
    for (const auto &[Shape, L] : Arguments.FirstLaunch)
      if (C.Source == ShapeSource::Launch && Shape.Dim == C.Shape.Dim) {
        Choices.push_back({Shape, launchOrigin(SM, *L), C.Source});
        Split = true;
      }
    if (!Split)
      Choices.push_back(std::move(C));
  }
  // The only launch needs no second mention.
  for (BlockShapeChoice &C : Choices) {
    auto ByShape = Arguments.SaidByShape.find(C.Shape);
    if (ByShape != Arguments.SaidByShape.end())
      C.Origin += ", with " + ByShape->second;
    if (!Arguments.Said.empty())
      C.Origin += C.Source == ShapeSource::Launch && Arguments.OneLaunch
                      ? ", with " + Arguments.Said
                      : "; " + Arguments.Said + Arguments.Where;
  }
  return Choices;
}

std::vector<BlockShapeChoice>
choicesWithProbes(const FunctionDecl &F,
                  const std::vector<LaunchSite> &Launches,
                  const std::vector<BlockDimOption> &Options,
                  const ForeignLaunches *Foreign) {
  std::vector<BlockShapeChoice> Choices =
      chooseBlockShapes(F, Launches, Options, Foreign);
  if (Choices.size() != 1 || Choices[0].Source != ShapeSource::Assumed ||
      Choices[0].Shape.Dim[0] % 32 != 0)
    return Choices;
  for (const BlockShape &S : probeShapes(Choices[0].Shape.threads()))
    if (!(S == Choices[0].Shape))
      Choices.push_back({S, "", ShapeSource::Probe});
  return Choices;
}

/// The executions of \p Instances in one walk of the function (all of
/// them, when it was walked once for every shape).
static size_t oneWalk(const std::vector<AccessInstance> &Instances,
                      const BlockShape &Shape) {
  return std::count_if(Instances.begin(), Instances.end(),
                       [&](const AccessInstance &I) {
                         return !I.OnlyForShape || *I.OnlyForShape == Shape;
                       });
}

void trimProbes(std::vector<AccessInstance> &Instances,
                std::vector<BlockShapeChoice> &Choices) {
  if (Choices.size() < 2 || Choices[1].Source != ShapeSource::Probe)
    return;
  BlockShapeChoice &Base = Choices[0];
  size_t Executions = oneWalk(Instances, Base.Shape);
  bool ReadsY = readsThreadY(Instances);
  // Every probe is a judgement of every execution again.
  size_t Most = ReadsY ? MaxProbedInstances / 8 : MaxProbedInstances;
  std::string Why;
  if (Executions > Most)
    Why = "; whether the result depends on the block shape is not checked "
          "(more than " +
          std::to_string(Most) + " executions)";
  else if (std::string Dependence = shapeDependence(Instances);
           !Dependence.empty())
    Why = "; the result may depend on the block shape: " + Dependence;
  else if (std::string Unknown = unknownValueRead(Instances); !Unknown.empty())
    Why = "; whether the result depends on the block shape is not checked "
          "(it is judged over the values of '" +
          Unknown + "')";
  std::vector<BlockShape> Kept{Base.Shape};
  if (Why.empty() && !ReadsY)
    Kept.push_back(probeShapes(Base.Shape.threads(), 32, false).front());
  if (Why.empty() && ReadsY)
    return;
  Base.Origin += Why;
  std::vector<BlockShapeChoice> Out;
  for (const BlockShapeChoice &C : Choices)
    if (std::find(Kept.begin(), Kept.end(), C.Shape) != Kept.end())
      Out.push_back(C);
  Choices = std::move(Out);
  // The walks for the shapes left out make no executions of their own.
  Instances.erase(std::remove_if(Instances.begin(), Instances.end(),
                                 [&](const AccessInstance &I) {
                                   return I.OnlyForShape &&
                                          std::find(Kept.begin(), Kept.end(),
                                                    *I.OnlyForShape) ==
                                              Kept.end();
                                 }),
                  Instances.end());
}

/// The summary for \p Shape: the one judged with it, or judged now.
static AccessSummary summaryFor(const BlockShape &Shape,
                                const SharedArrayLayout &Layout,
                                const std::vector<AccessInstance> &Instances,
                                const std::vector<BlockShapeChoice> &Choices,
                                const std::vector<AccessSummary> &Summaries) {
  for (size_t I = 0; I < Choices.size(); ++I)
    if (Choices[I].Shape == Shape)
      return Summaries[I];
  // A function walked once per shape gave the access the same executions
  // in each walk (shapeDependence): those of one walk stand for this shape.
  std::vector<AccessInstance> Walk;
  for (const AccessInstance &I : Instances)
    if (!I.OnlyForShape || *I.OnlyForShape == Choices[0].Shape) {
      Walk.push_back(I);
      Walk.back().OnlyForShape.reset();
    }
  return summarizeAccess(Layout, Walk, Shape);
}

static bool outOfBounds(const AccessSummary &S) {
  return !S.judged() && S.Instances[S.FirstProblem].Eval.ProblemFromValues;
}

/// "for any block with x a multiple of 32", with the limits the probes had.
static std::string anyBlock(unsigned Threads, unsigned Across) {
  std::string Out = Across == 1 ? "for any block with x = 32"
                                : "for any block with x a multiple of 32";
  if (Across > 1 && Across < Threads / 32)
    Out += " up to " + std::to_string(32 * Across);
  if (Threads < MaxThreadsPerBlock)
    Out += " and at most " + std::to_string(Threads) + " threads";
  return Out;
}

void settleAssumedShape(const SharedArrayLayout &Layout,
                        const std::vector<AccessInstance> &Instances,
                        std::vector<BlockShapeChoice> &Choices,
                        std::vector<AccessSummary> &Summaries) {
  if (Choices.size() < 2 || Choices[1].Source != ShapeSource::Probe ||
      Summaries.size() != Choices.size())
    return;
  BlockShapeChoice &Base = Choices[0];
  bool ReadsY = readsThreadY(Instances);
  std::string How;
  // The widest blocks first; narrower ones where wide ones leave the array.
  for (unsigned Across = 32; Across >= 1; Across /= 2) {
    // The assumed shape's own warps are compared too.
    std::vector<AccessSummary> Probed{Summaries[0]};
    bool Outside = outOfBounds(Summaries[0]);
    for (const BlockShape &S :
         probeShapes(Base.Shape.threads(), Across, ReadsY)) {
      Probed.push_back(summaryFor(S, Layout, Instances, Choices, Summaries));
      Outside = Outside || outOfBounds(Probed.back());
    }
    if (Outside)
      continue;
    if (sameForEveryWarp(Probed)) {
      std::string Why = Base.Origin.substr(Base.Origin.find(": ") + 2);
      Why = Why.substr(0, Why.find("; set it with --block-dim"));
      Base = {Base.Shape,
              Why + "; every warp gives the same result " +
                  anyBlock(Base.Shape.threads(), Across),
              ShapeSource::AnyBlock};
      How.clear();
    } else {
      How = "; the result depends on the block shape";
      for (size_t I = 1; I < Probed.size(); ++I)
        if (Probed[I].judged() && Probed[0].judged() && Probed[I].runs() &&
            Probed[0].runs() &&
            Probed[I].worst().worst().Wavefronts !=
                Probed[0].worst().worst().Wavefronts) {
          unsigned W = Probed[0].worst().worst().Wavefronts;
          How += " (" + std::to_string(W) +
                 (W == 1 ? " wavefront" : " wavefronts") +
                 " in the worst warp for " + Probed[0].worst().Shape.str() +
                 ", " + std::to_string(Probed[I].worst().worst().Wavefronts) +
                 " for " + Probed[I].worst().Shape.str() + ")";
          break;
        }
    }
    break;
  }
  Base.Origin += How;
  Choices.resize(1);
  Summaries.resize(1);
}

std::vector<BlockShape> shapesOf(const std::vector<BlockShapeChoice> &Choice,
                                 bool WithProbes) {
  std::vector<BlockShape> Shapes;
  for (const BlockShapeChoice &C : Choice)
    if (WithProbes || C.Source != ShapeSource::Probe)
      Shapes.push_back(C.Shape);
  return Shapes;
}

} // namespace bankfix
