// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SwizzleFix.cpp - The XOR swizzle of a conflicting shared tile ------===//

#include "frontend/fix/SwizzleFix.h"

#include "core/fix/ExtentText.h"
#include "core/fix/SwizzlePlanner.h"
#include "frontend/fix/KernelBudgets.h"
#include "frontend/parse/UserDecls.h"
#include "frontend/report/SourcePlace.h"
#include "frontend/walk/ElementAccess.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace bankfix {

namespace {

/// One access's column subscript and its row, as the rewrite sees them.
struct SwizzleSite {
  const Expr *Row = nullptr;
  const Expr *Column = nullptr;
  /// Bytes one step of Column moves: the element, or the vector a cast
  /// row is read as.
  uint64_t StepBytes = 0;
  /// The vector read through a cast, which the swizzle must keep whole
  /// even where nvcc narrowed the load to the components used.
  uint64_t VectorBytes = 0;
  std::string Label;
};

const Expr *bare(const Expr *E) { return E->IgnoreParenImpCasts(); }

/// `t[i]...[r]`, a row of \p V: its DeclRefExpr and r; null otherwise.
const DeclRefExpr *rowOf(const Expr *E, const VarDecl *V, const Expr *&Row) {
  // A row: an array of elements, not a plane of rows (`t[a]` of t[2][32][32]).
  const auto *S = dyn_cast<ArraySubscriptExpr>(bare(E));
  const ArrayType *RowType = S ? S->getType()->getAsArrayTypeUnsafe() : nullptr;
  if (!RowType || RowType->getElementType()->isArrayType())
    return nullptr;
  Row = S->getIdx();
  const Expr *Base = bare(S->getBase());
  while (const auto *Outer = dyn_cast<ArraySubscriptExpr>(Base))
    Base = bare(Outer->getBase());
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  return Ref && Ref->getDecl() == V ? Ref : nullptr;
}

/// The element `t[...][r][c]` of \p V that \p E takes the address of.
std::optional<ElementAccess> addressedElement(ASTContext &Ctx, const Expr *E,
                                              const VarDecl *V) {
  const auto *U = dyn_cast<UnaryOperator>(bare(E));
  if (!U || U->getOpcode() != UO_AddrOf)
    return std::nullopt;
  std::optional<ElementAccess> A = matchElementAccess(Ctx, U->getSubExpr());
  if (!A || A->Array != V || A->Indices.size() < 2)
    return std::nullopt;
  return A;
}

/// The operand of an explicit cast (`reinterpret_cast<float4 *>(x)`,
/// `(float4 *)x`) that \p E is; null otherwise.
const Expr *castOperand(const Expr *E) {
  if (const auto *C = dyn_cast<ExplicitCastExpr>(bare(E)))
    return C->getSubExpr();
  return nullptr;
}

class SiteCollector {
public:
  SiteCollector(ASTContext &Ctx) : Ctx(Ctx) {}

  /// Adds the site of \p A; why it cannot be rewritten, or empty.
  std::string add(const FoundAccess &A) {
    const SourceManager &SM = Ctx.getSourceManager();
    const VarDecl *V = A.Array->Decl;
    SwizzleSite Site;
    Site.Label = accessLabel(SM, A);
    uint64_t Element = A.Array->Layout.ElementSize;
    const DeclRefExpr *Ref = nullptr;
    if (!A.FlatBytes) {
      std::optional<ElementAccess> E = matchElementAccess(Ctx, A.Expr);
      if (!E || E->Indices.size() < 2)
        return "the " + Site.Label + " is not an element of '" +
               V->getNameAsString() + "'";
      Ref = E->Ref;
      Site.Row = E->Indices[E->Indices.size() - 2];
      Site.Column = E->Indices.back();
      Site.StepBytes = Element;
    } else if (!(Ref = throughCast(A.Expr, V, Site, Element))) {
      return "the " + Site.Label + " reaches '" + V->getNameAsString() +
             "' through a pointer the swizzle cannot rewrite (only "
             "`(V *)t[r]` indexed, or `*(V *)&t[r][c]`)";
    }
    for (const Expr *Index : {Site.Row, Site.Column}) {
      std::string Effect = sideEffect(Ctx, Index);
      if (!Effect.empty())
        return std::string(Index == Site.Row ? "the row" : "the column") +
               " index of the " + Site.Label + " " + Effect +
               ": the swizzle would evaluate it twice";
      // A macro's argument is rewritten for every use in its body.
      if (SM.isMacroArgExpansion(Index->getBeginLoc()) ||
          SM.isMacroArgExpansion(Index->getEndLoc()))
        return "an index of the " + Site.Label +
               " is a macro's argument: rewrite it by hand";
    }
    Covered.insert(Ref);
    Sites.push_back(Site);
    return "";
  }

  std::vector<SwizzleSite> Sites;
  /// The array names inside the sites: every other use blocks the swizzle.
  std::set<const DeclRefExpr *> Covered;

private:
  /// `((V *)t[r])[q]`, `((V *)&t[r][c])[0]` or `*(V *)&t[r][c]`: fills
  /// \p Site and returns the array's name, or null.
  const DeclRefExpr *throughCast(const Expr *E, const VarDecl *V,
                                 SwizzleSite &Site, uint64_t Element) {
    E = bare(E); // a const or volatile view of the element too
    const Expr *Pointer = nullptr, *Subscript = nullptr;
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
      Pointer = S->getBase();
      Subscript = S->getIdx();
    } else if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() != UO_Deref)
        return nullptr;
      Pointer = U->getSubExpr();
    } else {
      return nullptr;
    }
    const Expr *Operand = castOperand(Pointer);
    if (!Operand)
      return nullptr;
    QualType Vector = E->getType();
    if (Vector->isIncompleteType() || Vector->isDependentType())
      return nullptr;
    uint64_t VectorBytes = Ctx.getTypeSizeInChars(Vector).getQuantity();
    if (std::optional<ElementAccess> A = addressedElement(Ctx, Operand, V)) {
      // The vector starts at the element: it moves with its column.
      std::optional<llvm::APSInt> Zero =
          Subscript ? Subscript->getIntegerConstantExpr(Ctx)
                    : std::optional<llvm::APSInt>(llvm::APSInt::get(0));
      if (!Zero || *Zero != 0)
        return nullptr;
      Site.Row = A->Indices[A->Indices.size() - 2];
      Site.Column = A->Indices.back();
      Site.StepBytes = Element;
      Site.VectorBytes = VectorBytes;
      return A->Ref;
    }
    const Expr *Row = nullptr;
    const DeclRefExpr *Ref = Subscript ? rowOf(Operand, V, Row) : nullptr;
    if (!Ref || VectorBytes % Element != 0)
      return nullptr;
    Site.Row = Row;
    Site.Column = Subscript;
    Site.StepBytes = Site.VectorBytes = VectorBytes;
    return Ref;
  }

  ASTContext &Ctx;
};

/// \p E as written; in parentheses when a macro wrote it (`ROW` may be
/// `ty + 16`).
std::string written(ASTContext &Ctx, const Expr *E) {
  std::string Text = writtenText(Ctx, E->getSourceRange());
  if (!Text.empty() && E->getBeginLoc().isMacroID())
    Text = "(" + Text + ")";
  return Text;
}

/// The first use of \p Arrays outside \p Covered, or empty.
std::string otherUse(ASTContext &Ctx,
                     const std::vector<const SharedArray *> &Arrays,
                     const std::set<const DeclRefExpr *> &Covered) {
  struct Finder : DynamicRecursiveASTVisitor {
    Finder() { ShouldVisitTemplateInstantiations = true; }
    // The toolkit's headers cannot use the user's tile.
    bool TraverseDecl(Decl *D) override {
      if (D && SM->isInSystemHeader(D->getLocation()))
        return true;
      return DynamicRecursiveASTVisitor::TraverseDecl(D);
    }
    // sizeof and alignof: the swizzle keeps the size.
    bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) override {
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
      for (const SharedArray *A : *Arrays)
        if (Ref->getDecl() == A->Decl && !Covered->count(Ref) && !First) {
          First = Ref;
          return false;
        }
      return true;
    }
    const std::vector<const SharedArray *> *Arrays = nullptr;
    const std::set<const DeclRefExpr *> *Covered = nullptr;
    const DeclRefExpr *First = nullptr;
    const SourceManager *SM = nullptr;
  } F;
  F.SM = &Ctx.getSourceManager();
  F.Arrays = &Arrays;
  F.Covered = &Covered;
  traverseUserDecls(Ctx, F);
  if (!F.First)
    return "";
  return "'" + Arrays.front()->Layout.Name + "' is used at " +
         describePlace(Ctx.getSourceManager(), F.First->getBeginLoc()) +
         " other than by an access the swizzle rewrites";
}

std::string describeChange(const FixPlan &Plan, const SharedArray &Array,
                           uint64_t Widest) {
  uint64_t Element = Array.Layout.ElementSize;
  std::string Text = "swizzle its columns, t[r][c] -> t[r][" +
                     swizzledIndexText("c", "r", Plan.Swizzle.Rows,
                                       Plan.Swizzle.Granule / Element) +
                     "] (" + std::to_string(Plan.Swizzle.Granule) +
                     "-byte granules, no extra memory";
  if (Plan.After > Plan.Floor && Widest > Element)
    Text += "; no swizzle that keeps its " + std::to_string(Widest) +
            "-byte accesses whole does better";
  return Text + ")";
}

} // namespace

void planSwizzleFix(ASTContext &Ctx, const SharedAccesses &Found,
                    const ArrayGroup &G,
                    const std::vector<JudgedShapes> &Shapes,
                    const std::vector<LaunchSite> &Launches, ArrayFix &Fix) {
  const SourceManager &SM = Ctx.getSourceManager();
  Fix.Arrays = G.Arrays;
  Fix.Plan.Style = FixStyle::XorSwizzle;
  std::vector<PlannedLayout> Layouts;
  if (!plannedLayouts(SM, Found, G, Shapes, Layouts, Fix.Plan.WhyNot))
    return;
  SiteCollector Sites(Ctx);
  for (size_t I : G.Accesses) {
    Fix.Plan.WhyNot = Sites.add(Found.Accesses[I]);
    if (!Fix.Plan.WhyNot.empty())
      return;
  }
  Fix.Plan.WhyNot = otherUse(Ctx, G.Arrays, Sites.Covered);
  if (!Fix.Plan.WhyNot.empty())
    return;
  uint64_t Steps = 0;
  for (const SwizzleSite &Site : Sites.Sites)
    Steps = std::max({Steps, Site.StepBytes, Site.VectorBytes});
  Fix.Plan = planSwizzle(Layouts, Steps);
  if (!Fix.Plan.helps())
    return;
  const ColumnSwizzle &S = Fix.Plan.Swizzle;
  Fix.Change = describeChange(Fix.Plan, *G.Arrays.front(),
                              std::max(Steps, widestAccess(Layouts)));
  std::string Why;
  for (const SwizzleSite &Site : Sites.Sites) {
    std::string Row = written(Ctx, Site.Row);
    if (Row.empty() || S.Granule % Site.StepBytes != 0) {
      Why = Row.empty() ? "the row index of the " + Site.Label +
                              " is written by a macro expansion"
                        : "the swizzle's granule splits the " + Site.Label;
      break;
    }
    if (!addEdit(
            Ctx, Site.Column->getSourceRange(),
            [&](const std::string &Column) {
              return swizzledIndexText(Site.Column->getBeginLoc().isMacroID()
                                           ? "(" + Column + ")"
                                           : Column,
                                       Row, S.Rows, S.Granule / Site.StepBytes);
            },
            "the column index of the " + Site.Label, Fix.Edits, Why))
      break;
  }
  if (Why.empty())
    Why = overlappingEdits(Fix.Edits);
  Fix.Budgets = kernelBudgets(Ctx, Found, G.Accesses, Shapes, Launches, {});
  if (Why.empty())
    Why = budgetsRefusal(Fix.Budgets);
  if (!Why.empty()) {
    Fix.Refusal = Why;
    Fix.Edits.clear();
  }
}

} // namespace bankfix
