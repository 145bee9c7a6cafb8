// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchGrowth.cpp - More dynamic shared memory at each launch -------===//

#include "frontend/fix/LaunchGrowth.h"

#include "core/fix/ExtentText.h"
#include "core/fix/FixPlan.h"
#include "frontend/report/SourcePlace.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace bankfix {

namespace {

/// "4 more bytes for every 128".
std::string ratio(const BufferGrowth &G) {
  return std::to_string(G.Pad * G.Unit) + " more bytes for every " +
         std::to_string(G.Period * G.Unit);
}

bool launches(const LaunchSite &Site,
              const std::vector<const FunctionDecl *> &Kernels) {
  return std::find(Kernels.begin(), Kernels.end(), Site.Kernel) !=
         Kernels.end();
}

} // namespace

uint64_t grownDynamicBytes(uint64_t Bytes, const BufferGrowth &Growth) {
  uint64_t Units = (Bytes + Growth.Unit - 1) / Growth.Unit;
  return Bytes +
         (paddedElementCount(Units, Growth.Period, Growth.Pad) - Units) *
             Growth.Unit;
}

LaunchGrowth growLaunches(const ASTContext &Ctx,
                          const std::vector<LaunchSite> &Launches,
                          const std::vector<const FunctionDecl *> &Kernels,
                          const BufferGrowth &Growth) {
  const SourceManager &SM = Ctx.getSourceManager();
  LaunchGrowth Out;
  bool Seen = false;
  for (const LaunchSite &Site : Launches) {
    if (!launches(Site, Kernels))
      continue;
    Seen = true;
    std::string Where = describePlace(SM, Site.Loc);
    if (!Site.DynamicBytesExpr || !Site.DynamicBytes) {
      Out.Refusal = "the launch at " + Where +
                    (!Site.BytesGiven ? " gives no dynamic shared memory"
                     : !Site.Through.empty()
                         ? " gives its byte count through " + Site.Through
                     : !Site.DynamicBytesExpr
                         ? " gives its byte count in its launch configuration"
                         : " gives a byte count that is not a constant") +
                    "; it must give " + Growth.Name + " " + ratio(Growth);
      return Out;
    }
    if (Site.SeveralKernels) {
      Out.Refusal = "the launch at " + Where +
                    " launches one of several kernels with one byte count; "
                    "it must give " +
                    Growth.Name + " " + ratio(Growth);
      return Out;
    }
    uint64_t Before = *Site.DynamicBytes;
    uint64_t After = grownDynamicBytes(Before, Growth);
    std::string Written =
        writtenText(Ctx, Site.DynamicBytesExpr->getSourceRange());
    std::optional<FixEdit> Edit;
    if (!Written.empty())
      Edit = makeFixEdit(Ctx, Site.DynamicBytesExpr->getSourceRange(),
                         grownSizeText(Written, (After - Before) / Growth.Unit,
                                       Growth.Unit, Growth.UnitSpelling));
    if (!Edit) {
      Out.Refusal = "the byte count of the launch at " + Where +
                    " is written by a macro; it must grow from " +
                    std::to_string(Before) + " to " + std::to_string(After);
      return Out;
    }
    Out.Edits.push_back(*Edit);
    auto &Bytes = Out.Bytes[Site.Kernel];
    Bytes.first = std::max(Bytes.first, Before);
    Bytes.second = std::max(Bytes.second, After);
  }
  if (!Seen)
    Out.Note = "no launch of the kernel is in this file: each launch must "
               "give " +
               Growth.Name + " " + ratio(Growth) +
               " of dynamic shared memory (bytes + ceil(bytes / " +
               std::to_string(Growth.Period * Growth.Unit) + ") * " +
               std::to_string(Growth.Pad * Growth.Unit) + ")";
  return Out;
}

} // namespace bankfix
