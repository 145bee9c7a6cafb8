// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ShapeIndependence.h - Results that hold for any block shape
//---------===//
//
// With no launch and no --block-dim, the block shape is not known. When
// blockDim.x is a multiple of 32, a warp's lanes are threads 32k .. 32k+31
// of one row (threadIdx.y, threadIdx.z fixed): an access that reads neither
// blockDim nor threadIdx.z gives each warp a result that depends on its
// (k, threadIdx.y) alone. A block of at most N threads has warps with
// (k + 1) * (y + 1) <= N / 32, and every such pair is a warp of one of the
// blocks (32a) x (N / 32 / a); probeShapes lists those blocks. A kernel
// whose index leaves its array for the larger ones cannot run with them:
// the claim is then made for the blocks of at most 32 x A threads across
// (A = 16, 8, .., 1) for which it stays in bounds. When every
// warp of every probe gives the same wavefronts and ideal, each execution
// of the access gives that result in every warp of every block with x a
// multiple of 32 (and at most N threads): sameForEveryWarp.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_SHAPEINDEPENDENCE_H
#define BANKFIX_SHAPEINDEPENDENCE_H

#include "core/access/AccessSummary.h"

#include <string>
#include <vector>

namespace bankfix {

/// The blocks whose warps are every (k, y) of a block of at most
/// \p MaxThreads threads with x a multiple of 32 and at most 32 x
/// \p MaxWarpsAcross: 1024x1x1, 512x2x1, ..., 32x32x1 for 1024 and 32.
/// With \p ReadsY false (the access reads no threadIdx.y), a warp's
/// result depends on k alone: the one block 32 x MaxWarpsAcross wide.
std::vector<BlockShape> probeShapes(unsigned MaxThreads,
                                    unsigned MaxWarpsAcross = 32,
                                    bool ReadsY = true);

/// Whether some execution of \p Instances reads threadIdx.y.
bool readsThreadY(const std::vector<AccessInstance> &Instances);

/// Why the executions of \p Instances may give a warp a result that depends
/// on more than its (k, threadIdx.y): "it reads blockDim", "it reads
/// threadIdx.z"; empty when they do not.
std::string shapeDependence(const std::vector<AccessInstance> &Instances);

/// A warp-uniform value some execution of \p Instances reads whose value
/// is not known ('r' of a kernel's parameter no launch gives), by name;
/// empty when there is none. Such an access is judged over every value
/// that matters (UniformSearch.h), which probing every block would repeat.
std::string unknownValueRead(const std::vector<AccessInstance> &Instances);

/// Whether every summary is judged, with the same executions, and gives
/// every warp that runs an execution the same wavefronts and ideal (and
/// the same worst-case condition) as every other warp of every summary.
bool sameForEveryWarp(const std::vector<AccessSummary> &Summaries);

} // namespace bankfix

#endif // BANKFIX_SHAPEINDEPENDENCE_H
