// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchGrowth.cpp - More dynamic shared memory at each launch -------===//

#include "frontend/fix/LaunchGrowth.h"

#include "core/fix/ExtentText.h"
#include "core/fix/FixPlan.h"
#include "frontend/fix/FixEdit.h"
#include "frontend/report/SourcePlace.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

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

namespace {

/// The factor of the product \p Bytes (or of the initialiser of the
/// constant local it names) that is not a literal and whose value is
/// \p Stride in this instantiation, if any.
const Expr *factorWithValue(const ASTContext &Ctx, const Expr *Bytes,
                            uint64_t Stride) {
  const Expr *E = Bytes->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        V && V->hasLocalStorage() && V->getType().isConstQualified() &&
        V->getInit())
      E = V->getInit()->IgnoreParenImpCasts();
  std::vector<const Expr *> Work{E};
  while (!Work.empty()) {
    const Expr *F = Work.back();
    Work.pop_back();
    const auto *Mul = dyn_cast<BinaryOperator>(F->IgnoreParenImpCasts());
    if (Mul && Mul->getOpcode() == BO_Mul) {
      Work.push_back(Mul->getRHS());
      Work.push_back(Mul->getLHS());
      continue;
    }
    if (F == E || isa<IntegerLiteral>(F->IgnoreParenImpCasts()))
      continue;
    if (nonNegativeConstant(Ctx, F) == Stride)
      return F->IgnoreImpCasts();
  }
  return nullptr;
}

/// A byte count's edit, and how it grows the count.
struct GrownBytes {
  FixEdit Edit;
  /// Its factor of the stride's value rewritten as the stride is; else a
  /// number added to a constant; else a formula of itself.
  enum { ByStride, ByNumber, ByFormula } By = ByFormula;

  /// What a count of \p Before bytes becomes.
  uint64_t after(uint64_t Before, const BufferGrowth &Growth) const {
    switch (By) {
    case ByStride:
      return Before / Growth.Period * (Growth.Period + Growth.Pad);
    case ByNumber:
      return grownDynamicBytes(Before, Growth);
    case ByFormula:
      break;
    }
    return Before +
           Before / (Growth.Period * Growth.Unit) * (Growth.Pad * Growth.Unit);
  }
};

/// \p Bytes (a launch's byte count or a limit on it) grown: by the
/// stride's words where Growth.StrideText asks and it is a factor, by a
/// number when it is a constant, else by a formula of itself (right for
/// every value it takes); nothing when a macro writes it.
std::optional<GrownBytes> grownBytesEdit(const ASTContext &Ctx,
                                         const Expr *Bytes,
                                         const BufferGrowth &Growth) {
  std::string Written = writtenText(Ctx, Bytes->getSourceRange());
  if (Written.empty())
    return std::nullopt;
  auto Made = [](std::optional<FixEdit> Edit, decltype(GrownBytes::By) By) {
    return Edit ? std::optional<GrownBytes>(GrownBytes{*Edit, By})
                : std::nullopt;
  };
  if (Growth.StrideText)
    if (const Expr *Factor = factorWithValue(Ctx, Bytes, Growth.Period)) {
      std::string Stride = writtenText(Ctx, Factor->getSourceRange());
      if (Stride.empty())
        return std::nullopt;
      return Made(
          makeFixEdit(Ctx, Factor->getSourceRange(), Growth.StrideText(Stride)),
          GrownBytes::ByStride);
    }
  if (std::optional<uint64_t> Value = nonNegativeConstant(Ctx, Bytes))
    return Made(
        makeFixEdit(Ctx, Bytes->getSourceRange(),
                    grownSizeText(Written,
                                  (grownDynamicBytes(*Value, Growth) - *Value) /
                                      Growth.Unit,
                                  Growth.Unit, Growth.UnitSpelling)),
        GrownBytes::ByNumber);
  return Made(makeFixEdit(Ctx, Bytes->getSourceRange(),
                          grownBytesText(Written, Growth.Period, Growth.Pad,
                                         Growth.Unit, Growth.UnitSpelling)),
              GrownBytes::ByFormula);
}

/// The limits set on the kernels' dynamic shared memory: one written as a
/// launch's byte count is grown with it; a constant one below what a grown
/// launch gives refuses the fix; any other (a device maximum) stays. False
/// with \p Out's refusal.
bool growLimits(const ASTContext &Ctx, const std::vector<LaunchSite> &Launches,
                const std::vector<const FunctionDecl *> &Kernels,
                const BufferGrowth &Growth, LaunchGrowth &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::DenseSet<const Expr *> Done;
  for (const LaunchSite &Site : Launches) {
    if (!launches(Site, Kernels))
      continue;
    for (const DynamicLimit &Limit : Site.Limits) {
      if (!Done.insert(Limit.Bytes).second)
        continue;
      std::string Where = describePlace(SM, Limit.Loc);
      // Compared and grown without its casts: `(int)bytes` is written as
      // the launch's `bytes`.
      const Expr *Bytes = Limit.Bytes->IgnoreParenCasts();
      std::string Written = writtenText(Ctx, Bytes->getSourceRange());
      bool AsLaunch = std::any_of(
          Launches.begin(), Launches.end(), [&](const LaunchSite &L) {
            return launches(L, {Site.Kernel}) && L.DynamicBytesExpr &&
                   !Written.empty() &&
                   writtenText(Ctx, L.DynamicBytesExpr->IgnoreParenCasts()
                                        ->getSourceRange()) == Written;
          });
      if (AsLaunch) {
        std::optional<GrownBytes> Grown = grownBytesEdit(Ctx, Bytes, Growth);
        std::optional<FixEdit> Edit;
        if (Grown)
          Edit = Grown->Edit;
        if (Edit && Bytes != Limit.Bytes->IgnoreParenImpCasts())
          Edit->Text = Edit->Edit.Text = "(" + Edit->Text + ")";
        if (!Edit) {
          Out.Refusal = "the limit on the kernel's dynamic shared memory set "
                        "at " +
                        Where + " is written by a macro; it must give " +
                        Growth.Name + " " + ratio(Growth);
          return false;
        }
        Out.Edits.push_back(*Edit);
        continue;
      }
      auto Grown = Out.Bytes.find(Site.Kernel);
      if (Limit.BytesValue && Grown != Out.Bytes.end() &&
          *Limit.BytesValue < Grown->second.second) {
        Out.Refusal =
            "the limit on the kernel's dynamic shared memory set at " + Where +
            " (" + std::to_string(*Limit.BytesValue) + " bytes) is below the " +
            std::to_string(Grown->second.second) +
            " bytes its fixed launches give";
        return false;
      }
    }
  }
  return true;
}

} // namespace

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
    // A byte count that is not a constant grows by a formula of itself,
    // evaluated once more: it must have no side effects.
    if (!Site.DynamicBytesExpr ||
        !sideEffect(Ctx, Site.DynamicBytesExpr).empty()) {
      Out.Refusal = "the launch at " + Where +
                    (!Site.BytesGiven ? " gives no dynamic shared memory"
                     : !Site.Through.empty()
                         ? " gives its byte count through " + Site.Through
                     : !Site.DynamicBytesExpr
                         ? " gives its byte count in its launch configuration"
                         : " gives a byte count with side effects") +
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
    std::optional<GrownBytes> Grown =
        grownBytesEdit(Ctx, Site.DynamicBytesExpr, Growth);
    if (!Grown) {
      Out.Refusal =
          "the byte count of the launch at " + Where +
          " is written by a macro; it must " +
          (Site.DynamicBytes
               ? "grow from " + std::to_string(*Site.DynamicBytes) + " to " +
                     std::to_string(
                         grownDynamicBytes(*Site.DynamicBytes, Growth))
               : "give " + Growth.Name + " " + ratio(Growth));
      return Out;
    }
    Out.Edits.push_back(Grown->Edit);
    if (Site.DynamicBytes) {
      uint64_t Before = *Site.DynamicBytes;
      uint64_t After = Grown->after(Before, Growth);
      auto &Bytes = Out.Bytes[Site.Kernel];
      Bytes.first = std::max(Bytes.first, Before);
      Bytes.second = std::max(Bytes.second, After);
    }
  }
  if (!growLimits(Ctx, Launches, Kernels, Growth, Out))
    return Out;
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
