// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchArguments.h - Kernel parameters the launches fix -------------===//
//
// A kernel's integer parameter that every launch of it in the translation
// unit passes as the same constant (`scan<<<1, 256>>>(out, in, 512)`) has
// that value while the kernel is analysed (LaneExpr::launched): its loops
// bounded by it are unrolled and its indices evaluate to numbers, where the
// parameter alone would be judged at its worst value. nvcc does not know
// the value: what it compiles (merges, reused loads, loops it cannot
// unroll) is worked out as for an unknown parameter. A parameter that the
// launches pass different values has, under each launch's block shape,
// that launch's value, when every launch has one shape and the launches of
// one shape agree (`k<<<g, 128>>>(p, 128)` and `k<<<g, 256>>>(p, 256)`).
// Otherwise, or when some launch passes a value bankfix does not follow, it
// stays unknown; so does every parameter of every kernel when some launch
// names a kernel bankfix does not follow.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LAUNCHARGUMENTS_H
#define BANKFIX_LAUNCHARGUMENTS_H

#include "frontend/analysis/LaunchSites.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>

namespace bankfix {

struct LaunchArguments {
  /// The value of each parameter fixed by the launches, by its index.
  std::map<unsigned, int64_t> Values;
  /// "n = 512", empty when no parameter is fixed; Where: " as passed at
  /// scan.cu:44:3" or " as passed by each of its 3 launches".
  std::string Said, Where;
  /// The kernel has one launch.
  bool OneLaunch = false;
  /// The parameters whose value depends on the launch, by the block shape
  /// of the launches that pass it, and how to say them ("n = 128").
  std::map<std::array<unsigned, 3>, std::map<unsigned, int64_t>> ByShape;
  std::map<std::array<unsigned, 3>, std::string> SaidByShape;
};

LaunchArguments launchArguments(const clang::FunctionDecl &Kernel,
                                const std::vector<LaunchSite> &Launches);

} // namespace bankfix

#endif // BANKFIX_LAUNCHARGUMENTS_H
