// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CallEffects.h - What a call does to the accesses nvcc merges -------===//
//
// nvcc merges a thread's adjacent shared accesses in straight-line code
// (docs/bank-model.md, "What nvcc 13 merges"). Measured on the GPU: integer
// division, min/max, fminf/fabsf, fmaf, expf, __expf, __fdividef,
// conversions, or a global load or store between two loads leave them
// merged; barriers and fences keep them apart. sqrtf and IEEE float
// division (whose code takes a slow path through a branch) kept a pair
// apart but not a run of loads of one 16-byte chunk, and a warp shuffle
// let a pair merge but not a longer run: across those, and across any
// call whose body bankfix cannot see, whether they merge is undecided. A
// call whose body is visible is walked, and what it holds decides.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_CALLEFFECTS_H
#define BANKFIX_CALLEFFECTS_H

#include "clang/AST/Decl.h"

#include <string>

namespace bankfix {

enum class CallEffect {
  /// Straight-line code that touches no shared memory: merges go on.
  None,
  /// No access before the call merges with one after it.
  Splits,
  /// Not known: a merge across it may or may not happen.
  MaySplit,
};

/// What a call of \p Callee (null: an indirect call), whose body bankfix
/// does not walk, does to merges across it.
CallEffect invisibleCallEffect(const clang::FunctionDecl *Callee);

/// Whether \p Callee is a warp shuffle or vote (`__shfl_xor_sync`, the
/// `__nvvm_shfl_*` builtins the headers call, `__ballot_sync`, CUB's
/// `cub::ShuffleUp`): lanes exchange registers, no memory is written.
bool exchangesWithinWarp(const clang::FunctionDecl *Callee);

} // namespace bankfix

#endif // BANKFIX_CALLEFFECTS_H
