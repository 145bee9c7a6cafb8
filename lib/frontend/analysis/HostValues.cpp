// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- HostValues.cpp - The values a host expression can have -------------===//

#include "frontend/analysis/HostValues.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

using namespace clang;

namespace bankfix {

namespace {

constexpr unsigned MaxDepth = 24;

/// \p E without parentheses, casts, temporaries and default arguments.
const Expr *strip(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<ExplicitCastExpr>(Next))
      Next = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = B->getSubExpr();
    else if (const auto *D = dyn_cast<CXXDefaultArgExpr>(Next))
      Next = D->getExpr();
    else if (const auto *F = dyn_cast<FullExpr>(Next))
      Next = F->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

bool isCopyOrMove(const CXXConstructExpr *C) {
  return C->getNumArgs() >= 1 && C->getConstructor()->isCopyOrMoveConstructor();
}

/// The variable \p E names, with the members and elements on the way
/// (outermost last), or null.
/// Whether \p Call is std::forward or std::move: a cast of its argument.
bool isForwardOrMove(const CallExpr *Call) {
  const FunctionDecl *F = Call->getDirectCallee();
  return F && F->isInStdNamespace() && F->getIdentifier() &&
         (F->getName() == "forward" || F->getName() == "move") &&
         Call->getNumArgs() == 1;
}

const VarDecl *referredVariable(const Expr *E, MemberPath *Path = nullptr) {
  E = strip(E);
  while (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (!isForwardOrMove(Call))
      break;
    E = strip(Call->getArg(0));
  }
  while (true) {
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (Path)
        Path->insert(Path->begin(), M->getMemberDecl()->getNameAsString());
      E = strip(M->getBase());
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      if (Path)
        Path->insert(Path->begin(), "[]");
      E = strip(A->getBase());
    } else {
      break;
    }
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// A value nobody wrote: a default construction (dim3's default arguments)
/// or a member an initialiser list leaves out.
bool isDefaultValue(const Expr *E) {
  if (isa<ImplicitValueInitExpr>(E))
    return true;
  const auto *C = dyn_cast<CXXConstructExpr>(E);
  return C && std::all_of(C->arg_begin(), C->arg_end(), [](const Expr *A) {
           return isa<CXXDefaultArgExpr>(A);
         });
}

/// Whether \p Ctor's body assigns its member \p Name.
bool assignsMember(const CXXConstructorDecl *Ctor, const std::string &Name) {
  struct Finder : DynamicRecursiveASTVisitor {
    const std::string &Name;
    bool Found = false;
    explicit Finder(const std::string &Name) : Name(Name) {}
    void check(const Expr *LHS) {
      const auto *M = dyn_cast<MemberExpr>(strip(LHS));
      Found = Found || (M && isa<CXXThisExpr>(strip(M->getBase())) &&
                        M->getMemberDecl()->getNameAsString() == Name);
    }
    bool VisitBinaryOperator(BinaryOperator *B) override {
      if (B->isAssignmentOp())
        check(B->getLHS());
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) override {
      if (C->isAssignmentOp() && C->getNumArgs() > 0)
        check(C->getArg(0));
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) override {
      if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
        check(U->getSubExpr());
      return true;
    }
  } F(Name);
  if (Ctor->getBody())
    F.TraverseStmt(Ctor->getBody());
  return F.Found;
}

bool isPrefix(const MemberPath &A, const MemberPath &B) {
  return A.size() <= B.size() && std::equal(A.begin(), A.end(), B.begin());
}

/// Every assignment of a local variable in a function body, by the member
/// assigned; Opaque when the variable changes in a way not followed.
class VariableWrites : public DynamicRecursiveASTVisitor {
public:
  struct Write {
    MemberPath Path;
    const Expr *Value;
  };
  VariableWrites(ASTContext &Ctx, const VarDecl *V, unsigned Depth = 0)
      : Ctx(Ctx), V(V), Depth(Depth) {}
  std::vector<Write> Writes;
  bool Opaque = false;

  bool VisitBinaryOperator(BinaryOperator *B) override {
    if (B->isAssignmentOp())
      assign(B->getLHS(), B->getRHS(), B->getOpcode() == BO_Assign);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) override {
    if (C->isAssignmentOp() && C->getNumArgs() == 2)
      assign(C->getArg(0), C->getArg(1), C->getOperator() == OO_Equal);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) override {
    if (referredVariable(U->getSubExpr()) != V)
      return true;
    if (U->isIncrementDecrementOp() ||
        (U->getOpcode() == UO_AddrOf && !ReadByLaunch.count(U)))
      Opaque = true;
    return true;
  }
  /// The array of a subscript: an element read or written, not the array
  /// passed on (a parent is visited before its children).
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) override {
    Subscripted.insert(A->getBase()->IgnoreParens());
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) override {
    // What std::forward(v) becomes is judged where it is used.
    if (isForwardOrMove(Call))
      return true;
    const FunctionDecl *F = Call->getDirectCallee();
    // `&config` given to cudaLaunchKernelEx, which reads it.
    if (F && F->getIdentifier() && F->getName().starts_with("cudaLaunch"))
      for (const Expr *Arg : Call->arguments()) {
        while (const auto *Cast = dyn_cast<ImplicitCastExpr>(Arg))
          Arg = Cast->getSubExpr();
        ReadByLaunch.insert(Arg);
      }
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (referredVariable(Call->getArg(I)) != V)
        continue;
      const auto *Method = dyn_cast_or_null<CXXMethodDecl>(F);
      if (isa<CXXOperatorCallExpr>(Call) && Method && Method->isInstance()) {
        // The object of a member operator: changed unless it is const (an
        // assignment is a write, seen by VisitCXXOperatorCallExpr).
        if (I == 0 && !Method->isConst() &&
            !cast<CXXOperatorCallExpr>(Call)->isAssignmentOp())
          Opaque = true;
        if (I == 0)
          continue;
        checkArgument(F, I - 1);
        continue;
      }
      if (!F)
        checkPointerArgument(Call, I);
      else
        checkArgument(F, I);
    }
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call))
      if (referredVariable(M->getImplicitObjectArgument()) == V &&
          (!M->getMethodDecl() || !M->getMethodDecl()->isConst()))
        Opaque = true;
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) override {
    for (unsigned I = 0; I < C->getNumArgs(); ++I)
      if (referredVariable(C->getArg(I)) == V)
        checkArgument(C->getConstructor(), I);
    return true;
  }
  /// A reference or pointer that can change the variable: `int &r = v`,
  /// `for (auto &x : v)`, `int *p = array`.
  bool VisitVarDecl(VarDecl *D) override {
    if (D == V || !D->getInit() || referredVariable(D->getInit()) != V)
      return true;
    QualType T = D->getType();
    if ((T->isReferenceType() && !T.getNonReferenceType().isConstQualified()) ||
        (T->isPointerType() && !T->getPointeeType().isConstQualified()))
      Opaque = true;
    return true;
  }
  /// An array passed or stored as a pointer: its elements may change.
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) override {
    if (C->getCastKind() != CK_ArrayToPointerDecay ||
        referredVariable(C->getSubExpr()) != V || Subscripted.count(C))
      return true;
    Opaque = true;
    return true;
  }

private:
  /// Argument \p I of a call of \p F: a non-const reference can change it,
  /// unless F's body (a few calls deep) changes nothing through it.
  void checkArgument(const FunctionDecl *F, unsigned I) {
    if (I >= F->getNumParams()) {
      Opaque = Opaque || !F->isVariadic();
      return;
    }
    QualType T = F->getParamDecl(I)->getType();
    if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified() &&
        !unchangedIn(F, F->getParamDecl(I)))
      Opaque = true;
  }
  /// Argument \p I of a call through a pointer: its prototype says how it
  /// is passed.
  void checkPointerArgument(const CallExpr *Call, unsigned I) {
    QualType Callee = Call->getCallee()->getType();
    if (const auto *P = Callee->getAs<PointerType>())
      Callee = P->getPointeeType();
    const auto *Proto = Callee->getAs<FunctionProtoType>();
    if (!Proto || I >= Proto->getNumParams()) {
      Opaque = true;
      return;
    }
    QualType T = Proto->getParamType(I);
    if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
      Opaque = true;
  }
  /// Whether the body of \p F leaves its parameter \p P as it is.
  bool unchangedIn(const FunctionDecl *F, const ParmVarDecl *P) {
    constexpr unsigned MaxDepth = 3;
    const FunctionDecl *Def = F->getDefinition();
    if (Depth >= MaxDepth || !Def || !Def->getBody() ||
        Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
      return false;
    const ParmVarDecl *Param =
        P->getFunctionScopeIndex() < Def->getNumParams()
            ? Def->getParamDecl(P->getFunctionScopeIndex())
            : nullptr;
    if (!Param)
      return false;
    VariableWrites Inner(Ctx, Param, Depth + 1);
    Inner.TraverseStmt(Def->getBody());
    return !Inner.Opaque && Inner.Writes.empty();
  }
  void assign(const Expr *LHS, const Expr *RHS, bool Plain) {
    MemberPath Path;
    if (referredVariable(LHS, &Path) != V)
      return;
    if (!Plain)
      Opaque = true;
    else
      Writes.push_back({Path, RHS});
  }
  ASTContext &Ctx;
  const VarDecl *V;
  unsigned Depth;
  llvm::SmallPtrSet<const Expr *, 8> Subscripted, ReadByLaunch;
};

/// The values of a function's return statements (not those of lambdas in
/// it).
class Returns : public DynamicRecursiveASTVisitor {
public:
  std::vector<const Expr *> Values;
  bool Void = false;
  bool TraverseLambdaExpr(LambdaExpr *) override { return true; }
  bool VisitReturnStmt(ReturnStmt *R) override {
    if (R->getRetValue())
      Values.push_back(R->getRetValue());
    else
      Void = true;
    return true;
  }
};

class ParameterReads : public DynamicRecursiveASTVisitor {
public:
  explicit ParameterReads(const FunctionDecl *F) : F(F) {}
  bool Found = false;
  bool VisitDeclRefExpr(DeclRefExpr *R) override {
    if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl()))
      Found = Found || P->getDeclContext() == F;
    return !Found;
  }

private:
  const FunctionDecl *F;
};

void addUnique(std::vector<uint64_t> &Out, uint64_t V) {
  if (std::find(Out.begin(), Out.end(), V) == Out.end())
    Out.push_back(V);
}

std::optional<uint64_t> combine(BinaryOperatorKind Op, uint64_t L, uint64_t R) {
  switch (Op) {
  case BO_Add:
    return L + R;
  case BO_Sub:
    return L >= R ? std::optional<uint64_t>(L - R) : std::nullopt;
  case BO_Mul:
    return L * R;
  case BO_Div:
    return R ? std::optional<uint64_t>(L / R) : std::nullopt;
  case BO_Rem:
    return R ? std::optional<uint64_t>(L % R) : std::nullopt;
  case BO_Shl:
    return R < 32 ? std::optional<uint64_t>(L << R) : std::nullopt;
  case BO_Shr:
    return R < 64 ? std::optional<uint64_t>(L >> R) : std::nullopt;
  case BO_And:
    return L & R;
  case BO_Or:
    return L | R;
  case BO_LT:
    return L < R;
  case BO_GT:
    return L > R;
  case BO_LE:
    return L <= R;
  case BO_GE:
    return L >= R;
  case BO_EQ:
    return L == R;
  case BO_NE:
    return L != R;
  default:
    return std::nullopt;
  }
}

/// Whether \p Inner is the call operator of a lambda written in \p Outer
/// (or in a lambda written there).
bool isLambdaIn(const FunctionDecl *Inner, const FunctionDecl *Outer) {
  const auto *M = dyn_cast<CXXMethodDecl>(Inner);
  while (M && M->getParent()->isLambda()) {
    const DeclContext *Around = M->getParent()->getDeclContext();
    if (Around == Outer)
      return true;
    M = dyn_cast<CXXMethodDecl>(Around);
  }
  return false;
}

} // namespace

const std::vector<CallSites::Call> &
CallSites::of(const FunctionDecl *Callee) const {
  static const std::vector<Call> None;
  auto It = Calls.find(Callee);
  return It == Calls.end() ? None : It->second;
}

bool HostValues::readsParameter(const Expr *E, const FunctionDecl *F) {
  if (!E || !F)
    return false;
  ParameterReads Reads(F);
  Reads.TraverseStmt(const_cast<Expr *>(E));
  return Reads.Found;
}

const CallChain *HostValues::enter(const CallExpr *Call,
                                   const FunctionDecl *Callee,
                                   const CallChain &Chain) {
  Entered.push_back(
      std::make_unique<CallChain>(CallChain{Callee, Call, &Chain}));
  return Entered.back().get();
}

bool HostValues::terms(const Expr *E, const CallChain &Chain, MemberPath Path,
                       std::vector<Term> &Out, unsigned Depth) {
  if (!E || Depth > MaxDepth || Out.size() > 4 * MaxValues)
    return false;
  E = strip(E);
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(E)) {
    bool Cond = false;
    if (!C->getCond()->isValueDependent() &&
        C->getCond()->EvaluateAsBooleanCondition(Cond, Ctx))
      return terms(Cond ? C->getTrueExpr() : C->getFalseExpr(), Chain, Path,
                   Out, Depth + 1);
    return terms(C->getTrueExpr(), Chain, Path, Out, Depth + 1) &&
           terms(C->getFalseExpr(), Chain, Path, Out, Depth + 1);
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    Path.insert(Path.begin(), M->getMemberDecl()->getNameAsString());
    return terms(M->getBase(), Chain, Path, Out, Depth + 1);
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
    Path.insert(Path.begin(), "[]");
    return terms(A->getBase(), Chain, Path, Out, Depth + 1);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Deref)
      return terms(U->getSubExpr(), Chain, Path, Out, Depth + 1);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return variable(V, Chain, Path, Out, Depth + 1);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    if (isCopyOrMove(C))
      return terms(C->getArg(0), Chain, Path, Out, Depth + 1);
  if (Path.empty()) {
    Out.push_back({E, &Chain});
    return true;
  }
  return memberOf(E, Chain, Path, Out, Depth + 1);
}

bool HostValues::memberOf(const Expr *E, const CallChain &Chain,
                          const MemberPath &Path, std::vector<Term> &Out,
                          unsigned Depth) {
  const std::string &Head = Path.front();
  MemberPath Tail(Path.begin() + 1, Path.end());
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    // The member's initialiser in the constructor: a parameter of the
    // constructor is the construction's argument.
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (assignsMember(Ctor, Head))
      return false;
    for (const CXXCtorInitializer *Init : Ctor->inits()) {
      if (!Init->isMemberInitializer() || Init->getMember()->getName() != Head)
        continue;
      const Expr *X = strip(Init->getInit());
      if (const auto *Copy = dyn_cast<CXXConstructExpr>(X);
          Copy && isCopyOrMove(Copy))
        X = strip(Copy->getArg(0));
      if (const auto *Ref = dyn_cast<DeclRefExpr>(X))
        if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
            P && P->getDeclContext() == Ctor &&
            P->getFunctionScopeIndex() < C->getNumArgs())
          return terms(C->getArg(P->getFunctionScopeIndex()), Chain, Tail, Out,
                       Depth + 1);
      if (!Tail.empty() || HostValues::readsParameter(X, Ctor))
        return false;
      Out.push_back({X, &Chain});
      return true;
    }
    return false;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    if (IL->isSyntacticForm() && IL->getSemanticForm())
      IL = IL->getSemanticForm();
    if (Head == "[]") {
      for (const Expr *Init : IL->inits())
        if (!terms(Init, Chain, Tail, Out, Depth + 1))
          return false;
      return true;
    }
    const RecordDecl *R = IL->getType()->getAsRecordDecl();
    if (!R)
      return false;
    // The initialisers of the base classes come first.
    unsigned Index = 0;
    if (const auto *Class = dyn_cast<CXXRecordDecl>(R))
      Index = Class->getNumBases();
    for (const FieldDecl *F : R->fields()) {
      if (F->getName() == Head) {
        // A member the initialiser leaves out is zero: no launch uses it.
        if (Index >= IL->getNumInits() ||
            isa<ImplicitValueInitExpr>(IL->getInit(Index)))
          return true;
        return terms(IL->getInit(Index), Chain, Tail, Out, Depth + 1);
      }
      ++Index;
    }
  }
  return false;
}

bool HostValues::variable(const VarDecl *V, const CallChain &Chain,
                          const MemberPath &Path, std::vector<Term> &Out,
                          unsigned Depth) {
  const auto *P = dyn_cast<ParmVarDecl>(V);
  if (!P && !V->isLocalVarDecl()) {
    // A global: only a constant one keeps its initialiser.
    if (!V->getInit() || !(V->isConstexpr() || V->getType().isConstQualified()))
      return false;
    return terms(V->getInit(), Chain, Path, Out, Depth + 1);
  }
  if (!P && Chain.Function && V->getDeclContext() != Chain.Function) {
    // A local of the function around a lambda, which the lambda captures
    // or reads as a constant: followed in the call that reached it.
    for (const CallChain *Around = Chain.Outer; Around; Around = Around->Outer)
      if (Around->Function && V->getDeclContext() == Around->Function &&
          isLambdaIn(Chain.Function, Around->Function))
        return variable(V, *Around, Path, Out, Depth + 1);
    return false;
  }
  if (!Chain.Function || V->getDeclContext() != Chain.Function ||
      !Chain.Function->getBody())
    return false;
  // A parameter starts as the argument of the call that entered the
  // function; a local as its initialiser. Both then take every value
  // assigned to them in the body.
  const Expr *Initial = V->getInit();
  const CallChain *InitialChain = &Chain;
  if (P) {
    if (!Chain.Call || !Chain.Outer)
      return false;
    unsigned Index = P->getFunctionScopeIndex();
    if (isa<CXXOperatorCallExpr>(Chain.Call) &&
        isa<CXXMethodDecl>(Chain.Function))
      ++Index;
    if (Index >= Chain.Call->getNumArgs())
      return false;
    Initial = Chain.Call->getArg(Index);
    InitialChain = Chain.Outer;
  }
  const Assignments &Writes = assignmentsOf(V, Chain.Function);
  if (Writes.Opaque)
    return false;
  bool Assigned = false;
  for (const auto &[WrittenPath, Value] : Writes.Writes) {
    if (isPrefix(WrittenPath, Path)) {
      Assigned = true;
      if (!terms(Value, Chain,
                 MemberPath(Path.begin() + WrittenPath.size(), Path.end()), Out,
                 Depth + 1))
        return false;
    } else if (isPrefix(Path, WrittenPath)) {
      return false; // a part of the value wanted changes
    }
  }
  if (!Initial) // default-initialised: only the assignments give it a value
    return Assigned;
  std::vector<Term> Initials;
  if (!terms(Initial, *InitialChain, Path, Initials, Depth + 1))
    return false;
  // A default value the code assigns (`cudaLaunchConfig_t config = {};`
  // then `config.blockDim = ...`) is not one a launch uses.
  for (const Term &T : Initials)
    if (P || !Assigned || !isDefaultValue(T.E))
      Out.push_back(T);
  return true;
}

const HostValues::Assignments &
HostValues::assignmentsOf(const VarDecl *V, const FunctionDecl *F) {
  auto [It, Inserted] = KnownAssignments.try_emplace({V, F});
  if (Inserted) {
    VariableWrites Writes(Ctx, V);
    Writes.TraverseStmt(F->getBody());
    It->second.Opaque = Writes.Opaque;
    for (VariableWrites::Write &W : Writes.Writes)
      It->second.Writes.emplace_back(std::move(W.Path), W.Value);
  }
  return It->second;
}

std::optional<std::vector<uint64_t>>
HostValues::integers(const Expr *E, const CallChain &Chain,
                     const MemberPath &Path) {
  return integers(E, Chain, Path, 0);
}

std::optional<std::vector<uint64_t>>
HostValues::integers(const Expr *E, const CallChain &Chain,
                     const MemberPath &Path, unsigned Depth) {
  std::vector<Term> Terms;
  if (!terms(E, Chain, Path, Terms, Depth + 1))
    return std::nullopt;
  std::vector<uint64_t> Out;
  for (const Term &T : Terms) {
    std::optional<std::vector<uint64_t>> Values = integerTerm(T, Depth + 1);
    if (!Values)
      return std::nullopt;
    for (uint64_t V : *Values)
      addUnique(Out, V);
    if (Out.size() > MaxValues)
      return std::nullopt;
  }
  if (Out.empty())
    return std::nullopt;
  return Out;
}

std::optional<std::vector<uint64_t>> HostValues::integerTerm(const Term &T,
                                                             unsigned Depth) {
  const Expr *E = T.E;
  if (Depth > MaxDepth || !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->isValueDependent() && E->EvaluateAsInt(R, Ctx)) {
    if (R.Val.getInt().isNegative() || R.Val.getInt().getActiveBits() > 63)
      return std::nullopt;
    return std::vector<uint64_t>{R.Val.getInt().getZExtValue()};
  }
  auto Combine = [&](const Expr *L, const Expr *Rhs, const CallChain &LC,
                     const CallChain &RC,
                     auto &&Op) -> std::optional<std::vector<uint64_t>> {
    std::optional<std::vector<uint64_t>> A = integers(L, LC, {}, Depth + 1);
    std::optional<std::vector<uint64_t>> B =
        A ? integers(Rhs, RC, {}, Depth + 1) : std::nullopt;
    if (!B)
      return std::nullopt;
    std::vector<uint64_t> Out;
    for (uint64_t X : *A)
      for (uint64_t Y : *B) {
        std::optional<uint64_t> V = Op(X, Y);
        if (!V)
          return std::nullopt;
        addUnique(Out, *V);
        if (Out.size() > MaxValues)
          return std::nullopt;
      }
    return Out;
  };
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    // `~0x3f & x`, rounding down to a multiple: a constant mask whose sign
    // bit is set keeps the other side's high bits.
    if (B->getOpcode() == BO_And)
      for (const auto &[Mask, Other] : {std::pair(B->getLHS(), B->getRHS()),
                                        std::pair(B->getRHS(), B->getLHS())}) {
        Expr::EvalResult M;
        if (Mask->isValueDependent() || !Mask->EvaluateAsInt(M, Ctx) ||
            !M.Val.getInt().isNegative() ||
            M.Val.getInt().getSignificantBits() > 64)
          continue;
        std::optional<std::vector<uint64_t>> Xs =
            integers(Other, *T.Chain, {}, Depth + 1);
        if (!Xs)
          return std::nullopt;
        std::vector<uint64_t> Out;
        for (uint64_t X : *Xs)
          addUnique(Out, X & uint64_t(M.Val.getInt().getSExtValue()));
        return Out;
      }
    return Combine(
        B->getLHS(), B->getRHS(), *T.Chain, *T.Chain,
        [&](uint64_t X, uint64_t Y) { return combine(B->getOpcode(), X, Y); });
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee)
    return std::nullopt;
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  if ((Name == "min" || Name == "max") && Call->getNumArgs() == 2)
    return Combine(Call->getArg(0), Call->getArg(1), *T.Chain, *T.Chain,
                   [&](uint64_t X, uint64_t Y) -> std::optional<uint64_t> {
                     return Name == "min" ? std::min(X, Y) : std::max(X, Y);
                   });
  // A helper of the project: the values it returns, its parameters being
  // this call's arguments.
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return std::nullopt;
  Returns Rets;
  Rets.TraverseStmt(Def->getBody());
  if (Rets.Void || Rets.Values.empty())
    return std::nullopt;
  const CallChain *Inside = enter(Call, Def, *T.Chain);
  std::vector<uint64_t> Out;
  for (const Expr *V : Rets.Values) {
    std::optional<std::vector<uint64_t>> Vs =
        integers(V, *Inside, {}, Depth + 1);
    if (!Vs)
      return std::nullopt;
    for (uint64_t X : *Vs)
      addUnique(Out, X);
    if (Out.size() > MaxValues)
      return std::nullopt;
  }
  return Out;
}

std::optional<std::vector<BlockShape>>
HostValues::shapes(const Expr *E, const CallChain &Chain,
                   const MemberPath &Path) {
  std::vector<Term> Terms;
  if (!terms(E, Chain, Path, Terms, 0))
    return std::nullopt;
  std::vector<BlockShape> Out;
  auto Add = [&](const BlockShape &S) {
    if (S.Dim[0] && S.Dim[1] && S.Dim[2] && S.Dim[2] <= 64 &&
        S.threads() <= MaxThreadsPerBlock &&
        std::find(Out.begin(), Out.end(), S) == Out.end())
      Out.push_back(S);
  };
  for (const Term &T : Terms) {
    if (T.E->getType()->isIntegralOrEnumerationType()) {
      std::optional<std::vector<uint64_t>> Xs = integers(T.E, *T.Chain);
      if (!Xs)
        return std::nullopt;
      for (uint64_t X : *Xs)
        if (X <= MaxThreadsPerBlock)
          Add(BlockShape{{unsigned(X), 1, 1}});
      continue;
    }
    const auto *C = dyn_cast<CXXConstructExpr>(T.E);
    if (!C || C->getNumArgs() > 3)
      return std::nullopt;
    std::vector<std::vector<uint64_t>> Dims;
    for (const Expr *Arg : C->arguments()) {
      if (!Arg->getType()->isIntegralOrEnumerationType())
        return std::nullopt;
      std::optional<std::vector<uint64_t>> Xs = integers(Arg, *T.Chain);
      if (!Xs)
        return std::nullopt;
      Dims.push_back(*Xs);
    }
    Dims.resize(3, {1});
    for (uint64_t X : Dims[0])
      for (uint64_t Y : Dims[1])
        for (uint64_t Z : Dims[2])
          if (X <= MaxThreadsPerBlock && Y <= MaxThreadsPerBlock && Z <= 64)
            Add(BlockShape{{unsigned(X), unsigned(Y), unsigned(Z)}});
    if (Out.size() > MaxValues)
      return std::nullopt;
  }
  if (Out.empty())
    return std::nullopt;
  return Out;
}

std::optional<std::vector<const FunctionDecl *>>
HostValues::kernels(const Expr *E, const CallChain &Chain) {
  std::vector<Term> Terms;
  if (!terms(E, Chain, {}, Terms, 0))
    return std::nullopt;
  std::vector<const FunctionDecl *> Out;
  for (const Term &T : Terms) {
    const Expr *X = strip(T.E);
    if (const auto *U = dyn_cast<UnaryOperator>(X);
        U && U->getOpcode() == UO_AddrOf)
      X = strip(U->getSubExpr());
    const auto *Ref = dyn_cast<DeclRefExpr>(X);
    const auto *F = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
    if (F && F->hasAttr<CUDAGlobalAttr>()) {
      if (std::find(Out.begin(), Out.end(), F) == Out.end())
        Out.push_back(F);
      continue;
    }
    if (X->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      continue;
    return std::nullopt;
  }
  if (Out.empty())
    return std::nullopt;
  return Out;
}

} // namespace bankfix
