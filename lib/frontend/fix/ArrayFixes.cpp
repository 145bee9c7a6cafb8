// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ArrayFixes.cpp - The fixes for the conflicting shared arrays -------===//

#include "frontend/fix/ArrayFixes.h"

#include "core/fix/ExtentText.h"
#include "core/fix/PaddingPlanner.h"
#include "frontend/fix/FlatBufferFix.h"
#include "frontend/fix/KernelBudgets.h"
#include "frontend/fix/LaunchGrowth.h"
#include "frontend/fix/LaunchScope.h"
#include "frontend/fix/SwizzleFix.h"
#include "frontend/fix/UnsafeUses.h"
#include "frontend/report/SourcePlace.h"

#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

using namespace clang;

namespace bankfix {

namespace {

uint64_t layoutBytes(const SharedArrayLayout &L, unsigned Pad) {
  uint64_t N = L.ElementSize;
  for (size_t I = 0; I < L.Dims.size(); ++I)
    N *= L.Dims[I] + (I + 1 == L.Dims.size() ? Pad : 0);
  return N;
}

/// How padding every row of \p G's arrays by \p Pad elements grows their
/// memory: static bytes per array, or, for an extern array, the launches'
/// byte counts (\p Grown: their edits, or why they cannot grow).
MemoryGrowth rowPaddingGrowth(ASTContext &Ctx, const SharedAccesses &Found,
                              const ArrayGroup &G,
                              const std::vector<LaunchSite> &Launches,
                              const LaunchScope *Scope, unsigned Pad,
                              LaunchGrowth &Grown) {
  const SharedArray &First = *G.Arrays.front();
  const VarDecl &V = *First.Decl;
  MemoryGrowth Growth;
  if (!V.hasExternalStorage()) {
    for (const SharedArray *Array : G.Arrays)
      Growth.StaticBytes[Array] =
          layoutBytes(Array->Layout, Pad) - layoutBytes(Array->Layout, 0);
    return Growth;
  }
  std::vector<const FunctionDecl *> Kernels;
  for (size_t I : G.Accesses)
    Kernels.push_back(Found.Accesses[I].Function);
  Grown = growLaunches(
      Ctx, Launches, Kernels,
      {"'" + First.Layout.Name + "'",
       First.Layout.Dims.back(),
       Pad,
       First.Layout.ElementSize,
       Ctx.getBaseElementType(V.getType()).getAsString(Ctx.getPrintingPolicy()),
       {}});
  Growth.DynamicBytes = Grown.Bytes;
  if (Grown.Refusal.empty())
    Grown.Refusal = unseenLaunchRefusal(Ctx.getSourceManager(), V, Scope);
  return Growth;
}

/// The edits that grow by \p Pad the wmma ldm arguments tied to the rows
/// of \p G's arrays (ArrayUses::TiedStrides); false with \p Why when one
/// cannot be rewritten.
bool tiedStrideEdits(ASTContext &Ctx, const ArrayGroup &G,
                     const ArrayUses &Uses, unsigned Pad,
                     std::vector<FixEdit> &Edits, std::string &Why) {
  std::set<std::pair<std::string, unsigned>> Seen;
  for (const SharedArray *Array : G.Arrays) {
    auto It = Uses.TiedStrides.find(Array->Decl);
    if (It == Uses.TiedStrides.end())
      continue;
    for (const Expr *Ldm : It->second) {
      std::string Written = writtenText(Ctx, Ldm->getSourceRange());
      std::optional<FixEdit> Edit =
          Written.empty() ? std::nullopt
                          : makeFixEdit(Ctx, Ldm->getSourceRange(),
                                        paddedExtentText(Written, Pad));
      if (!Edit) {
        Why = "the ldm argument at " +
              describePlace(Ctx.getSourceManager(), Ldm->getBeginLoc()) +
              " cannot be rewritten with the rows; change both by hand";
        return false;
      }
      if (Seen.insert({Edit->Edit.File, Edit->Edit.Offset}).second)
        Edits.push_back(*Edit);
    }
  }
  return true;
}

/// The edits of \p Fix's row padding of \p First (its innermost extent,
/// the ldm arguments tied to its rows, and the launches \p Grown grows),
/// or why it cannot be offered.
void offerRowPadding(ASTContext &Ctx, const SharedArray &First,
                     const ArrayGroup &G, const ArrayUses &Uses,
                     const LaunchGrowth &Grown, ArrayFix &Fix) {
  const VarDecl &V = *First.Decl;
  std::string Name = "'" + First.Layout.Name + "'";
  const Expr *Size = innermostExtent(V);
  std::string Written = Size ? writtenText(Ctx, Size->getSourceRange()) : "";
  std::optional<FixEdit> Edit;
  if (!Written.empty() && !V.getLocation().isMacroID())
    Edit = makeFixEdit(Ctx, Size->getSourceRange(),
                       paddedExtentText(Written, Fix.Plan.Pad));
  if (!Grown.Refusal.empty())
    Fix.Refusal = Grown.Refusal;
  else if (!Edit)
    Fix.Refusal = Ctx.getSourceManager().isInSystemHeader(V.getLocation())
                      ? "the declaration of " + Name + " is in a system header"
                      : "the declaration of " + Name +
                            " comes from a macro expansion; change it by hand";
  else
    Fix.Refusal = budgetsRefusal(Fix.Budgets);
  if (!Fix.Refusal.empty())
    return;
  std::vector<FixEdit> Tied;
  if (!tiedStrideEdits(Ctx, G, Uses, Fix.Plan.Pad, Tied, Fix.Refusal))
    return;
  if (!Tied.empty())
    Fix.Change += "; the ldm of its wmma loads and stores grows with the "
                  "rows (" +
                  std::to_string(Tied.size()) +
                  (Tied.size() == 1 ? " call)" : " calls)");
  Fix.Edits.push_back(*Edit);
  Fix.Edits.insert(Fix.Edits.end(), Tied.begin(), Tied.end());
  Fix.Edits.insert(Fix.Edits.end(), Grown.Edits.begin(), Grown.Edits.end());
}

/// Row padding of a multi-dimensional array: the innermost extent grows;
/// an extern array's launches grow with it.
void planRowPadding(ASTContext &Ctx, const SharedAccesses &Found,
                    const ArrayGroup &G,
                    const std::vector<JudgedShapes> &Shapes,
                    const std::vector<LaunchSite> &Launches,
                    const LaunchScope *Scope, const ArrayUses &Uses,
                    ArrayFix &Fix) {
  const llvm::DenseMap<const VarDecl *, std::string> &Unsafe = Uses.Unsafe;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<PlannedLayout> Layouts;
  if (!plannedLayouts(SM, Found, G, Shapes, Layouts, Fix.Plan.WhyNot))
    return;
  // An access through a pointer blocks padding; the use that made the
  // pointer says best why.
  for (size_t I : G.Accesses)
    if (Found.Accesses[I].FlatBytes) {
      auto U = Unsafe.find(Found.Accesses[I].Array->Decl);
      if (U != Unsafe.end()) {
        Fix.Plan.WhyNot = U->second;
        return;
      }
    }
  uint64_t RowVector = 0;
  for (const SharedArray *Array : G.Arrays) {
    auto It = Uses.RowVectorBytes.find(Array->Decl);
    if (It != Uses.RowVectorBytes.end())
      RowVector = std::max(RowVector, It->second);
  }
  Fix.Plan = planPadding(Layouts, RowVector);
  if (!Fix.Plan.helps())
    return;

  const SharedArray &First = *G.Arrays.front();
  unsigned Pad = Fix.Plan.Pad;
  Fix.Change = "pad it to " + paddedTypeSpelling(First, Pad);
  if (RowVector > First.Layout.ElementSize)
    Fix.Change +=
        " (rows grown by whole " + std::to_string(RowVector) +
        "-byte vectors, which keeps its vector accesses aligned" +
        (Fix.Plan.After > Fix.Plan.Floor ? "; no such padding does better)"
                                         : ")");
  LaunchGrowth Grown;
  MemoryGrowth Growth =
      rowPaddingGrowth(Ctx, Found, G, Launches, Scope, Pad, Grown);
  Fix.LaunchNote = Grown.Note;
  Fix.Budgets = kernelBudgets(Ctx, Found, G.Accesses, Shapes, Launches, Growth);
  for (const SharedArray *Array : G.Arrays) {
    auto U = Unsafe.find(Array->Decl);
    if (U != Unsafe.end()) {
      Fix.Refusal = U->second;
      return;
    }
  }
  offerRowPadding(Ctx, First, G, Uses, Grown, Fix);
}

/// Why \p Fix offers nothing: "XOR swizzle: ...".
std::string whyNotOffered(const ArrayFix &Fix) {
  std::string Why = Fix.Plan.WhyNot;
  if (Why.empty())
    Why = !Fix.Plan.helps() ? "none lowers its wavefronts" : Fix.Refusal;
  return std::string(fixStyleName(Fix.Plan.Style)) + ": " + Why;
}

/// The fix of a tile: \p Padding or \p Swizzle as \p Choice says; under
/// Auto the one offered, the fewest wavefronts when both are, the padding
/// on a tie (one edit, in the declaration). The other is kept as what it
/// would give, or why it is not offered either.
ArrayFix chooseStyle(FixStyleChoice Choice, ArrayFix Padding,
                     ArrayFix Swizzle) {
  bool TakeSwizzle = Choice == FixStyleChoice::Swizzle;
  if (Choice == FixStyleChoice::Auto)
    TakeSwizzle = Swizzle.fixes() &&
                  (!Padding.fixes() || Swizzle.Plan.After < Padding.Plan.After);
  ArrayFix &Chosen = TakeSwizzle ? Swizzle : Padding;
  ArrayFix &Other = TakeSwizzle ? Padding : Swizzle;
  if (Other.Plan.helps() && Other.Refusal.empty())
    Chosen.Other = Other.Plan;
  else if (!Chosen.fixes())
    Chosen.OtherWhyNot = whyNotOffered(Other);
  return std::move(Chosen);
}

/// Whether \p E names a reference (`lo` of `float &lo` bound to `s[i]`).
bool readsThroughReference(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && Ref->getDecl()->getType()->isReferenceType();
}

/// Merges the groups of flat buffers that one subscript reaches (a device
/// function indexing the buffer each caller passes it): their subscripts
/// are rewritten once, so they are fixed together or not at all.
void mergeSharedSubscripts(const SharedAccesses &Found,
                           std::map<SourceLocation::UIntTy, ArrayGroup> &Groups,
                           std::vector<SourceLocation::UIntTy> &Order) {
  std::map<SourceLocation::UIntTy, SourceLocation::UIntTy> Parent;
  std::function<SourceLocation::UIntTy(SourceLocation::UIntTy)> Root =
      [&](SourceLocation::UIntTy K) {
        auto It = Parent.find(K);
        return It == Parent.end() || It->second == K
                   ? K
                   : It->second = Root(It->second);
      };
  std::map<const Expr *, SourceLocation::UIntTy> GroupOf;
  for (SourceLocation::UIntTy Key : Order) {
    const ArrayGroup &G = Groups[Key];
    if (G.Arrays.front()->Layout.Dims.size() != 1)
      continue;
    for (size_t I : G.Accesses) {
      // A read or write through a reference has no subscript of its own:
      // the one rewritten is where each call binds the reference.
      if (readsThroughReference(Found.Accesses[I].Expr))
        continue;
      auto [It, New] = GroupOf.try_emplace(Found.Accesses[I].Expr, Key);
      SourceLocation::UIntTy A = Root(It->second), B = Root(Key);
      if (!New && A != B)
        Parent[B] = A;
    }
  }
  std::vector<SourceLocation::UIntTy> Roots;
  for (SourceLocation::UIntTy Key : Order) {
    SourceLocation::UIntTy R = Root(Key);
    if (R == Key) {
      Roots.push_back(Key);
      continue;
    }
    ArrayGroup &From = Groups[Key], &Into = Groups[R];
    Into.Arrays.insert(Into.Arrays.end(), From.Arrays.begin(),
                       From.Arrays.end());
    Into.Accesses.insert(Into.Accesses.end(), From.Accesses.begin(),
                         From.Accesses.end());
    Into.Conflicting = Into.Conflicting || From.Conflicting;
    Groups.erase(Key);
  }
  Order = std::move(Roots);
}

} // namespace

bool plannedLayouts(const SourceManager &SM, const SharedAccesses &Found,
                    const ArrayGroup &G,
                    const std::vector<JudgedShapes> &Shapes,
                    std::vector<PlannedLayout> &Layouts, std::string &WhyNot) {
  for (const SharedArray *Array : G.Arrays) {
    PlannedLayout L;
    L.Layout = Array->Layout;
    L.Original = &Array->Layout;
    for (size_t I : G.Accesses) {
      const FoundAccess &A = Found.Accesses[I];
      if (A.Array != Array)
        continue;
      std::string Label = accessLabel(SM, A);
      if (!A.Unsupported.empty()) {
        WhyNot = "the " + Label + " cannot be judged: " + A.Unsupported;
        return false;
      }
      L.Accesses.push_back(
          {&A.Instances, Shapes[I], Label, A.Run, A.RunExecutions});
    }
    Layouts.push_back(std::move(L));
  }
  return true;
}

std::string paddedTypeSpelling(const SharedArray &Array, unsigned Pad) {
  const std::string &T = Array.TypeSpelling;
  std::string Spelling = T.substr(0, T.find('['));
  const std::vector<uint64_t> &Dims = Array.Layout.Dims;
  for (size_t I = 0; I < Dims.size(); ++I) {
    uint64_t Extent = Dims[I] + (I + 1 == Dims.size() ? Pad : 0);
    Spelling += Extent ? "[" + std::to_string(Extent) + "]" : "[]";
  }
  return Spelling;
}

std::string accessLabel(const SourceManager &SM, const FoundAccess &A) {
  std::string Label = std::string(accessKindName(A.Kind)) + " at " +
                      lineColumn(SM, A.Expr->getBeginLoc());
  if (A.Function->isTemplateInstantiation())
    Label += " in '" + A.FunctionName + "'";
  return Label;
}

const Expr *innermostExtent(const VarDecl &V) {
  const TypeSourceInfo *TSI = V.getTypeSourceInfo();
  if (!TSI)
    return nullptr;
  ArrayTypeLoc Innermost;
  TypeLoc TL = TSI->getTypeLoc();
  while (true) {
    TL = TL.getUnqualifiedLoc().IgnoreParens();
    auto A = TL.getAs<ArrayTypeLoc>();
    if (!A)
      break;
    Innermost = A;
    TL = A.getElementLoc();
  }
  if (!Innermost)
    return nullptr;
  return Innermost.getSizeExpr();
}

std::vector<ArrayFix> planArrayFixes(ASTContext &Ctx,
                                     const SharedAccesses &Found,
                                     const std::vector<JudgedShapes> &Shapes,
                                     const std::vector<bool> &Conflicting,
                                     const std::vector<LaunchSite> &Launches,
                                     const LaunchScope *Scope,
                                     FixStyleChoice Choice) {
  ArrayUses Uses = findUnsafeUses(Ctx, Found);

  // One group per declaration as written: a template's instantiations
  // share it.
  std::map<SourceLocation::UIntTy, ArrayGroup> Groups;
  std::vector<SourceLocation::UIntTy> Order;
  for (size_t I = 0; I < Found.Accesses.size(); ++I) {
    const FoundAccess &A = Found.Accesses[I];
    auto Key = A.Array->Decl->getLocation().getRawEncoding();
    auto [It, New] = Groups.try_emplace(Key);
    if (New)
      Order.push_back(Key);
    ArrayGroup &G = It->second;
    if (std::find(G.Arrays.begin(), G.Arrays.end(), A.Array) == G.Arrays.end())
      G.Arrays.push_back(A.Array);
    G.Accesses.push_back(I);
    G.Conflicting = G.Conflicting || Conflicting[I];
  }

  mergeSharedSubscripts(Found, Groups, Order);

  std::vector<ArrayFix> Fixes;
  for (SourceLocation::UIntTy Key : Order) {
    ArrayGroup &G = Groups[Key];
    if (!G.Conflicting)
      continue;
    ArrayFix Fix;
    Fix.Arrays = G.Arrays;
    if (G.Arrays.front()->Layout.Dims.size() == 1) {
      planFlatBufferFix(Ctx, Found, G.Accesses, Shapes, Launches, Scope, Fix);
      Fixes.push_back(std::move(Fix));
      continue;
    }
    ArrayFix Swizzle;
    planRowPadding(Ctx, Found, G, Shapes, Launches, Scope, Uses, Fix);
    planSwizzleFix(Ctx, Found, G, Shapes, Launches, Swizzle);
    Fixes.push_back(chooseStyle(Choice, std::move(Fix), std::move(Swizzle)));
  }
  return Fixes;
}

} // namespace bankfix
