// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NamedConstantFix.h - Padding rows where their macro is defined -----===//
//
// A tile whose innermost extent adds a padding macro
// (`extern __shared__ half shmem[][CHUNK_K * K + SKEW_HALF]`) may be
// reached in ways the row padding cannot rewrite: a view of another
// element type (`(float *)&shmem[0][0]`), a launch whose byte count is a
// `MAX(...)` of two phases. Its rows can still be padded where the macro
// is defined (`#define SKEW_HALF 16` -> `24`), when every use of the
// macro is an added term of the row length: the extent itself, a wmma
// ldm, the launch's byte count. Everything written with the row length
// then follows it, and nothing else changes. No `#if` may read the macro,
// and no `#undef` may end it.
//
// Each candidate value is judged by analysing the file again with the
// macro changed (a trial): whatever the code does with the row length,
// the trial's accesses show it. Candidates keep the row's alignment (a
// row of 160 bytes grows by 16, 32, 48 or 64: `int4` copies and wmma's
// ldm need whole 16 bytes); the least wavefronts wins, the least memory
// among equals, unless it lowers a kernel's blocks per SM: a value that
// keeps them is preferred, and where every value that helps lowers them,
// none is offered. Smaller values are judged too but only named: the
// columns past a row's other terms may hold data, which bankfix does not
// follow. Rows filled by an asynchronous copy (`cuda::memcpy_async`,
// `__pipeline_memcpy_async`) are left as they are: its speed depends on
// their alignment, which bankfix does not judge (measured: NVIDIA's bf16
// GEMM with its rows moved by 16 bytes either way took its operand loads
// to their ideal and ran 15% slower). A view that does not use the row length
// (an epilogue's float tile over the same bytes) keeps its own addresses: it is
// taken to hold its own data, as a buffer reused between phases does.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_NAMEDCONSTANTFIX_H
#define BANKFIX_NAMEDCONSTANTFIX_H

#include "frontend/parse/DirectiveRecord.h"
#include "frontend/pipeline/Pipeline.h"

#include "clang/AST/ASTContext.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

/// One array declaration's accesses, summed over its instantiations,
/// accesses and block shapes.
struct ArrayTotals {
  uint64_t Wavefronts = 0, Ideal = 0;
  /// Every access judged, with exact numbers, and none beyond its
  /// launch's bytes; otherwise the first that is not, and why.
  bool Complete = true;
  std::string Incomplete;
  /// Per access and block shape, in order: its label and wavefronts.
  std::vector<AccessChange> PerAccess;
};

/// What one analysis of the file gives a trial: every array
/// declaration's totals, by "FILE:LINE:COL" of the declaration, and each
/// kernel's dynamic shared memory (the most a launch in sight gives), by
/// its name as bankfix shows it.
struct TrialTotals {
  std::map<std::string, ArrayTotals> Arrays;
  std::map<std::string, uint64_t> LaunchBytes;
  /// The least constant limit the translation unit sets on each kernel's
  /// dynamic shared memory (cudaFuncSetAttribute).
  std::map<std::string, uint64_t> LaunchLimits;
};

TrialTotals trialTotals(const clang::SourceManager &SM,
                        const PipelineResult &U);

/// The file analysed again once per content of \p Contents, each in place
/// of \p File's bytes (in parallel where it can); nullopt for an analysis
/// that failed.
using ConstantTrials = std::function<std::vector<std::optional<TrialTotals>>(
    const std::string &File, const std::vector<std::string> &Contents)>;

/// Offers the fix through a padding macro for each array of \p U that has
/// none and whose extent adds one (see above), judged by \p Trials;
/// \p Directives: what the preprocessor read and skipped in the parse.
void planNamedConstantFixes(clang::ASTContext &Ctx, PipelineResult &U,
                            const DirectiveRecord &Directives,
                            const ConstantTrials &Trials);

} // namespace bankfix

#endif // BANKFIX_NAMEDCONSTANTFIX_H
