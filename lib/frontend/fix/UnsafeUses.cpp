// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UnsafeUses.cpp - Uses of a shared array that padding would break ---===//

#include "frontend/fix/UnsafeUses.h"
#include "frontend/walk/TensorTiles.h"

#include "frontend/fix/StatementStack.h"
#include "frontend/parse/UserDecls.h"
#include "frontend/report/SourcePlace.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace bankfix {

namespace {

class UseFinder : public StatementStackVisitor {
public:
  UseFinder(ASTContext &Ctx, const llvm::DenseSet<const DeclRefExpr *> &Safe,
            const llvm::DenseSet<const Expr *> &Accesses, ArrayUses &Out,
            bool ForeignViews)
      : Ctx(Ctx), Safe(Safe), Accesses(Accesses), Out(Out),
        ForeignViews(ForeignViews) {
    ShouldVisitTemplateInstantiations = true;
  }

  bool TraverseDecl(Decl *D) override {
    if (D && !isa<TranslationUnitDecl>(D) &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    Decls.push_back(D);
    bool Result = traverseDeclBelowNull(D);
    Decls.pop_back();
    return Result;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
    if (const auto *P = dyn_cast<VarDecl>(Ref->getDecl())) {
      auto Tile = TilePointers.find(P);
      if (Tile != TilePointers.end() && !Out.Unsafe.count(Tile->second) &&
          !tilePointerUse(Ref, Tile->second))
        Out.Unsafe[Tile->second] =
            "the pointer '" + P->getNameAsString() + "' to an element of '" +
            Tile->second->getNameAsString() +
            "' is used other than as a wmma tile at " +
            describePlace(Ctx.getSourceManager(), Ref->getBeginLoc());
    }
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || !V->hasAttr<CUDASharedAttr>() || !V->getType()->isArrayType() ||
        Safe.contains(Ref) || Out.Unsafe.count(V))
      return true;
    std::string Why = classify(Ref, V);
    if (!Why.empty())
      Out.Unsafe[V] = Why + " at " +
                      describePlace(Ctx.getSourceManager(), Ref->getBeginLoc());
    return true;
  }

private:
  /// The parent of Stack[\p At], skipping parentheses and implicit casts:
  /// \p At moves to it, \p Child to the node right below it. nullptr at a
  /// declaration.
  const Stmt *parentOf(size_t &At, const Stmt *&Child) {
    Child = Stack[At];
    while (At > 0) {
      const Stmt *P = Stack[--At];
      if (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P))) {
        Child = P;
        continue;
      }
      return P;
    }
    return nullptr;
  }

  std::string classify(const DeclRefExpr *Ref, const VarDecl *V) {
    unsigned Rank = 0;
    for (QualType T = V->getType(); const ArrayType *AT = Ctx.getAsArrayType(T);
         T = AT->getElementType())
      ++Rank;
    std::string Name = "'" + V->getNameAsString() + "'";
    // VisitDeclRefExpr runs with Ref on top of the stack; were it not,
    // padding is refused rather than risked.
    if (Stack.empty() || Stack.back() != Ref)
      return Name + " is used as a pointer";
    const Stmt *Cur = Ref, *Child = nullptr;
    size_t At = Stack.size() - 1;
    unsigned Depth = 0;
    const Stmt *P = parentOf(At, Child);
    while (const auto *S = dyn_cast_or_null<ArraySubscriptExpr>(P)) {
      if (S->getBase()->IgnoreParenImpCasts() != Cur && S->getBase() != Child)
        break;
      ++Depth;
      Cur = S;
      P = parentOf(At, Child);
    }
    if (Depth == Rank) {
      // An element: its own address survives padding when it goes straight
      // to a call (atomicAdd(&t[y][x], v)) or is read as a vector at once;
      // kept anywhere else, pointer arithmetic on it could cross rows.
      const auto *U = dyn_cast_or_null<UnaryOperator>(P);
      if (!U || U->getOpcode() != UO_AddrOf)
        return "";
      const Stmt *Inner = nullptr;
      const Stmt *Up = parentOf(At, Inner);
      if (const auto *Call = dyn_cast_or_null<CallExpr>(Up))
        return callUse(Call, U, V, Name);
      if (Rank >= 2 && vectorAccess(Up, At, V))
        return "";
      if (ForeignViews && foreignView(Up, V))
        return "";
      if (ForeignViews && !Up && tilePointer(U, At, V))
        return "";
      return "the address of an element of " + Name + " is taken";
    }
    if (Depth + 1 == Rank && Rank >= 2 && vectorAccess(P, At, V))
      return "";
    const char *What = Depth == 0 ? "" : "a row of ";
    if (const auto *T = dyn_cast_or_null<UnaryExprOrTypeTraitExpr>(P))
      if (T->getKind() == UETT_SizeOf)
        return std::string("sizeof of ") + What + Name + " is used";
    if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
      if (Depth + 1 == Rank && Rank >= 2 &&
          tileStrideArgument(Call, cast<Expr>(Cur)))
        return callUse(Call, cast<Expr>(Cur), V, Name);
      const FunctionDecl *F = Call->getDirectCallee();
      return std::string(What) + Name + " is passed to " +
             (F ? "'" + F->getNameAsString() + "'" : "a function");
    }
    if (P && (isa<CXXReinterpretCastExpr>(P) || isa<CStyleCastExpr>(P)))
      return std::string(What) + Name +
             " is cast to another pointer type (vector accesses over rows "
             "would lose their alignment)";
    return std::string(What) + Name + " is used as a pointer";
  }

  /// \p Arg, a tile or element address of \p V passed to \p Call, kept
  /// by padding unless the callee may step across rows from it: a wmma
  /// load or store whose ldm is not the row length (a tied ldm is recorded,
  /// and rows then grow by whole 16 bytes), an address turned into an
  /// integer, a bulk copy. A 16-byte __pipeline_memcpy_async keeps its
  /// rows 16-byte aligned.
  std::string callUse(const CallExpr *Call, const Expr *Arg, const VarDecl *V,
                      const std::string &Name) {
    const FunctionDecl *F = Call->getDirectCallee();
    StringRef Callee =
        F && F->getIdentifier() ? F->getName() : StringRef("a function");
    if (Callee == "__cvta_generic_to_shared")
      return "an address in " + Name +
             " is converted to an integer (arithmetic on it could cross "
             "rows)";
    if (Callee == "memcpy_async" || Callee == "memcpy")
      return Name + " is passed to '" + Callee.str() +
             "', whose copy could cross rows";
    if (Callee == "__pipeline_memcpy_async" && Call->getNumArgs() == 3) {
      Expr::EvalResult Size;
      if (Call->getArg(2)->isValueDependent() ||
          !Call->getArg(2)->EvaluateAsInt(Size, Ctx))
        return Name + " is passed to '" + Callee.str() +
               "' with a size that is not a constant";
      uint64_t &Widest = Out.RowVectorBytes[V];
      Widest = std::max<uint64_t>(Widest, Size.Val.getInt().getZExtValue());
      return "";
    }
    const Expr *Ldm = tileStrideArgument(Call, Arg);
    if (!Ldm)
      return "";
    if (!ldmIsRowLength(Ctx, Ldm, *V))
      return Name + " is passed to '" + Callee.str() +
             "' with an ldm that is not its row length";
    Out.TiedStrides[V].push_back(Ldm);
    uint64_t &Widest = Out.RowVectorBytes[V];
    Widest = std::max<uint64_t>(Widest, 16);
    return "";
  }

  /// \p Cast, the parent of a row or an element's address (Stack[At]),
  /// is an explicit cast to a vector pointer whose only use is one access
  /// that was analysed: `((V *)row)[q]`, `*(V *)&e`, `((V *)&e)[q]` or
  /// `*((V *)&e + q)`.
  /// Records the vector's size for \p V.
  bool vectorAccess(const Stmt *Cast, size_t At, const VarDecl *V) {
    const auto *C = dyn_cast_or_null<ExplicitCastExpr>(Cast);
    if (!C || !C->getType()->isPointerType())
      return false;
    QualType Vector = C->getType()->getPointeeType();
    if (Vector->isIncompleteType() || Vector->isDependentType())
      return false;
    const Stmt *Child = nullptr;
    const Stmt *Use = parentOf(At, Child);
    const auto *Access = dyn_cast_or_null<Expr>(Use);
    if (const auto *S = dyn_cast_or_null<ArraySubscriptExpr>(Use)) {
      if (S->getBase()->IgnoreParenImpCasts() != C)
        return false;
    } else if (const auto *U = dyn_cast_or_null<UnaryOperator>(Use)) {
      if (U->getOpcode() != UO_Deref)
        return false;
    } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Use);
               B && B->getOpcode() == BO_Add && B->getType()->isPointerType()) {
      // `*((V *)&e + q)`, the same access as `((V *)&e)[q]`.
      const auto *D = dyn_cast_or_null<UnaryOperator>(parentOf(At, Child));
      if (!D || D->getOpcode() != UO_Deref)
        return false;
      Access = D;
    } else {
      return false;
    }
    if (!Accesses.contains(Access))
      return false;
    uint64_t Bytes = Ctx.getTypeSizeInChars(Vector).getQuantity();
    uint64_t &Widest = Out.RowVectorBytes[V];
    Widest = std::max(Widest, Bytes);
    return true;
  }

  /// Whether \p Address, an element's address at the declaration above
  /// Stack[\p At], is the whole initialiser of a local pointer: its uses
  /// are then checked (tilePointerUse) as they come.
  bool tilePointer(const UnaryOperator *Address, size_t At, const VarDecl *V) {
    size_t Nulls = 0;
    for (size_t I = 0; I <= At && I < Stack.size(); ++I)
      Nulls += Stack[I] == nullptr;
    const auto *P =
        Nulls ? dyn_cast_or_null<VarDecl>(Decls[Nulls - 1]) : nullptr;
    if (!P || !P->hasLocalStorage() || !P->getType()->isPointerType() ||
        !P->getInit() ||
        P->getInit()->IgnoreParenImpCasts() != Address->IgnoreParenImpCasts())
      return false;
    TilePointers[P] = V;
    return true;
  }

  /// Whether \p Ref, a use of a pointer tilePointer recorded for \p V, is
  /// the tile of a wmma load or store whose ldm is \p V's row length.
  bool tilePointerUse(const DeclRefExpr *Ref, const VarDecl *V) {
    if (Stack.empty() || Stack.back() != Ref)
      return false;
    size_t At = Stack.size() - 1;
    const Stmt *Child = nullptr;
    const auto *Call = dyn_cast_or_null<CallExpr>(parentOf(At, Child));
    const Expr *Ldm =
        Call ? tileStrideArgument(Call, cast<Expr>(Child)) : nullptr;
    return Ldm && ldmIsRowLength(Ctx, Ldm, *V);
  }

  /// Whether \p Cast turns an element's address into a pointer to
  /// elements of another size than \p V's.
  bool foreignView(const Stmt *Cast, const VarDecl *V) const {
    const auto *C = dyn_cast_or_null<ExplicitCastExpr>(Cast);
    if (!C || !C->getType()->isPointerType())
      return false;
    QualType To = C->getType()->getPointeeType();
    QualType From = V->getType();
    while (const ArrayType *AT = Ctx.getAsArrayType(From))
      From = AT->getElementType();
    return !To->isIncompleteType() && !To->isDependentType() &&
           !From->isDependentType() &&
           Ctx.getTypeSizeInChars(To) != Ctx.getTypeSizeInChars(From);
  }

  ASTContext &Ctx;
  const llvm::DenseSet<const DeclRefExpr *> &Safe;
  const llvm::DenseSet<const Expr *> &Accesses;
  ArrayUses &Out;
  bool ForeignViews;
  std::vector<const Decl *> Decls;
  /// Local pointers to an element, each with its array.
  llvm::DenseMap<const VarDecl *, const VarDecl *> TilePointers;
};

} // namespace

ArrayUses findUnsafeUses(ASTContext &Ctx, const SharedAccesses &Found,
                         bool ForeignViews) {
  llvm::DenseSet<const DeclRefExpr *> ElementRefs;
  llvm::DenseSet<const Expr *> Accesses;
  for (const FoundAccess &A : Found.Accesses) {
    ElementRefs.insert(A.Ref);
    Accesses.insert(A.Expr->IgnoreParenImpCasts());
  }
  ArrayUses Out;
  UseFinder Finder(Ctx, ElementRefs, Accesses, Out, ForeignViews);
  traverseUserDecls(Ctx, Finder);
  return Out;
}

} // namespace bankfix
