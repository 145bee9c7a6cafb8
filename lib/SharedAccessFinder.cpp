//===- SharedAccessFinder.cpp - __shared__ arrays and their accesses ------===//

#include "SharedAccessFinder.h"

#include "IndexTranslator.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>

using namespace clang;

namespace bankfix {

namespace {

const Expr *stripParensAndNoOps(const Expr *E) {
  while (true) {
    if (const auto *P = dyn_cast<ParenExpr>(E)) {
      E = P->getSubExpr();
      continue;
    }
    if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
      if (C->getCastKind() == CK_NoOp ||
          C->getCastKind() == CK_ArrayToPointerDecay) {
        E = C->getSubExpr();
        continue;
      }
    return E;
  }
}

bool isDeviceFunction(const FunctionDecl *F) {
  return F->hasAttr<CUDAGlobalAttr>() || F->hasAttr<CUDADeviceAttr>();
}

class Finder : public RecursiveASTVisitor<Finder> {
  using Base = RecursiveASTVisitor<Finder>;

public:
  Finder(ASTContext &Ctx, SharedAccesses &Out) : Ctx(Ctx), Out(Out) {}

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    // The toolkit's headers hold no shared accesses worth reporting.
    if (!isa<TranslationUnitDecl>(D) &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody() || F->isDependentContext() ||
        !isDeviceFunction(F))
      return Base::TraverseDecl(D);
    const FunctionDecl *SavedFunction = Function;
    std::unique_ptr<IndexTranslator> SavedTranslator = std::move(Translator);
    std::vector<std::pair<const Expr *, bool>> SavedConditions;
    SavedConditions.swap(Conditions);
    Function = F;
    Translator = std::make_unique<IndexTranslator>(Ctx, *F);
    bool Result = Base::TraverseDecl(D);
    Function = SavedFunction;
    Translator = std::move(SavedTranslator);
    Conditions.swap(SavedConditions);
    return Result;
  }

  // Conditions under which a statement runs.
  bool TraverseIfStmt(IfStmt *S) {
    if (!Function)
      return Base::TraverseIfStmt(S);
    if (!TraverseStmt(S->getInit()) ||
        !TraverseStmt(S->getConditionVariableDeclStmt()) ||
        !TraverseStmt(S->getCond()))
      return false;
    if (!traverseUnder(S->getCond(), true, S->getThen()))
      return false;
    return traverseUnder(S->getCond(), false, S->getElse());
  }

  bool TraverseConditionalOperator(ConditionalOperator *C,
                                   DataRecursionQueue * = nullptr) {
    if (!Function)
      return Base::TraverseConditionalOperator(C);
    if (!WalkUpFromConditionalOperator(C) || !TraverseStmt(C->getCond()))
      return false;
    return traverseUnder(C->getCond(), true, C->getTrueExpr()) &&
           traverseUnder(C->getCond(), false, C->getFalseExpr());
  }

  bool TraverseBinaryOperator(BinaryOperator *B,
                              DataRecursionQueue * = nullptr) {
    if (!Function || !B->isLogicalOp())
      return Base::TraverseBinaryOperator(B);
    if (!WalkUpFromBinaryOperator(B) || !TraverseStmt(B->getLHS()))
      return false;
    return traverseUnder(B->getLHS(), B->getOpcode() == BO_LAnd, B->getRHS());
  }

  // Reads and writes.
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue)
      noteAccess(C->getSubExpr(), AccessKind::Load);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isCompoundAssignmentOp())
      noteAccess(B->getLHS(), AccessKind::Load);
    if (B->isAssignmentOp())
      noteAccess(B->getLHS(), AccessKind::Store);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp()) {
      noteAccess(U->getSubExpr(), AccessKind::Load);
      noteAccess(U->getSubExpr(), AccessKind::Store);
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    // Copying a struct or vector element out of the array.
    if (C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor())
      noteAccess(C->getArg(0), AccessKind::Load);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->getOperator() == OO_Equal && C->getNumArgs() == 2) {
      noteAccess(C->getArg(0), AccessKind::Store);
      noteAccess(C->getArg(1), AccessKind::Load);
    }
    return true;
  }

private:
  bool traverseUnder(const Expr *Cond, bool WhenTrue, Stmt *S) {
    if (!S)
      return true;
    Conditions.push_back({Cond, WhenTrue});
    bool Result = TraverseStmt(S);
    Conditions.pop_back();
    return Result;
  }

  const SharedArray *arrayFor(const VarDecl *V) {
    auto It = Arrays.find(V);
    if (It != Arrays.end())
      return It->second;
    const SharedArray *Result = nullptr;
    QualType T = V->getType();
    if (!T->isDependentType() && T->isArrayType()) {
      auto A = std::make_unique<SharedArray>();
      A->Decl = V;
      A->Layout.Name = V->getNameAsString();
      A->TypeSpelling = T.getAsString(Ctx.getPrintingPolicy());
      while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
        if (const auto *C = dyn_cast<ConstantArrayType>(AT))
          A->Layout.Dims.push_back(C->getZExtSize());
        else if (isa<IncompleteArrayType>(AT) && A->Layout.Dims.empty())
          A->Layout.Dims.push_back(0);
        else
          break;
        T = AT->getElementType();
      }
      if (!Ctx.getAsArrayType(T) && !T->isIncompleteType()) {
        A->Layout.ElementSize = Ctx.getTypeSizeInChars(T).getQuantity();
        Result = A.get();
        Out.Arrays.push_back(std::move(A));
      }
    }
    Arrays[V] = Result;
    return Result;
  }

  /// The guard of the statement being visited: all enclosing conditions.
  LaneExprPtr currentGuard() {
    LaneExprPtr Guard;
    for (const auto &[Cond, WhenTrue] : Conditions) {
      LaneExprPtr C = Translator->translate(Cond);
      if (!WhenTrue)
        C = LaneExpr::unary(UnaryOp::LogicalNot, C, IntType::boolTy());
      Guard = Guard ? LaneExpr::binary(BinaryOp::LAnd, Guard, C,
                                       IntType::boolTy())
                    : C;
    }
    return Guard;
  }

  void noteAccess(const Expr *E, AccessKind Kind) {
    if (!Function || E->isInstantiationDependent())
      return;
    const Expr *Top = stripParensAndNoOps(E);
    // Members of the element: a[i].value, t[y][x].x.
    uint64_t Offset = 0;
    const Expr *Cur = Top;
    while (const auto *M = dyn_cast<MemberExpr>(Cur)) {
      const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
      if (M->isArrow() || !Field || Field->isBitField())
        return;
      Offset += Ctx.getFieldOffset(Field) / Ctx.getCharWidth();
      Cur = stripParensAndNoOps(M->getBase());
    }
    std::vector<const Expr *> Indices;
    while (const auto *S = dyn_cast<ArraySubscriptExpr>(Cur)) {
      Indices.insert(Indices.begin(), S->getIdx());
      Cur = stripParensAndNoOps(S->getBase());
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(Cur);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || !V->hasAttr<CUDASharedAttr>() || Indices.empty())
      return;
    const SharedArray *Array = arrayFor(V);
    if (!Array || Array->Layout.Dims.size() != Indices.size())
      return; // not an element: the array or a row used as a pointer
    if (!Seen.insert({Top, unsigned(Kind)}).second)
      return;

    FoundAccess Access;
    Access.Expr = Top;
    Access.Function = Function;
    Access.Array = Array;
    Access.Desc.Kind = Kind;
    Access.Desc.ByteOffset = Offset;
    QualType T = Top->getType();
    uint64_t Width = Ctx.getTypeSizeInChars(T).getQuantity();
    uint64_t Align = Ctx.getTypeAlignInChars(T).getQuantity();
    Access.Desc.Width = unsigned(Width);
    if (!isSupportedAccessWidth(unsigned(Width)) || Align < Width)
      Access.Unsupported =
          "it copies " + std::to_string(Width) + " bytes of '" +
          T.getAsString(Ctx.getPrintingPolicy()) + "' (alignment " +
          std::to_string(Align) +
          "), which the compiler splits into several accesses";
    for (const Expr *I : Indices)
      Access.Desc.Indices.push_back(Translator->translate(I));
    Access.Desc.Guard = currentGuard();
    Out.Accesses.push_back(std::move(Access));
  }

  ASTContext &Ctx;
  SharedAccesses &Out;
  const FunctionDecl *Function = nullptr;
  std::unique_ptr<IndexTranslator> Translator;
  std::vector<std::pair<const Expr *, bool>> Conditions;
  llvm::DenseMap<const VarDecl *, const SharedArray *> Arrays;
  llvm::DenseSet<std::pair<const Expr *, unsigned>> Seen;
};

} // namespace

SharedAccesses findSharedAccesses(ASTContext &Ctx) {
  SharedAccesses Out;
  Finder(Ctx, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Out.Accesses.begin(), Out.Accesses.end(),
                   [&](const FoundAccess &A, const FoundAccess &B) {
                     return SM.isBeforeInTranslationUnit(
                         A.Expr->getBeginLoc(), B.Expr->getBeginLoc());
                   });
  return Out;
}

} // namespace bankfix
