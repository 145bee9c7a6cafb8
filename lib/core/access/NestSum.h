// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NestSum.h - An access in a nest that reads its loops as one sum ----===//
//
// Indices in nested loops mostly read the loops' variables through one
// linear combination: t[y][(x * 3 + a * 5 + b * 7) % 64]. Over the nest's
// iterations such an access has as many bank patterns as the sum u = 5 ka
// + 7 kb (ka, kb: the loops' iteration numbers) has values modulo its
// period, however many loops and iterations there are. This finds the
// sum, the access written over it (a one-loop range whose iterations are
// the sum's values, for IterationPeriod.h), and how many iterations of the
// nest give each residue: counted by convolving the loops' residues, never
// by walking the product of their trip counts. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_NESTSUM_H
#define BANKFIX_NESTSUM_H

#include "core/access/IterationRange.h"

#include <optional>
#include <vector>

namespace bankfix {

struct NestSum {
  /// u = sum of Weights[L] * (iteration of loop L).
  std::vector<int64_t> Weights;
  int64_t Min = 0, Max = 0; ///< the least and greatest value of u
  /// The access with every loop variable read through u: Sum's variable.
  SharedAccessDesc Access;
  /// One loop whose iteration k >= 1 has u = Min + k - 1.
  IterationRange Sum;

  /// Access with u = \p U.
  SharedAccessDesc accessAt(int64_t U) const;
  /// u in iteration \p K of \p Nest.
  int64_t valueIn(const IterationRange &Nest, uint64_t K) const;
};

/// The sum \p Access reads the variables of nest \p Nest through; nullopt
/// when it reads them otherwise (two different combinations, a product).
std::optional<NestSum> nestSum(const SharedAccessDesc &Access,
                               const IterationRange &Nest);

/// For each residue r of u - Min modulo \p Period: how many iterations of
/// \p Nest have it, and the first of them in the order they run (nullopt
/// when one is not found in the first Nest iterations scanned).
struct SumResidues {
  std::vector<uint64_t> Count;
  std::vector<uint64_t> First;
};
std::optional<SumResidues>
sumResidues(const NestSum &S, const IterationRange &Nest, uint64_t Period);

} // namespace bankfix

#endif // BANKFIX_NESTSUM_H
