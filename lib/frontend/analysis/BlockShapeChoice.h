//===- BlockShapeChoice.h - Which block shapes a function is analysed with-===//
//
// In order: --block-dim=KERNEL:shape for that kernel, then --block-dim=shape
// for all, then the shapes of the kernel's launch sites in the translation
// unit, then the default 32x32x1. Each choice says where it came from, for
// the diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_BLOCKSHAPECHOICE_H
#define BANKFIX_BLOCKSHAPECHOICE_H

#include "core/model/BlockShape.h"
#include "frontend/analysis/LaunchSites.h"

#include "clang/AST/Decl.h"

#include <string>
#include <vector>

namespace bankfix {

struct BlockShapeChoice {
  BlockShape Shape;
  std::string Origin; ///< "set with --block-dim", "from the launch at ..."
};

/// The shape assumed when neither a launch site nor --block-dim says.
constexpr BlockShape DefaultBlockShape{{32, 32, 1}};

std::vector<BlockShapeChoice>
chooseBlockShapes(const clang::FunctionDecl &F,
                  const std::vector<LaunchSite> &Launches,
                  const std::vector<BlockDimOption> &Options);

/// The shapes \p Choice lists.
std::vector<BlockShape> shapesOf(const std::vector<BlockShapeChoice> &Choice);

} // namespace bankfix

#endif // BANKFIX_BLOCKSHAPECHOICE_H
