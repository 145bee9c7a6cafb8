// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FlatBufferFix.cpp - Index padding and row stride for flat buffers --===//

#include "frontend/fix/FlatBufferFix.h"

#include "core/fix/ExtentText.h"
#include "core/fix/FlatIndexPadding.h"
#include "frontend/fix/FlatUses.h"
#include "frontend/fix/IndexHoisting.h"
#include "frontend/fix/KernelBudgets.h"
#include "frontend/fix/LaunchGrowth.h"
#include "frontend/fix/LaunchScope.h"
#include "frontend/fix/ReferenceBindings.h"
#include "frontend/report/SourcePlace.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>

using namespace clang;

namespace bankfix {

namespace {

constexpr IntType OffsetType = {64, true, false};

/// `r * W + c` as written: the W, and its value.
struct StrideSpelling {
  const Expr *Stride = nullptr;
  uint64_t Value = 0;
};

/// One access's subscript, as the rewrite sees it.
struct SubscriptSite {
  const ArraySubscriptExpr *Subscript = nullptr;
  std::string Label;
  std::optional<StrideSpelling> Stride;
  size_t Buffer = 0; ///< the index of its array in Collected::Buffers
  /// Its index calls a function: index padding moves it into a variable
  /// first (the row stride writes it once).
  bool Calls = false;
  /// The forms of every execution that reaches it (its views' starts).
  std::vector<FlatIndexForm> Forms;
};

/// What the accesses of one declaration give the planners.
struct Collected {
  std::vector<FlatBuffer> Buffers; ///< one per array (instantiation)
  std::vector<SubscriptSite> Sites;
  std::vector<FlatBufferVar> Vars;
  llvm::DenseMap<const Expr *, size_t> Subscripts; ///< to their Sites
  std::vector<std::string> UnitSpellings;          ///< per buffer: "float"
};

/// The products with a constant factor above 1 among the terms of the sum
/// \p E (`r * W + t + j`, `r * W + c - 1`: the terms added, and what is
/// subtracted from).
void stridedTerms(const ASTContext &Ctx, const Expr *E,
                  std::vector<StrideSpelling> &Out) {
  E = E->IgnoreParenImpCasts();
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return;
  if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
    stridedTerms(Ctx, B->getLHS(), Out);
    if (B->getOpcode() == BO_Add)
      stridedTerms(Ctx, B->getRHS(), Out);
    return;
  }
  if (B->getOpcode() != BO_Mul)
    return;
  for (const Expr *Factor : {B->getRHS(), B->getLHS()})
    if (std::optional<uint64_t> W = nonNegativeConstant(Ctx, Factor, 32))
      if (*W > 1) {
        Out.push_back({Factor->IgnoreImpCasts(), *W});
        return;
      }
}

/// W when \p Index is written `r * W + c`, `W * r + c`, `c + r * W`,
/// `r * W + t + j`...: a sum with one product by a constant.
std::optional<StrideSpelling> rowStrideOf(const ASTContext &Ctx,
                                          const Expr *Index) {
  const auto *Top = dyn_cast<BinaryOperator>(Index->IgnoreParenImpCasts());
  if (!Top || (Top->getOpcode() != BO_Add && Top->getOpcode() != BO_Sub))
    return std::nullopt;
  std::vector<StrideSpelling> Terms;
  stridedTerms(Ctx, Index, Terms);
  if (Terms.size() != 1)
    return std::nullopt;
  return Terms.front();
}

/// The subscript and view start of an execution's access \p D; its Unit. A byte
/// offset through a pointer is `start + cast(i) * size` as SharedObjects
/// builds it.
bool indexForm(const SharedAccessDesc &D, uint64_t ElementSize,
               FlatIndexForm &Form, uint64_t &Unit) {
  if (D.Indices.size() != 1)
    return false;
  if (!D.FlatBytes) {
    Form.Index = D.Indices[0];
    Form.ViewStart = LaneExpr::constant(0, OffsetType);
    Unit = ElementSize;
    return true;
  }
  const LaneExpr &Sum = *D.Indices[0];
  // `cast(i) * size` alone: the element of the buffer itself.
  bool Alone = Sum.Kind == ExprKind::Binary && Sum.BOp == BinaryOp::Mul;
  if (!Alone && (Sum.Kind != ExprKind::Binary || Sum.BOp != BinaryOp::Add))
    return false;
  const LaneExpr &Product = Alone ? Sum : *Sum.Ops[1];
  if (Product.Kind != ExprKind::Binary || Product.BOp != BinaryOp::Mul ||
      Product.Ops[0]->Kind != ExprKind::Cast ||
      Product.Ops[1]->Kind != ExprKind::Constant || Product.Ops[1]->Value <= 0)
    return false;
  Unit = uint64_t(Product.Ops[1]->Value);
  Form.Index = Product.Ops[0]->Ops[0];
  Form.ViewStart =
      Alone ? LaneExpr::constant(0, OffsetType)
            : LaneExpr::binary(BinaryOp::Div, Sum.Ops[0],
                               LaneExpr::constant(int64_t(Unit), OffsetType),
                               OffsetType);
  return true;
}

/// Fills \p Out from the accesses; the first thing that blocks the
/// rewrite, or empty.
std::string collect(ASTContext &Ctx, const SharedAccesses &Found,
                    const std::vector<size_t> &Accesses,
                    const std::vector<JudgedShapes> &Shapes,
                    const ArrayFix &Fix, Collected &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  ReferenceBinder Binder(Ctx);
  for (const SharedArray *Array : Fix.Arrays) {
    FlatBuffer B;
    B.Layout = Array->Layout;
    B.Unit = 0;
    std::string FirstLabel, Spelling;
    std::string Name = "'" + Array->Layout.Name + "'";
    for (size_t I : Accesses) {
      const FoundAccess &A = Found.Accesses[I];
      if (A.Array != Array)
        continue;
      std::string Label = accessLabel(SM, A);
      // A library's code (CUB's TempStorage) is the library's to change:
      // the user chooses the primitive and its template arguments.
      if (A.LibraryEntry)
        return "the " + Label + " is in library code that '" +
               A.LibraryEntry->getQualifiedNameAsString() +
               "' runs, which bankfix does not rewrite";
      if (!A.Unsupported.empty())
        return "the " + Label + " cannot be judged: " + A.Unsupported;
      // The subscripts to rewrite: the access's own, or those its
      // reference parameter is bound to at each call.
      std::vector<const ArraySubscriptExpr *> Named;
      const auto *Whole = dyn_cast<DeclRefExpr>(A.Expr->IgnoreParenImpCasts());
      if (Whole && Whole->getDecl() == Array->Decl &&
          !Array->Decl->getType()->isArrayType())
        return Name + " is one variable, not an array: every lane that " +
               "names it names the same words, which no layout moves apart";
      if (const auto *S = dyn_cast<ArraySubscriptExpr>(A.Expr->IgnoreParens()))
        Named.push_back(S);
      else if (ReferenceBindings B = Binder.of(A.Expr); B.Problem.empty())
        Named = B.Subscripts;
      else if (isa<DeclRefExpr>(A.Expr->IgnoreParenImpCasts()))
        return "the " + Label + " reaches " + Name +
               " through a reference: " + B.Problem;
      if (Named.empty())
        return "the " + Label + " reaches " + Name +
               " without a subscript (through `*p`, a member or a "
               "reference): there is no index to rewrite";
      for (const ArraySubscriptExpr *S : Named) {
        const Expr *Base = S->getBase()->IgnoreParenImpCasts();
        if (const auto *Field = dyn_cast<MemberExpr>(Base);
            Field && Field->getType()->isPointerType())
          return "the " + Label + " reaches " + Name + " through the field '" +
                 Field->getMemberDecl()->getNameAsString() +
                 "' of an object: subscripts made through a field are not "
                 "rewritten";
        if (isa<MemberExpr>(Base) || isa<ArraySubscriptExpr>(Base))
          return "the " + Label + " indexes a member or a row of " + Name +
                 ", not the buffer itself: there is no index of it to rewrite";
        if (S->getIdx()->HasSideEffects(Ctx, false))
          return "the index of the " + Label +
                 " has side effects: the rewrite would evaluate it twice; put "
                 "it in a variable first";
      }
      const ArraySubscriptExpr *S = Named.front();
      FlatAccess Flat{&A.Instances, {}, Shapes[I], Label};
      for (const AccessInstance &Instance : A.Instances) {
        FlatIndexForm Form;
        uint64_t Unit = 0;
        FlatIndexForm Own;
        uint64_t OwnUnit = 0;
        if (!indexForm(Instance.Desc, Array->Layout.ElementSize, Form, Unit) ||
            (Instance.Unmerged &&
             !indexForm(*Instance.Unmerged, Array->Layout.ElementSize, Own,
                        OwnUnit)))
          return "the index of the " + Label + " could not be followed";
        Form.OwnIndex = Own.Index;
        if (B.Unit != 0 && Unit != B.Unit)
          return "the " + Label + " indexes " + Name + " in " +
                 std::to_string(Unit) + "-byte elements, the " + FirstLabel +
                 " in " + std::to_string(B.Unit) + "-byte ones";
        if (B.Unit == 0) {
          B.Unit = Unit;
          FirstLabel = Label;
          Spelling = S->getType().getAsString(Ctx.getPrintingPolicy());
        }
        Flat.Forms.push_back(Form);
      }
      settleViewStarts(Flat);
      for (const ArraySubscriptExpr *E : Named) {
        auto [It, New] = Out.Subscripts.try_emplace(E, Out.Sites.size());
        if (New)
          Out.Sites.push_back({E,
                               Label,
                               rowStrideOf(Ctx, E->getIdx()),
                               Out.Buffers.size(),
                               !sideEffect(Ctx, E->getIdx()).empty(),
                               {}});
        std::vector<FlatIndexForm> &Forms = Out.Sites[It->second].Forms;
        Forms.insert(Forms.end(), Flat.Forms.begin(), Flat.Forms.end());
      }
      B.Accesses.push_back(std::move(Flat));
    }
    if (B.Unit == 0)
      B.Unit = Array->Layout.ElementSize;
    Out.Vars.push_back({Array->Decl, B.Unit});
    Out.UnitSpellings.push_back(Spelling);
    Out.Buffers.push_back(std::move(B));
  }
  return "";
}

/// Sets each buffer's row stride when every subscript is `r * W + c` with
/// one W per buffer (the instantiations of a template may give one
/// spelling, `n_cols`, different values; within one, a literal and a name
/// must agree); false otherwise.
bool setRowStrides(Collected &C) {
  for (FlatBuffer &B : C.Buffers)
    B.Stride = 0;
  for (const SubscriptSite &S : C.Sites) {
    uint64_t &W = C.Buffers[S.Buffer].Stride;
    if (!S.Stride || (W && W != S.Stride->Value))
      return false;
    W = S.Stride->Value;
  }
  return !C.Sites.empty();
}

/// Row stride when it applies and does no worse; index padding otherwise;
/// the index swizzle when it takes fewer wavefronts than either (no memory,
/// but a subscript harder to read: the padding wins a tie). The swizzle,
/// one layout, is judged first: a padding is of use only if it takes no
/// more wavefronts, and the padding searches (hundreds of layouts) stop
/// each layout once it passes that.
void choosePlan(Collected &C, ArrayFix &Fix) {
  bool Strided = setRowStrides(C);
  FixPlan Swizzle = planIndexSwizzle(C.Buffers);
  uint64_t AtMost = Swizzle.helps() ? Swizzle.After : UINT64_MAX;
  if (!Strided) {
    Fix.Plan = planIndexPadding(C.Buffers, AtMost);
  } else {
    FixPlan Row = planRowStrides(C.Buffers, AtMost);
    FixPlan Index = planIndexPadding(C.Buffers, AtMost);
    bool RowWins = Row.helps() && (!Index.helps() || Row.After <= Index.After);
    Fix.Plan = RowWins ? Row : Index;
    Fix.Other = RowWins ? Index : Row;
  }
  if (!Swizzle.helps() || (Fix.Plan.helps() && Swizzle.After >= Fix.Plan.After))
    return;
  if (Fix.Plan.helps())
    Fix.Other = Fix.Plan;
  Fix.Plan = Swizzle;
}

/// The period of buffer \p I under the plan: its own row stride for the
/// row-stride rewrite.
uint64_t periodOf(const Collected &C, const ArrayFix &Fix, size_t I) {
  return Fix.Plan.Style == FixStyle::RowStride && C.Buffers[I].Stride
             ? C.Buffers[I].Stride
             : Fix.Plan.Period;
}

/// Whether every buffer has the plan's period.
bool onePeriod(const Collected &C, const ArrayFix &Fix) {
  for (size_t I = 0; I < C.Buffers.size(); ++I)
    if (periodOf(C, Fix, I) != Fix.Plan.Period)
      return false;
  return true;
}

/// `W` -> `W + 1`, parenthesised unless it is a number.
std::string paddedStrideText(const std::string &Written, unsigned Pad) {
  std::string Text = paddedExtentText(Written, Pad);
  bool Number =
      std::all_of(Text.begin(), Text.end(),
                  [](char Ch) {
                    return std::isalnum(static_cast<unsigned char>(Ch));
                  }) &&
      std::isdigit(static_cast<unsigned char>(Text.front()));
  return Number ? Text : "(" + Text + ")";
}

/// The text of a row stride written \p Written under \p Plan, whose
/// padding of \p Pad elements is the buffer's own.
std::string newStrideText(const std::string &Written, const FixPlan &Plan,
                          unsigned Pad) {
  return Plan.RoundTo ? roundedStrideText(Written, Plan.RoundTo)
                      : paddedStrideText(Written, Pad);
}

/// The start of the view that \p S indexes, when index padding by
/// \p Period takes it into the subscript's rewrite (shiftedPadding) and
/// every execution reaching S agrees on it; \p Why when they do not.
std::optional<int64_t> shiftedStart(const SubscriptSite &S, uint64_t Period,
                                    std::string &Why) {
  std::optional<int64_t> Start;
  bool Shifted = false, Agree = true;
  for (const FlatIndexForm &F : S.Forms) {
    Shifted = Shifted || shiftedPadding(F, Period);
    if (!F.ConstantStart || (Start && *Start != *F.ConstantStart))
      Agree = false;
    else
      Start = F.ConstantStart;
  }
  if (!Shifted)
    return std::nullopt;
  if (!Agree || !Start)
    Why = "the " + S.Label +
          " indexes parts of the buffer that start at different elements, "
          "which one rewrite of its subscript cannot follow";
  return Start;
}

/// The index \p Written of \p S under \p Plan's index padding or swizzle;
/// in parentheses where the index comes first (`i[s]`), so that the
/// subscript still applies to all of it. \p Start: the view's start, when
/// taken into the rewrite.
std::string rewrittenIndexText(const std::string &Written, const FixPlan &Plan,
                               const ArraySubscriptExpr *S,
                               std::optional<int64_t> Start) {
  std::string Text =
      Plan.Style == FixStyle::IndexSwizzle
          ? reversedRowIndexText(Written, Plan.Period)
      : Start ? shiftedPaddedIndexText(Written, *Start, Plan.Period, Plan.Pad)
              : paddedIndexText(Written, Plan.Period, Plan.Pad);
  return S->getLHS() == S->getIdx() ? "(" + Text + ")" : Text;
}

/// The index of \p S, which calls a function, moved into a variable and
/// the subscript rewritten with it; false with \p Why.
bool hoistedEdits(ASTContext &Ctx, const SubscriptSite &S, const FixPlan &Plan,
                  std::optional<int64_t> Start, std::vector<FixEdit> &Edits,
                  std::string &Why) {
  HoistedIndex H = hoistIndex(Ctx, S.Subscript);
  if (!H.Problem.empty()) {
    Why = "the index of the " + S.Label +
          " calls a function, which the rewrite would call twice, and it "
          "cannot be moved into a variable: " +
          H.Problem;
    return false;
  }
  // Once for the instantiations of a template that share the subscript.
  if (std::none_of(Edits.begin(), Edits.end(), [&](const FixEdit &E) {
        return E.Edit == H.Declaration->Edit;
      }))
    Edits.push_back(*H.Declaration);
  return addEdit(
      Ctx, S.Subscript->getIdx()->getSourceRange(),
      [&](const std::string &) {
        return rewrittenIndexText(H.Name, Plan, S.Subscript, Start);
      },
      "the index of the " + S.Label, Edits, Why);
}

/// Why padding each offset of \p Chain (a region carved from a carved
/// region) apart, `k + k / W`, does not move the region by what padding
/// its whole start moves it: an offset not a constant, or two that fill a
/// period together (16 and 16 of 32: each moves by 0, the start 32 by a
/// pad); empty when it does.
std::string chainProblem(const ASTContext &Ctx,
                         const std::vector<const Expr *> &Chain, uint64_t W) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Where = "the part carved at " +
                      describePlace(SM, Chain.back()->getBeginLoc()) +
                      " from another carved part";
  int64_t Start = 0, Periods = 0;
  std::string Offsets;
  for (const Expr *K : Chain) {
    Expr::EvalResult R;
    if (K->isValueDependent() || !K->EvaluateAsInt(R, Ctx))
      return Where + " has an offset that is not a constant (" +
             writtenText(Ctx, K->getSourceRange()) +
             "): its offsets, padded apart, would not move it as its start "
             "moves; carve it from the buffer itself";
    int64_t Value = R.Val.getInt().getExtValue();
    Start += Value;
    Periods += Value / int64_t(W);
    Offsets += (Offsets.empty() ? "" : " + ") + std::to_string(Value);
  }
  if (Periods == Start / int64_t(W))
    return "";
  return Where + " starts " + Offsets + " elements in: its offsets, padded " +
         "apart, would move it by another amount than its start moves; carve "
         "it from the buffer itself";
}

/// The subscripts and carve offsets rewritten.
std::string rewriteIndices(ASTContext &Ctx, const Collected &C,
                           const FlatUses &Uses, ArrayFix &Fix) {
  const SourceManager &SM = Ctx.getSourceManager();
  uint64_t W = Fix.Plan.Period;
  unsigned P = Fix.Plan.Pad;
  std::string Why;
  // The instantiations of a template share a subscript's text: one start.
  std::map<unsigned, std::optional<int64_t>> StartAt;
  for (const SubscriptSite &S : C.Sites) {
    std::optional<int64_t> Start;
    if (Fix.Plan.Style == FixStyle::IndexPadding) {
      Start = shiftedStart(S, W, Why);
      if (!Why.empty())
        return Why;
      auto [It, New] = StartAt.try_emplace(
          SM.getExpansionLoc(S.Subscript->getBeginLoc()).getRawEncoding(),
          Start);
      if (!New && It->second != Start)
        return "the " + S.Label +
               " indexes parts of the buffer that start at different "
               "elements in the instantiations of its template, which one "
               "rewrite of its subscript cannot follow";
    }
    bool Ok = Fix.Plan.Style == FixStyle::RowStride
                  ? addEdit(
                        Ctx, S.Stride->Stride->getSourceRange(),
                        [&](const std::string &T) {
                          return newStrideText(T, Fix.Plan, P);
                        },
                        "the row stride of the " + S.Label, Fix.Edits, Why)
              : S.Calls ? hoistedEdits(Ctx, S, Fix.Plan, Start, Fix.Edits, Why)
                        : addEdit(
                              Ctx, S.Subscript->getIdx()->getSourceRange(),
                              [&](const std::string &T) {
                                return rewrittenIndexText(T, Fix.Plan,
                                                          S.Subscript, Start);
                              },
                              "the index of the " + S.Label, Fix.Edits, Why);
    if (!Ok)
      return Why;
  }
  // The swizzle is planned for buffers without carved parts.
  if (Fix.Plan.Style == FixStyle::IndexSwizzle)
    return "";
  if (!Uses.CarveOffsets.empty() && !onePeriod(C, Fix))
    return "its carve offsets would move by a different stride in each "
           "instantiation";
  for (const std::vector<const Expr *> &Chain : Uses.CarveChains)
    if (std::string Problem = chainProblem(Ctx, Chain, W); !Problem.empty())
      return Problem;
  for (const Expr *Offset : Uses.CarveOffsets)
    if (!addEdit(
            Ctx, Offset->getSourceRange(),
            [&](const std::string &T) { return paddedIndexText(T, W, P); },
            "the carve offset at " + describePlace(SM, Offset->getBeginLoc()),
            Fix.Edits, Why))
      return Why;
  return "";
}

/// The factor of \p Size written as \p Stride (`R * W`: the W), if any.
const Expr *strideFactor(const ASTContext &Ctx, const Expr *Size,
                         const Expr *Stride) {
  const auto *Mul = dyn_cast<BinaryOperator>(Size->IgnoreParenImpCasts());
  std::string StrideText = writtenText(Ctx, Stride->getSourceRange());
  if (!Mul || Mul->getOpcode() != BO_Mul || StrideText.empty())
    return nullptr;
  for (const Expr *Factor : {Mul->getRHS(), Mul->getLHS()})
    if (writtenText(Ctx, Factor->getSourceRange()) == StrideText)
      return Factor;
  return nullptr;
}

/// The declaration's new extent (a static array), in the user's spelling.
std::string growDeclaration(ASTContext &Ctx, const Collected &C, ArrayFix &Fix,
                            MemoryGrowth &Growth) {
  std::string Why;
  // Each array's own declaration: the instantiations of a template share
  // one; arrays that one function indexes each have theirs.
  for (size_t I = 0; I < Fix.Arrays.size(); ++I) {
    const SharedArray &Array = *Fix.Arrays[I];
    const Expr *Size = innermostExtent(*Array.Decl);
    if (!Size)
      return "the size of '" + Array.Layout.Name + "' is not written";
    // `R * W` with the stride's spelling becomes `R * (W + 1)`.
    const Expr *Factor =
        Fix.Plan.Style == FixStyle::RowStride
            ? strideFactor(Ctx, Size, C.Sites.front().Stride->Stride)
            : nullptr;
    uint64_t W = periodOf(C, Fix, I);
    unsigned P = stridePad(Fix.Plan, W);
    uint64_t Old = Array.Layout.Dims.front();
    uint64_t New = rewrittenLayout(C.Buffers[I], W, P).Dims.front();
    Growth.StaticBytes[&Array] = (New - Old) * Array.Layout.ElementSize;
    bool Ok =
        Factor && Old % W == 0
            ? addEdit(
                  Ctx, Factor->getSourceRange(),
                  [&](const std::string &T) {
                    return newStrideText(T, Fix.Plan, P);
                  },
                  "the size of '" + Array.Layout.Name + "'", Fix.Edits, Why)
            : addEdit(
                  Ctx, Size->getSourceRange(),
                  [&](const std::string &T) {
                    return grownSizeText(T, New - Old);
                  },
                  "the size of '" + Array.Layout.Name + "'", Fix.Edits, Why);
    if (!Ok)
      return Why;
  }
  return "";
}

/// The launches of an extern buffer's kernels, grown.
std::string growExternLaunches(ASTContext &Ctx, const SharedAccesses &Found,
                               const std::vector<size_t> &Accesses,
                               const std::vector<LaunchSite> &Launches,
                               const LaunchScope *Scope, const Collected &C,
                               ArrayFix &Fix, MemoryGrowth &Growth,
                               std::vector<FixEdit> &LaunchEdits) {
  for (size_t I = 0; I < Fix.Arrays.size(); ++I) {
    const SharedArray *Array = Fix.Arrays[I];
    std::vector<const FunctionDecl *> Kernels;
    for (size_t A : Accesses)
      if (Found.Accesses[A].Array == Array)
        Kernels.push_back(Found.Accesses[A].Function);
    uint64_t W = periodOf(C, Fix, I);
    bool RowStride = Fix.Plan.Style == FixStyle::RowStride;
    BufferGrowth Asked{"'" + Array->Layout.Name + "'",
                       W,
                       stridePad(Fix.Plan, W),
                       C.Buffers[I].Unit,
                       C.UnitSpellings[I],
                       {}};
    // A stride that differs between instantiations grows a byte count
    // written with it in the same words in each.
    if (RowStride && (Fix.Plan.RoundTo || !onePeriod(C, Fix)))
      Asked.StrideText = [&Plan = Fix.Plan,
                          P = Asked.Pad](const std::string &T) {
        return newStrideText(T, Plan, P);
      };
    LaunchGrowth Grown = growLaunches(Ctx, Launches, Kernels, Asked);
    if (!Grown.Refusal.empty())
      return Grown.Refusal;
    if (Fix.LaunchNote.empty())
      Fix.LaunchNote = Grown.Note;
    Growth.DynamicBytes.insert(Grown.Bytes.begin(), Grown.Bytes.end());
    if (std::string Unseen =
            unseenLaunchRefusal(Ctx.getSourceManager(), *Array->Decl, Scope);
        !Unseen.empty())
      return Unseen;
    LaunchEdits.insert(LaunchEdits.end(), Grown.Edits.begin(),
                       Grown.Edits.end());
  }
  return "";
}

/// How index padding rewrites a subscript of a view that starts k
/// elements in (shiftedPadding), when some subscript is so; empty
/// otherwise.
std::string shiftedNote(const Collected &C, const FixPlan &Plan) {
  bool Any = std::any_of(C.Sites.begin(), C.Sites.end(), [&](const auto &S) {
    return std::any_of(S.Forms.begin(), S.Forms.end(), [&](const auto &F) {
      return shiftedPadding(F, Plan.Period);
    });
  });
  if (!Any)
    return "";
  std::string Rows = " / " + std::to_string(Plan.Period) +
                     (Plan.Pad == 1 ? "" : " * " + std::to_string(Plan.Pad));
  return " (i + (i + k)" + Rows + " - k" + Rows +
         " in a part carved k elements in, so that its elements move as the "
         "buffer's)";
}

std::string describeChange(const Collected &C, const ArrayFix &Fix,
                           bool Static) {
  const SharedArray &First = *Fix.Arrays.front();
  std::string W = std::to_string(Fix.Plan.Period);
  std::string Text;
  if (Fix.Plan.Style == FixStyle::RowStride && !onePeriod(C, Fix)) {
    std::vector<uint64_t> Strides;
    for (size_t I = 0; I < C.Buffers.size(); ++I)
      Strides.push_back(periodOf(C, Fix, I));
    std::sort(Strides.begin(), Strides.end());
    Strides.erase(std::unique(Strides.begin(), Strides.end()), Strides.end());
    // `34, 36 and 40`; with each rounded stride: `34 -> 35, 35, 36 -> 37`.
    auto Listed = [&](bool Rounded) {
      std::string List;
      for (size_t I = 0; I < Strides.size(); ++I) {
        uint64_t To = roundedStride(Strides[I], Fix.Plan.RoundTo);
        List +=
            (I == 0                    ? ""
             : I + 1 == Strides.size() ? " and "
                                       : ", ") +
            std::to_string(Strides[I]) +
            (Rounded && To != Strides[I] ? " -> " + std::to_string(To) : "");
      }
      return List;
    };
    if (Fix.Plan.RoundTo)
      Text = "make its row stride " +
             (Fix.Plan.RoundTo == 1
                  ? std::string("an odd number")
                  : "an odd multiple of " + std::to_string(Fix.Plan.RoundTo)) +
             " in each subscript (" + Listed(true) + " in its instantiations)";
    else
      Text = "pad its row stride (" + Listed(false) +
             " in its instantiations) by " + std::to_string(Fix.Plan.Pad) +
             " in each subscript";
  } else if (Fix.Plan.Style == FixStyle::IndexSwizzle) {
    return "rewrite each subscript i as " +
           reversedRowIndexText("i", Fix.Plan.Period) +
           " (every other row of " + W +
           " elements stored in reverse; no memory added)";
  } else {
    Text = Fix.Plan.Style == FixStyle::RowStride
               ? "pad its row stride " + W + " to " +
                     std::to_string(Fix.Plan.Period + Fix.Plan.Pad) +
                     " in each subscript"
               : "rewrite each subscript i as " +
                     paddedIndexText("i", Fix.Plan.Period, Fix.Plan.Pad) +
                     shiftedNote(C, Fix.Plan);
  }
  if (Static) {
    const std::string &T = First.TypeSpelling;
    Text += " and declare it as " + T.substr(0, T.find('[')) + "[" +
            std::to_string(paddedElementCount(
                First.Layout.Dims.front(), periodOf(C, Fix, 0),
                stridePad(Fix.Plan, periodOf(C, Fix, 0)))) +
            "]";
  }
  return Text;
}

} // namespace

void planFlatBufferFix(ASTContext &Ctx, const SharedAccesses &Found,
                       const std::vector<size_t> &Accesses,
                       const std::vector<JudgedShapes> &Shapes,
                       const std::vector<LaunchSite> &Launches,
                       const LaunchScope *Scope, ArrayFix &Fix) {
  Fix.Plan.Style = FixStyle::IndexPadding;
  Collected C;
  Fix.Plan.WhyNot = collect(Ctx, Found, Accesses, Shapes, Fix, C);
  if (!Fix.Plan.WhyNot.empty())
    return;
  llvm::DenseSet<const Expr *> Subscripts;
  for (const SubscriptSite &S : C.Sites)
    Subscripts.insert(S.Subscript);
  FlatUses Uses = findFlatUses(Ctx, C.Vars, Subscripts);
  if (!Uses.Blocking.empty()) {
    Fix.Plan.WhyNot = Uses.Blocking;
    return;
  }
  // Another array's elements bound to the same references stay as they
  // are.
  C.Sites.erase(std::remove_if(C.Sites.begin(), C.Sites.end(),
                               [&](const SubscriptSite &S) {
                                 return Uses.Unreached.contains(S.Subscript);
                               }),
                C.Sites.end());
  choosePlan(C, Fix);
  if (!Fix.Plan.helps())
    return;
  // Arrays fixed together (one function indexes them all) are all static
  // or all extern: one grows its declaration, the other its launches.
  auto IsStatic = [](const SharedArray *A) {
    return !A->Decl->hasExternalStorage() && A->Layout.Dims.front() != 0;
  };
  bool Static = IsStatic(Fix.Arrays.front());
  Fix.Change = describeChange(C, Fix, Static);
  for (const SharedArray *A : Fix.Arrays)
    if (IsStatic(A) != Static) {
      Fix.Refusal = "'" + A->Layout.Name + "' and '" +
                    Fix.Arrays.front()->Layout.Name +
                    "', indexed by one function, would grow in different "
                    "places: one is declared with its size, the other's "
                    "size is given at the launch";
      return;
    }
  MemoryGrowth Growth;
  std::vector<FixEdit> LaunchEdits;
  std::string Refusal = rewriteIndices(Ctx, C, Uses, Fix);
  bool Grows = Fix.Plan.Style != FixStyle::IndexSwizzle;
  if (Refusal.empty() && Grows)
    Refusal = Static ? growDeclaration(Ctx, C, Fix, Growth)
                     : growExternLaunches(Ctx, Found, Accesses, Launches, Scope,
                                          C, Fix, Growth, LaunchEdits);
  Fix.Edits.insert(Fix.Edits.end(), LaunchEdits.begin(), LaunchEdits.end());
  Fix.Budgets = kernelBudgets(Ctx, Found, Accesses, Shapes, Launches, Growth);
  if (Refusal.empty())
    Refusal = overlappingEdits(Fix.Edits);
  if (Refusal.empty())
    Refusal = budgetsRefusal(Fix.Budgets);
  if (!Refusal.empty()) {
    Fix.Refusal = Refusal;
    Fix.Edits.clear();
  }
}

} // namespace bankfix
