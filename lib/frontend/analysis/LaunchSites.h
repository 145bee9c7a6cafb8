//===- LaunchSites.h - Kernel launches and the block shapes they use ------===//
//
// Finds every `kernel<<<grid, block, ...>>>` in the translation unit and
// works out the block shape when it is a constant: `dim3 block(32, 8)`, an
// integer, a macro or constexpr, a dim3 variable initialised once; and the
// dynamic shared memory it asks for (the third argument), as written and,
// when it is a constant, its value.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LAUNCHSITES_H
#define BANKFIX_LAUNCHSITES_H

#include "core/model/BlockShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <optional>
#include <string>
#include <vector>

namespace bankfix {

struct LaunchSite {
  const clang::FunctionDecl *Kernel = nullptr; ///< the instantiation launched
  clang::SourceLocation Loc;
  std::optional<BlockShape> Shape; ///< nullopt: not a constant bankfix follows
  /// The third `<<< >>>` argument as written; null when the launch has none.
  const clang::Expr *DynamicBytesExpr = nullptr;
  std::optional<uint64_t> DynamicBytes; ///< its value, when a constant
};

std::vector<LaunchSite> findLaunchSites(clang::ASTContext &Ctx);

} // namespace bankfix

#endif // BANKFIX_LAUNCHSITES_H
