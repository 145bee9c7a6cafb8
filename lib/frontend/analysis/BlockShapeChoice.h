// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BlockShapeChoice.h - Which block shapes a function is analysed with-===//
//
// In order: --block-dim=KERNEL:shape for that kernel, then --block-dim=shape
// for all, then the shapes of the kernel's launch sites in the translation
// unit, then those of its launches in the other files of the run (a kernel
// defined in kernels.cu and launched from main.cu), then the default
// 32x32x1 (32 x N/32 under __launch_bounds__(N)).
// Each choice says where it came from, for the diagnostic, and which kernel
// parameters the launches fix (LaunchArguments.h). An assumed shape
// is judged with the probe shapes beside it (ShapeIndependence.h), and
// settleAssumedShape says whether the result holds for any block.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_BLOCKSHAPECHOICE_H
#define BANKFIX_BLOCKSHAPECHOICE_H

#include "core/access/AccessSummary.h"
#include "core/model/BlockShape.h"
#include "frontend/analysis/LaunchSites.h"

#include "clang/AST/Decl.h"

#include <map>
#include <string>
#include <vector>

namespace bankfix {

/// Where a block shape comes from.
enum class ShapeSource { Launch, Option, AnyBlock, Assumed, Probe };

/// "launch", "option", "any", "assumed": the JSON reports' names.
const char *shapeSourceName(ShapeSource S);

struct BlockShapeChoice {
  BlockShape Shape;
  std::string Origin; ///< "set with --block-dim", "from the launch at ..."
  ShapeSource Source = ShapeSource::Launch;
};

/// Whether \p Option names \p F (by its name, or an instantiation's
/// display name "transpose<16>").
bool namesFunction(const BlockDimOption &Option, const clang::FunctionDecl &F);

/// Whether the kernel-named \p Option names a kernel or device function of
/// the translation unit (a misspelt name names none).
bool namesAFunctionOf(const BlockDimOption &Option, clang::ASTContext &Ctx);

/// A launch of a kernel in another file of the run (`-p`, or several
/// files): the shapes its block can have and where it is.
struct ForeignLaunch {
  /// Empty when the launch's block is not a constant.
  std::vector<BlockShape> Shapes;
  std::string Origin; ///< "from the launch at main.cu:40:3"
  std::string Place;  ///< "main.cu:40:3"
};
/// Launches in other files, by the kernel's kernelLinkName.
using ForeignLaunches = std::map<std::string, std::vector<ForeignLaunch>>;

/// The name that identifies the kernel \p F across translation units (its
/// mangled name).
std::string kernelLinkName(const clang::FunctionDecl &F);

/// Of \p Launches, those of kernels this translation unit declares but does
/// not define: for the file that defines them.
ForeignLaunches launchesForOtherFiles(clang::ASTContext &Ctx,
                                      const std::vector<LaunchSite> &Launches);

/// Whether \p F is a kernel that another translation unit can launch and
/// that no launch of \p Launches names.
bool launchableFromOtherFiles(const clang::FunctionDecl &F,
                              const std::vector<LaunchSite> &Launches);

/// The shape assumed when neither a launch site nor --block-dim says.
constexpr BlockShape DefaultBlockShape{{32, 32, 1}};

/// \p Foreign: the launches other files of the run make (null: none).
std::vector<BlockShapeChoice>
chooseBlockShapes(const clang::FunctionDecl &F,
                  const std::vector<LaunchSite> &Launches,
                  const std::vector<BlockDimOption> &Options,
                  const ForeignLaunches *Foreign = nullptr);

/// The choices of \p F and, when its shape is assumed, the probe shapes
/// after it.
std::vector<BlockShapeChoice>
choicesWithProbes(const clang::FunctionDecl &F,
                  const std::vector<LaunchSite> &Launches,
                  const std::vector<BlockDimOption> &Options,
                  const ForeignLaunches *Foreign = nullptr);

/// Keeps, of the probes in \p Choices, those that can decide whether the
/// access's result depends on the block shape: none when it reads blockDim
/// or threadIdx.z, or has too many executions to judge again for each (the
/// origin says which); one when it reads no threadIdx.y. The executions of
/// walks for the probes left out are removed from \p Instances.
void trimProbes(std::vector<AccessInstance> &Instances,
                std::vector<BlockShapeChoice> &Choices);

/// Replaces an assumed choice and its probes (one summary each) by one
/// choice: the assumed shape, said to hold for any block with x a multiple
/// of 32 when every warp of every probe gives the same result (for the
/// widest blocks that keep the index in the array), else said to depend on
/// the shape (and how). Choices without probes are left.
void settleAssumedShape(const SharedArrayLayout &Layout,
                        const std::vector<AccessInstance> &Instances,
                        std::vector<BlockShapeChoice> &Choices,
                        std::vector<AccessSummary> &Summaries);

/// The shapes \p Choice lists; without the probes when \p WithProbes is
/// false (nvcc's merges are worked out for the shapes reported).
std::vector<BlockShape> shapesOf(const std::vector<BlockShapeChoice> &Choice,
                                 bool WithProbes = true);

} // namespace bankfix

#endif // BANKFIX_BLOCKSHAPECHOICE_H
