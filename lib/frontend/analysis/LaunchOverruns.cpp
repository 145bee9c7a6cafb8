// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchOverruns.cpp - Launches that give too little dynamic memory --===//

#include "frontend/analysis/LaunchOverruns.h"

#include "core/access/ReachedBytes.h"

#include "clang/AST/Decl.h"

#include <algorithm>
#include <optional>

namespace bankfix {

namespace {

/// The dynamic shared memory \p Site gives, when known: its constant byte
/// count, or none when a launch written in place gives no byte count.
std::optional<uint64_t> givenBytes(const LaunchSite &Site) {
  if (Site.SeveralKernels || !Site.Kernel)
    return std::nullopt;
  if (Site.BytesGiven)
    return Site.DynamicBytes;
  if (Site.Through.empty() && !Site.Shapes.empty())
    return 0;
  return std::nullopt;
}

bool sameKernel(const clang::FunctionDecl *A, const clang::FunctionDecl *B) {
  return A && B && A->getCanonicalDecl() == B->getCanonicalDecl();
}

} // namespace

std::vector<LaunchOverrun>
findLaunchOverruns(const SharedAccesses &Found,
                   const std::vector<std::vector<BlockShapeChoice>> &Choices,
                   const std::vector<std::vector<AccessSummary>> &Summaries,
                   const std::vector<LaunchSite> &Launches) {
  std::vector<LaunchOverrun> Out;
  for (size_t L = 0; L < Launches.size(); ++L) {
    const LaunchSite &Site = Launches[L];
    std::optional<uint64_t> Given = givenBytes(Site);
    if (!Given)
      continue;
    std::optional<LaunchOverrun> Worst;
    for (size_t I = 0; I < Found.Accesses.size(); ++I) {
      const FoundAccess &A = Found.Accesses[I];
      if (!A.Unsupported.empty() || !A.Array->Decl->hasExternalStorage() ||
          !sameKernel(A.Function, Site.Kernel))
        continue;
      for (size_t K = 0; K < Choices[I].size(); ++K) {
        const BlockShapeChoice &C = Choices[I][K];
        if (C.Source != ShapeSource::Launch ||
            std::find(Site.Shapes.begin(), Site.Shapes.end(), C.Shape) ==
                Site.Shapes.end())
          continue;
        std::optional<uint64_t> Reached = bytesReached(Summaries[I][K]);
        if (Reached && *Reached > *Given &&
            (!Worst || *Reached > Worst->Reached))
          Worst = LaunchOverrun{L, *Given, *Reached, I, K};
      }
    }
    if (Worst)
      Out.push_back(*Worst);
  }
  return Out;
}

} // namespace bankfix
