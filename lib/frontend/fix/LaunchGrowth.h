// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchGrowth.h - More dynamic shared memory at each launch ---------===//
//
// An extern __shared__ buffer's size is the launch's third `<<< >>>`
// argument: a fix that skips Pad elements after every Period needs that
// many more at every launch of every kernel that uses it. Each launch in
// the translation unit whose byte count is a constant gets a replacement
// (`256 * sizeof(float)` -> `256 * sizeof(float) + 8 * sizeof(float)`);
// one that is not a constant grows by a formula of itself, and one written
// as a product with the row stride (which may differ by instantiation)
// has that factor rewritten as the stride is; with no launch in sight, a
// note says by how much each launch must grow.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LAUNCHGROWTH_H
#define BANKFIX_LAUNCHGROWTH_H

#include "frontend/analysis/LaunchSites.h"
#include "frontend/fix/FixEdit.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace bankfix {

/// What the buffer's elements become: Pad more after every Period, in
/// elements of Unit bytes spelled UnitSpelling.
struct BufferGrowth {
  std::string Name; ///< "'smem'"
  uint64_t Period = 0;
  unsigned Pad = 0;
  uint64_t Unit = 4;
  std::string UnitSpelling; ///< "float"
  /// When set, the row stride's new text given its written one (`n_cols`
  /// -> `(n_cols | 1)`): a byte count that is a product with a factor of
  /// the stride's value (itself or a constant local's initialiser,
  /// `threads * (width - 1 + chunk) * sizeof(float)`) has that factor
  /// rewritten, in the same words in every instantiation.
  std::function<std::string(const std::string &)> StrideText;
};

struct LaunchGrowth {
  std::vector<FixEdit> Edits;
  std::string Refusal; ///< a launch whose byte count cannot be grown
  std::string Note;    ///< no launch in sight: how much each must grow
  /// Per kernel with a launch in sight: the most dynamic shared memory its
  /// launches give, before and after.
  std::map<const clang::FunctionDecl *, std::pair<uint64_t, uint64_t>> Bytes;
};

/// The dynamic shared memory \p Bytes grows to.
uint64_t grownDynamicBytes(uint64_t Bytes, const BufferGrowth &Growth);

LaunchGrowth
growLaunches(const clang::ASTContext &Ctx,
             const std::vector<LaunchSite> &Launches,
             const std::vector<const clang::FunctionDecl *> &Kernels,
             const BufferGrowth &Growth);

} // namespace bankfix

#endif // BANKFIX_LAUNCHGROWTH_H
