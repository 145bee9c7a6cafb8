//===- PaddingFix.cpp - Padding fixes for the conflicting shared arrays ---===//

#include "frontend/fix/PaddingFix.h"

#include "core/fix/ExtentText.h"
#include "frontend/fix/UnsafeUses.h"
#include "frontend/report/SourcePlace.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <map>

using namespace clang;

namespace bankfix {

namespace {

uint64_t layoutBytes(const SharedArrayLayout &L, unsigned Pad) {
  uint64_t N = L.ElementSize;
  for (size_t I = 0; I < L.Dims.size(); ++I)
    N *= L.Dims[I] + (I + 1 == L.Dims.size() ? Pad : 0);
  return N;
}

/// Static shared memory a function declares.
class SharedBytes : public RecursiveASTVisitor<SharedBytes> {
public:
  explicit SharedBytes(ASTContext &Ctx) : Ctx(Ctx) {}
  uint64_t Bytes = 0;
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasAttr<CUDASharedAttr>() && !V->hasExternalStorage() &&
        !V->getType()->isDependentType() && !V->getType()->isIncompleteType())
      Bytes += Ctx.getTypeSizeInChars(V->getType()).getQuantity();
    return true;
  }

private:
  ASTContext &Ctx;
};

/// The innermost extent of \p V's declared type, as written in the file.
CharSourceRange innermostExtent(ASTContext &Ctx, const VarDecl &V) {
  const TypeSourceInfo *TSI = V.getTypeSourceInfo();
  if (!TSI)
    return {};
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
  if (!Innermost || !Innermost.getSizeExpr())
    return {};
  return Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Innermost.getSizeExpr()->getSourceRange()),
      Ctx.getSourceManager(), Ctx.getLangOpts());
}

struct Group {
  std::vector<const SharedArray *> Arrays;
  std::vector<size_t> Accesses;
  bool Conflicting = false;
};

} // namespace

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

std::vector<ArrayFix>
planArrayFixes(ASTContext &Ctx, const SharedAccesses &Found,
               const std::vector<std::vector<BlockShape>> &Shapes,
               const std::vector<bool> &Conflicting) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::DenseSet<const DeclRefExpr *> ElementRefs;
  for (const FoundAccess &A : Found.Accesses)
    ElementRefs.insert(A.Ref);
  llvm::DenseMap<const VarDecl *, std::string> Unsafe =
      findUnsafeUses(Ctx, ElementRefs);

  // One group per declaration as written: a template's instantiations
  // share it.
  std::map<SourceLocation::UIntTy, Group> Groups;
  std::vector<SourceLocation::UIntTy> Order;
  for (size_t I = 0; I < Found.Accesses.size(); ++I) {
    const FoundAccess &A = Found.Accesses[I];
    auto Key = A.Array->Decl->getLocation().getRawEncoding();
    auto [It, New] = Groups.try_emplace(Key);
    if (New)
      Order.push_back(Key);
    Group &G = It->second;
    if (std::find(G.Arrays.begin(), G.Arrays.end(), A.Array) == G.Arrays.end())
      G.Arrays.push_back(A.Array);
    G.Accesses.push_back(I);
    G.Conflicting = G.Conflicting || Conflicting[I];
  }

  std::vector<ArrayFix> Fixes;
  for (SourceLocation::UIntTy Key : Order) {
    Group &G = Groups[Key];
    if (!G.Conflicting)
      continue;
    ArrayFix Fix;
    Fix.Arrays = G.Arrays;
    std::vector<PlannedLayout> Layouts;
    for (const SharedArray *Array : G.Arrays) {
      PlannedLayout L;
      L.Layout = Array->Layout;
      for (size_t I : G.Accesses) {
        const FoundAccess &A = Found.Accesses[I];
        if (A.Array != Array)
          continue;
        std::string Label = std::string(accessKindName(A.Kind)) + " at " +
                            lineColumn(SM, A.Expr->getBeginLoc());
        if (A.Function->isTemplateInstantiation())
          Label += " in '" + A.FunctionName + "'";
        if (!A.Unsupported.empty()) {
          Fix.Plan.WhyNot =
              "the " + Label + " cannot be judged: " + A.Unsupported;
          break;
        }
        L.Accesses.push_back({&A.Instances, Shapes[I], Label});
      }
      Layouts.push_back(std::move(L));
    }
    // An access through a pointer blocks padding; the use that made the
    // pointer says best why.
    for (size_t I : G.Accesses)
      if (Found.Accesses[I].FlatBytes && Fix.Plan.WhyNot.empty()) {
        auto U = Unsafe.find(Found.Accesses[I].Array->Decl);
        if (U != Unsafe.end())
          Fix.Plan.WhyNot = U->second;
      }
    if (Fix.Plan.WhyNot.empty())
      Fix.Plan = planPadding(Layouts);
    if (!Fix.Plan.WhyNot.empty() || Fix.Plan.Pad == 0) {
      Fixes.push_back(std::move(Fix));
      continue;
    }

    const SharedArray &First = *G.Arrays.front();
    const VarDecl &V = *First.Decl;
    unsigned Pad = Fix.Plan.Pad;
    std::string Name = "'" + First.Layout.Name + "'";
    uint64_t MostBytes = 0;
    for (const SharedArray *Array : G.Arrays) {
      uint64_t Extra =
          layoutBytes(Array->Layout, Pad) - layoutBytes(Array->Layout, 0);
      SharedBytes Bytes(Ctx);
      if (const auto *F = dyn_cast<FunctionDecl>(Array->Decl->getDeclContext()))
        Bytes.TraverseStmt(F->getBody());
      else
        Bytes.Bytes = layoutBytes(Array->Layout, 0);
      Fix.ExtraBytes.push_back(Extra);
      Fix.FunctionBytes.push_back(Bytes.Bytes + Extra);
      MostBytes = std::max(MostBytes, Bytes.Bytes + Extra);
    }
    for (const SharedArray *Array : G.Arrays) {
      auto U = Unsafe.find(Array->Decl);
      if (U != Unsafe.end()) {
        Fix.Refusal = U->second;
        break;
      }
    }
    Fix.SizeRange = innermostExtent(Ctx, V);
    if (!Fix.Refusal.empty()) {
      // already refused
    } else if (V.hasExternalStorage()) {
      Fix.Refusal = Name + " is extern __shared__: its size is set at the "
                           "launch; bankfix only reports it";
    } else if (V.getLocation().isMacroID() || Fix.SizeRange.isInvalid()) {
      Fix.Refusal = "the declaration of " + Name +
                    " comes from a macro expansion; change it by hand";
    } else if (!SM.isInMainFile(Fix.SizeRange.getBegin())) {
      Fix.Refusal = Name + " is declared in a header; bankfix rewrites only "
                           "the file it checks";
    } else if (MostBytes > StaticSharedMemoryLimit) {
      Fix.Refusal = "padding would make the function's static shared memory " +
                    std::to_string(MostBytes) + " bytes, over the " +
                    std::to_string(StaticSharedMemoryLimit) + "-byte limit";
    }
    if (!Fix.Refusal.empty()) {
      Fixes.push_back(std::move(Fix));
      continue;
    }
    std::string Written =
        Lexer::getSourceText(Fix.SizeRange, SM, Ctx.getLangOpts()).str();
    Fix.NewSizeText = paddedExtentText(Written, Pad);
    TextEdit Edit;
    Edit.File = SM.getFilename(Fix.SizeRange.getBegin()).str();
    Edit.Offset = SM.getFileOffset(Fix.SizeRange.getBegin());
    Edit.Length = SM.getFileOffset(Fix.SizeRange.getEnd()) - Edit.Offset;
    Edit.Text = Fix.NewSizeText;
    Fix.Edit = Edit;
    Fixes.push_back(std::move(Fix));
  }
  return Fixes;
}

} // namespace bankfix
