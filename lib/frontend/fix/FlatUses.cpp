// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FlatUses.cpp - Where the pointers into a flat buffer go ------------===//

#include "frontend/fix/FlatUses.h"

#include "frontend/fix/StatementStack.h"
#include "frontend/parse/UserDecls.h"
#include "frontend/report/SourcePlace.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace bankfix {

namespace {

/// What the pointers found so far lead to: the variables and functions
/// that hold or return a pointer into the buffer, each with the size of
/// the element its accesses index.
struct Sources {
  llvm::DenseMap<const VarDecl *, uint64_t> Vars;
  llvm::DenseMap<const FunctionDecl *, uint64_t> Functions;
  /// The carve offsets on the way from the buffer to each view made so.
  llvm::DenseMap<const VarDecl *, std::vector<const Expr *>> Carves;
};

/// One pass over the translation unit: every use of a known source is
/// followed up to where its pointer ends; new views and helpers are added
/// to \p Found (another pass follows them).
class UseFollower : public StatementStackVisitor {
public:
  UseFollower(ASTContext &Ctx, const Sources &Known, Sources &Found,
              const llvm::DenseSet<const Expr *> &Subscripts, FlatUses &Out)
      : Ctx(Ctx), Known(Known), Found(Found), Subscripts(Subscripts), Out(Out) {
    ShouldVisitTemplateInstantiations = true;
  }

  /// The first call that gives a known parameter another array.
  std::string OtherArray;

  bool TraverseDecl(Decl *D) override {
    if (D && !isa<TranslationUnitDecl>(D) &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    // Dependent code is checked in its instantiations.
    if (const auto *DC = dyn_cast_or_null<DeclContext>(D))
      if (DC->isDependentContext())
        return true;
    Decls.push_back(D);
    const FunctionDecl *Saved = Function;
    if (const auto *F = dyn_cast_or_null<FunctionDecl>(D))
      Function = F;
    bool Result = traverseDeclBelowNull(D);
    Function = Saved;
    Decls.pop_back();
    return Result;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    auto It = V ? Known.Vars.find(V) : Known.Vars.end();
    if (It != Known.Vars.end()) {
      auto Carved = Known.Carves.find(V);
      Steps = Carved == Known.Carves.end() ? std::vector<const Expr *>()
                                           : Carved->second;
      follow(Ref, It->second, "'" + V->getNameAsString() + "'");
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) override {
    const FunctionDecl *F = Call->getDirectCallee();
    auto It = F ? Known.Functions.find(F) : Known.Functions.end();
    if (It != Known.Functions.end()) {
      Steps.clear();
      follow(Call, It->second,
             "the pointer '" + functionName(*F) + "' returns");
    }
    checkOtherArrays(Call);
    return true;
  }

private:
  static std::string functionName(const FunctionDecl &F) {
    return F.getNameAsString();
  }

  std::string place(const Stmt *S) const {
    return describePlace(Ctx.getSourceManager(), S->getBeginLoc());
  }

  void block(const std::string &Why) {
    if (Out.Blocking.empty())
      Out.Blocking = Why;
  }

  /// The declaration whose initialiser holds the statement at the top of
  /// the stack above index \p At (a null entry).
  const Decl *declAt(size_t At) const {
    size_t Nulls = 0;
    for (size_t I = 0; I <= At; ++I)
      Nulls += Stack[I] == nullptr;
    return Decls[Nulls - 1];
  }

  /// The pointer \p Child (made from \p Name) reaches the subscript \p S:
  /// as its base, loaded or stored, in elements of \p Unit bytes.
  void checkSubscript(const ArraySubscriptExpr *S, const Stmt *Child,
                      uint64_t Unit, const std::string &Name) {
    if (S->getBase()->IgnoreParenImpCasts() !=
            cast<Expr>(Child)->IgnoreParenImpCasts() &&
        S->getBase() != Child)
      return block(Name + " is used as a subscript at " + place(S));
    if (!Subscripts.contains(S))
      return block("the element of " + Name + " at " + place(S) +
                   " is used but not loaded or stored (its address is "
                   "taken, or it is bound to a reference)");
    Reached.insert(S);
    if (Steps.size() > 1)
      Out.CarveChains.push_back(Steps);
    if (pointeeSize(S->getBase()->getType()) != Unit)
      return block("the access at " + place(S) +
                   " indexes elements of another size than the others");
  }

  /// Whether the subscript \p S at stack index \p At, whose base is
  /// \p Child, has its address taken (`&buf[k]`, parentheses allowed);
  /// then \p At is moved to the `&`.
  bool addressOfElement(size_t &At, const ArraySubscriptExpr *S,
                        const Stmt *Child) const {
    if (S->getBase()->IgnoreParenImpCasts() !=
        cast<Expr>(Child)->IgnoreParenImpCasts())
      return false;
    size_t Up = At;
    while (Up > 0 && Stack[Up - 1] && isa<ParenExpr>(Stack[Up - 1]))
      --Up;
    if (Up == 0 || !Stack[Up - 1])
      return false;
    const auto *U = dyn_cast<UnaryOperator>(Stack[Up - 1]);
    if (!U || U->getOpcode() != UO_AddrOf)
      return false;
    At = Up - 1;
    return true;
  }

  /// Follows the pointer made by the node on top of the stack.
  void follow(const Expr *Start, uint64_t Unit, const std::string &Name) {
    if (Stack.empty() || Stack.back() != Start)
      return block(Name + " is used as a pointer at " + place(Start));
    const Stmt *Child = Start;
    for (size_t At = Stack.size() - 1; At-- > 0;) {
      const Stmt *P = Stack[At];
      if (!P) {
        const auto *V = dyn_cast_or_null<VarDecl>(declAt(At));
        if (V && V->hasLocalStorage() && V->getType()->isPointerType() &&
            V->getInit() && !V->getType()->getPointeeType().isNull())
          return addView(V, Unit);
        return block(Name +
                     " is stored in a variable that is not a local "
                     "pointer at " +
                     place(Start));
      }
      if (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P) || isa<FullExpr>(P) ||
          isa<MaterializeTemporaryExpr>(P) || isa<CXXBindTemporaryExpr>(P)) {
        Child = P;
        continue;
      }
      if (const auto *C = dyn_cast<ExplicitCastExpr>(P)) {
        if (!C->getType()->isPointerType())
          return block(Name + " is converted to an integer at " + place(P));
        Child = P;
        continue;
      }
      if (const auto *B = dyn_cast<BinaryOperator>(P)) {
        if (B->getOpcode() == BO_Add && B->getType()->isPointerType()) {
          const Expr *Offset = B->getLHS()->IgnoreParenImpCasts() ==
                                       cast<Expr>(Child)->IgnoreParenImpCasts()
                                   ? B->getRHS()
                                   : B->getLHS();
          if (pointeeSize(B->getType()) != Unit)
            return block("the carve at " + place(P) +
                         " counts elements of another size than the "
                         "accesses' subscripts");
          Out.CarveOffsets.push_back(Offset);
          Steps.push_back(Offset);
          Child = P;
          continue;
        }
        return block(Name + " is " +
                     (B->isAssignmentOp() ? "assigned" : "used in arithmetic") +
                     " at " + place(P));
      }
      if (const auto *S = dyn_cast<ArraySubscriptExpr>(P)) {
        // `&buf[k]` carves like `buf + k` (unless it is an access bankfix
        // analysed: an atomic's operand).
        if (!Subscripts.contains(S) && addressOfElement(At, S, Child)) {
          if (pointeeSize(S->getBase()->getType()) != Unit)
            return block("the carve at " + place(P) +
                         " counts elements of another size than the "
                         "accesses' subscripts");
          Out.CarveOffsets.push_back(S->getIdx());
          Steps.push_back(S->getIdx());
          Child = Stack[At];
          continue;
        }
        return checkSubscript(S, Child, Unit, Name);
      }
      if (isa<ReturnStmt>(P)) {
        if (Function)
          Found.Functions.try_emplace(Function, Unit);
        return;
      }
      if (const auto *U = dyn_cast<UnaryOperator>(P))
        return block(Name +
                     (U->getOpcode() == UO_Deref
                          ? " is dereferenced without a subscript at "
                          : " is changed or its address taken at ") +
                     place(P));
      if (const auto *Call = dyn_cast<CallExpr>(P)) {
        // A device function's pointer parameter is a view of the buffer:
        // its subscripts are rewritten with the others.
        if (const ParmVarDecl *Param = pointerParameter(Call, Child))
          return addView(Param, Unit);
        const FunctionDecl *F = Call->getDirectCallee();
        return block(Name + " is passed to " +
                     (F ? "'" + functionName(*F) + "'" : "a function") +
                     " at " + place(P));
      }
      if (isa<MemberExpr>(P))
        return block(Name + " is used through a member at " + place(P));
      return block(Name + " is used as a pointer at " + place(P));
    }
  }

  /// The parameter of the function \p Call calls that the argument
  /// \p Child becomes, when it is a pointer of a function whose body is
  /// in the user's code (not a member function: its object is another
  /// way in); null otherwise.
  const ParmVarDecl *pointerParameter(const CallExpr *Call,
                                      const Stmt *Child) const {
    const FunctionDecl *F = Call->getDirectCallee();
    const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
    if (!Def || !Def->hasBody() || isa<CXXMethodDecl>(Def) ||
        isa<CXXOperatorCallExpr>(Call) || Def->isVariadic() ||
        Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
      return nullptr;
    for (unsigned I = 0; I < Call->getNumArgs() && I < Def->getNumParams(); ++I)
      if (Call->getArg(I) == Child) {
        const ParmVarDecl *Param = Def->getParamDecl(I);
        return Param->getType()->isPointerType() ? Param : nullptr;
      }
    return nullptr;
  }

  /// A call that gives a parameter known as a view of the buffer something
  /// else (another array) blocks the rewrite of that function's
  /// subscripts: once every view is known (a pass that finds no more).
  /// The specializations of one template share its text: a parameter
  /// that is a view in one is rewritten in all.
  void checkOtherArrays(const CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
    if (!Def)
      return;
    for (unsigned I = 0; I < Call->getNumArgs() && I < Def->getNumParams();
         ++I) {
      const ParmVarDecl *Param = Def->getParamDecl(I);
      if (!Known.Vars.count(Param) && !viewInAnotherSpecialization(Def, I))
        continue;
      if (!isKnownPointer(Call->getArg(I)) && OtherArray.empty())
        OtherArray = ("'" + functionName(*Def) + "' indexes its parameter '" +
                      Param->getNameAsString() + "', which the call at " +
                      place(Call) + " gives another array");
    }
  }

  /// Whether parameter \p I of another specialization of \p Def's template
  /// is a view.
  bool viewInAnotherSpecialization(const FunctionDecl *Def, unsigned I) const {
    const FunctionDecl *Pattern = Def->getTemplateInstantiationPattern();
    if (!Pattern)
      return false;
    for (const auto &[V, Unit] : Known.Vars) {
      const auto *P = dyn_cast<ParmVarDecl>(V);
      const auto *Owner =
          P ? dyn_cast<FunctionDecl>(P->getDeclContext()) : nullptr;
      if (Owner && Owner != Def && P->getFunctionScopeIndex() == I &&
          Owner->getTemplateInstantiationPattern() == Pattern)
        return true;
    }
    return false;
  }

  /// Whether \p E is a pointer into the buffer as this pass knows it: a
  /// view, a helper's result, or a carve of one (`p + k`, `&p[k]`).
  bool isKnownPointer(const Expr *E) const {
    E = E->IgnoreParenCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E);
        B && B->getOpcode() == BO_Add && B->getType()->isPointerType())
      return isKnownPointer(
          B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS());
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_AddrOf)
      if (const auto *S =
              dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens()))
        return isKnownPointer(S->getBase());
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return Call->getDirectCallee() &&
             Known.Functions.count(Call->getDirectCallee());
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return V && Known.Vars.count(V);
  }

  uint64_t pointeeSize(QualType Pointer) const {
    QualType T = Pointer->getPointeeType();
    if (T.isNull() || T->isIncompleteType() || T->isDependentType())
      return 0;
    return Ctx.getTypeSizeInChars(T).getQuantity();
  }

  void addView(const VarDecl *V, uint64_t Unit) {
    Found.Vars.try_emplace(V, Unit);
    if (Steps.empty())
      return;
    auto [It, New] = Found.Carves.try_emplace(V, Steps);
    if (!New && Steps.size() > It->second.size())
      It->second = Steps;
  }

  ASTContext &Ctx;
  const Sources &Known;
  Sources &Found;
  const llvm::DenseSet<const Expr *> &Subscripts;
  FlatUses &Out;
  std::vector<const Decl *> Decls;
  const FunctionDecl *Function = nullptr;
  /// The carve offsets on the way from the buffer to the pointer followed.
  std::vector<const Expr *> Steps;

public:
  /// The subscripts to rewrite that a pointer from the buffer reaches.
  llvm::DenseSet<const Expr *> Reached;
};

} // namespace

FlatUses findFlatUses(ASTContext &Ctx,
                      const std::vector<FlatBufferVar> &Buffers,
                      const llvm::DenseSet<const Expr *> &Subscripts) {
  Sources Known;
  for (const FlatBufferVar &B : Buffers)
    Known.Vars.try_emplace(B.Var, B.Unit);
  // Each pass follows the views and helpers the one before found; a chain
  // of views deeper than the pass limit is refused, not assumed safe.
  constexpr unsigned MaxPasses = 8;
  for (unsigned Pass = 0; Pass < MaxPasses; ++Pass) {
    FlatUses Out;
    Sources Found = Known;
    UseFollower Follower(Ctx, Known, Found, Subscripts, Out);
    traverseUserDecls(Ctx, Follower);
    bool Complete = Found.Vars.size() == Known.Vars.size() &&
                    Found.Functions.size() == Known.Functions.size();
    if (Complete && Out.Blocking.empty())
      Out.Blocking = Follower.OtherArray;
    if (Complete)
      for (const Expr *S : Subscripts)
        if (!Follower.Reached.contains(S))
          Out.Unreached.insert(S);
    if (!Out.Blocking.empty() || Complete)
      return Out;
    Known = std::move(Found);
  }
  FlatUses Out;
  Out.Blocking = "its pointers go through more than " +
                 std::to_string(MaxPasses) + " variables or helpers";
  return Out;
}

} // namespace bankfix
