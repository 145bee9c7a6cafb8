// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchArguments.h - Kernel parameters the launches fix -------------===//
//
// A kernel's integer parameter that every launch of it in the translation
// unit passes as the same constant (`scan<<<1, 256>>>(out, in, 512)`) has
// that value while the kernel is analysed (LaneExpr::launched): its loops
// bounded by it are unrolled and its indices evaluate to numbers, where the
// parameter alone would be judged at its worst value. nvcc does not know
// the value: what it compiles (merges, reused loads, loops it cannot
// unroll) is worked out as for an unknown parameter. Parameters that the
// launches pass different values are analysed launch by launch, when every
// launch has one block shape and passes each of them a constant: under
// each distinct block shape and set of values, the launches' values
// (`k<<<g, 128>>>(p, 128)` and `k<<<g, 256>>>(p, 256)`; two launches of
// one shape with `n = 512` and `n = 1024` are two sets, told apart by
// BlockShape::ArgumentSet). With more than MaxArgumentSets sets, only the
// parameters on which the launches of each shape agree are followed. A
// parameter some launch passes a value bankfix does not follow stays
// unknown; so does every parameter of every kernel when some launch names
// a kernel bankfix does not follow.
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
  /// (and set of values) of the launches that pass them, how to say them
  /// ("n = 128"), and, for a shape whose launches pass several sets, the
  /// first launch of each set (the choice of shape names it).
  std::map<BlockShape, std::map<unsigned, int64_t>> ByShape;
  std::map<BlockShape, std::string> SaidByShape;
  std::map<BlockShape, const LaunchSite *> FirstLaunch;
};

/// The most sets of parameter values a kernel is analysed with, over all
/// its block shapes: each is a walk and a judgement of its own.
constexpr size_t MaxArgumentSets = 8;

LaunchArguments launchArguments(const clang::FunctionDecl &Kernel,
                                const std::vector<LaunchSite> &Launches);

} // namespace bankfix

#endif // BANKFIX_LAUNCHARGUMENTS_H
