// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchOverruns.cpp - Launches that give too little dynamic memory --===//

#include "frontend/analysis/LaunchOverruns.h"

#include "core/access/ReachedBytes.h"
#include "frontend/analysis/LaunchArguments.h"

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

/// Whether \p Site is one of the launches \p C stands for: a launch of its
/// shape and, for one of the sets of parameter values that launches of
/// that shape pass (\p Sets, by shape), one that passes it.
bool launchedWith(const LaunchSite &Site, const BlockShapeChoice &C,
                  const LaunchArguments &Sets) {
  if (C.Source != ShapeSource::Launch ||
      std::none_of(Site.Shapes.begin(), Site.Shapes.end(),
                   [&](const BlockShape &S) { return S.Dim == C.Shape.Dim; }))
    return false;
  auto Values = Sets.ByShape.find(C.Shape);
  if (C.Shape.ArgumentSet == 0 || Values == Sets.ByShape.end())
    return true;
  for (const auto &[I, V] : Values->second)
    if (I >= Site.Arguments.size() || !Site.Arguments[I] ||
        int64_t(*Site.Arguments[I]) != V)
      return false;
  return true;
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
    LaunchArguments Sets = launchArguments(*Site.Kernel, Launches);
    for (size_t I = 0; I < Found.Accesses.size(); ++I) {
      const FoundAccess &A = Found.Accesses[I];
      if (!A.Unsupported.empty() || !A.Array->Decl->hasExternalStorage() ||
          !sameKernel(A.Function, Site.Kernel))
        continue;
      for (size_t K = 0; K < Choices[I].size(); ++K) {
        const BlockShapeChoice &C = Choices[I][K];
        if (!launchedWith(Site, C, Sets))
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
