//===- BlockShapeChoice.cpp - Which block shapes a function is analysed with =//

#include "frontend/analysis/BlockShapeChoice.h"

#include "frontend/analysis/SharedAccessFinder.h"
#include "frontend/report/SourcePlace.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

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

static void addUnique(std::vector<BlockShapeChoice> &Choices,
                      BlockShapeChoice C) {
  for (const BlockShapeChoice &Existing : Choices)
    if (Existing.Shape == C.Shape)
      return;
  Choices.push_back(std::move(C));
}

std::vector<BlockShapeChoice>
chooseBlockShapes(const FunctionDecl &F,
                  const std::vector<LaunchSite> &Launches,
                  const std::vector<BlockDimOption> &Options) {
  std::vector<BlockShapeChoice> Choices;
  std::string Name = F.getNameAsString();
  std::string Display = functionDisplayName(F);
  for (const BlockDimOption &O : Options)
    if (!O.Kernel.empty() && (O.Kernel == Name || O.Kernel == Display))
      addUnique(Choices, {O.Shape, origin(O)});
  if (!Choices.empty())
    return Choices;
  for (const BlockDimOption &O : Options)
    if (O.Kernel.empty())
      addUnique(Choices, {O.Shape, origin(O)});
  if (!Choices.empty())
    return Choices;

  const SourceManager &SM = F.getASTContext().getSourceManager();
  std::string Unknown;
  for (const LaunchSite &L : Launches) {
    if (L.Kernel->getCanonicalDecl() != F.getCanonicalDecl())
      continue;
    if (L.Shape)
      addUnique(Choices,
                {*L.Shape, "from the launch at " + describePlace(SM, L.Loc)});
    else if (Unknown.empty())
      Unknown = describePlace(SM, L.Loc);
  }
  if (!Choices.empty())
    return Choices;
  if (!Unknown.empty())
    return {{DefaultBlockShape, "assumed: the block shape of the launch at " +
                                    Unknown +
                                    " is not a constant; set it with "
                                    "--block-dim"}};
  return {{DefaultBlockShape, "assumed: no launch site and no --block-dim"}};
}

std::vector<BlockShape> shapesOf(const std::vector<BlockShapeChoice> &Choice) {
  std::vector<BlockShape> Shapes;
  for (const BlockShapeChoice &C : Choice)
    Shapes.push_back(C.Shape);
  return Shapes;
}

} // namespace bankfix
