// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ObjectFields.cpp - Objects that hold shared memory -----------------===//
//
// Block-wide helpers are often classes: a constructor keeps a reference to
// a struct in shared memory and the thread's index in fields
// (`Exchange(TempStorage &t) : temp(t), tid(threadIdx.x) {}`), and member
// functions index through them (`temp.buf[tid * 2]`). The walk reads the
// constructor's initialisers where the object is made (a local object, or
// a temporary a member function is called on) and walks each member
// function called on it with those fields: a reference field keeps its
// place for the object's life; a pointer or integer field only when
// nothing writes it after the constructor (no member function of its
// class, no statement where the object lives, and neither `this` nor the
// object escapes to code that could).
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/Walker.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace bankfix {
namespace walk {

namespace {

/// \p E without parentheses and the casts that only add `const`: a
/// conversion to a base class is a use of its own.
const Expr *withoutNoOpCasts(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    const auto *C = dyn_cast<ImplicitCastExpr>(E);
    if (!C || C->getCastKind() != CK_NoOp)
      return E;
    E = C->getSubExpr();
  }
}

/// Counts how a body uses one field and `this`: every mention of the
/// field, the mentions that only read its value, and whether `this` is
/// used other than to name a member.
class FieldUses : public DynamicRecursiveASTVisitor {
public:
  explicit FieldUses(const FieldDecl *F) : F(F) {}

  bool VisitMemberExpr(MemberExpr *M) override {
    if (M->getMemberDecl() == F)
      ++Mentions;
    if (isa<CXXThisExpr>(withoutNoOpCasts(M->getBase())))
      ++ThisAsBase;
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) override {
    if (C->getCastKind() == CK_LValueToRValue)
      if (const auto *M = dyn_cast<MemberExpr>(C->getSubExpr()->IgnoreParens()))
        if (M->getMemberDecl() == F)
          ++Reads;
    return true;
  }
  bool VisitCXXThisExpr(CXXThisExpr *) override {
    ++ThisUses;
    return true;
  }

  /// Whether the body may change the field or hand `this` on.
  bool mayChange() const { return Mentions > Reads || ThisUses > ThisAsBase; }

private:
  const FieldDecl *F;
  unsigned Mentions = 0, Reads = 0, ThisUses = 0, ThisAsBase = 0;
};

/// Counts the mentions of a local object: those that name one of its
/// members (`obj.f`, `obj.run()`) and the others (a copy, `&obj`, an
/// argument), through which it could change.
class ObjectUses : public DynamicRecursiveASTVisitor {
public:
  explicit ObjectUses(const VarDecl *V) : V(V) {}

  bool VisitDeclRefExpr(DeclRefExpr *R) override {
    if (R->getDecl() == V)
      ++Mentions;
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) override {
    if (!M->isArrow() && names(M->getBase()))
      ++AsBase;
    return true;
  }
  /// `obj(i)` through an operator the class defines, whose body the walk
  /// reads with the class's (an assignment, implicit or defaulted, is not
  /// one: it writes every field).
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) override {
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee());
    if (Method && Method->isInstance() && !Method->isImplicit() &&
        !Method->isDefaulted() && C->getNumArgs() > 0 && names(C->getArg(0)))
      ++AsBase;
    return true;
  }

  bool escapes() const { return Mentions > AsBase; }

private:
  bool names(const Expr *E) const {
    const auto *R = dyn_cast<DeclRefExpr>(withoutNoOpCasts(E));
    return R && R->getDecl() == V;
  }

  const VarDecl *V;
  unsigned Mentions = 0, AsBase = 0;
};

/// The expression a field is initialised with, without the nodes that
/// only wrap it (`temp{t}`, `temp(t)`, a default member initialiser).
const Expr *initialiserValue(const Expr *E) {
  while (E) {
    E = skipWrappers(E);
    if (const auto *D = dyn_cast<CXXDefaultInitExpr>(E))
      E = D->getExpr();
    else if (const auto *L = dyn_cast<InitListExpr>(E))
      E = L->getNumInits() == 1 ? L->getInit(0) : nullptr;
    else if (const auto *P = dyn_cast<ParenListExpr>(E))
      E = P->getNumExprs() == 1 ? P->getExpr(0) : nullptr;
    else
      return E;
  }
  return nullptr;
}

/// Whether \p Class (or a base) has a reference or pointer field: an
/// object that may keep shared memory it was not handed.
bool keepsPlaces(const CXXRecordDecl *Class) {
  if (!Class || !Class->hasDefinition())
    return false;
  Class = Class->getDefinition();
  for (const FieldDecl *F : Class->fields())
    if (F->getType()->isReferenceType() || F->getType()->isPointerType())
      return true;
  for (const CXXBaseSpecifier &Base : Class->bases())
    if (keepsPlaces(Base.getType()->getAsCXXRecordDecl()))
      return true;
  return false;
}

} // namespace

/// Whether code of \p Class or of its bases may change \p F after its
/// object is constructed: a member function (or a member template's
/// instance, or its pattern) writes it or hands `this` on, a constructor's
/// initialiser or a default member initialiser binds it or `this` to
/// something else, or a member function whose body is not visible may run.
static bool classMayChange(const CXXRecordDecl *Class, const FieldDecl *F) {
  if (!Class || !Class->hasDefinition())
    return true;
  Class = Class->getDefinition();
  // A friend may change it where the walk cannot see.
  if (Class->hasFriends())
    return true;
  FieldUses Uses(F);
  auto Scan = [&](const FunctionDecl *M) {
    const FunctionDecl *Def = nullptr;
    // A member of a template's instance that nothing uses has no body:
    // it is never instantiated, so it never runs.
    if ((!M->hasBody(Def) || !Def) && M->isTemplateInstantiation())
      return false;
    if (!Def)
      return !M->isDeleted() && !M->isImplicit() &&
             !isa<CXXConstructorDecl>(M) && !isa<CXXDestructorDecl>(M);
    Uses.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
    if (const auto *C = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *Init : C->inits())
        Uses.TraverseStmt(const_cast<Expr *>(Init->getInit()));
    return false;
  };
  for (const Decl *D : Class->decls()) {
    if (const auto *M = dyn_cast<CXXMethodDecl>(D)) {
      if (Scan(M))
        return true;
    } else if (const auto *T = dyn_cast<FunctionTemplateDecl>(D)) {
      if (const FunctionDecl *Pattern = T->getTemplatedDecl())
        if (const Stmt *Body = Pattern->getBody())
          Uses.TraverseStmt(const_cast<Stmt *>(Body));
      for (const FunctionDecl *Instance : T->specializations())
        if (Scan(Instance))
          return true;
    } else if (const auto *Field = dyn_cast<FieldDecl>(D)) {
      if (const Expr *Init = Field->getInClassInitializer())
        Uses.TraverseStmt(const_cast<Expr *>(Init));
    }
  }
  if (Uses.mayChange())
    return true;
  for (const CXXBaseSpecifier &Base : Class->bases())
    if (classMayChange(Base.getType()->getAsCXXRecordDecl(), F))
      return true;
  return false;
}

bool Walker::fixedAfterConstruction(const FieldDecl *F, const Stmt *Body) {
  auto Key = std::make_pair(F, Body);
  auto Known = FixedFields.find(Key);
  if (Known != FixedFields.end())
    return Known->second;
  const auto *Class = dyn_cast<CXXRecordDecl>(F->getParent());
  // A mutable field may change in a const member function; a bit-field or
  // a union's member is not the value it was given.
  bool Fixed = Class && !F->isMutable() && !F->isBitField() &&
               !Class->isUnion() && !classMayChange(Class, F);
  if (Fixed && Body) {
    FieldUses Uses(F);
    Uses.TraverseStmt(const_cast<Stmt *>(Body));
    Fixed = !Uses.mayChange();
  }
  FixedFields[Key] = Fixed;
  return Fixed;
}

std::shared_ptr<ObjectState>
Walker::constructObject(const CXXConstructExpr *C) {
  const auto *Constructor = dyn_cast_or_null<CXXConstructorDecl>(
      visibleDefinition(C->getConstructor()));
  // A library's object (a block primitive) made on shared memory, made
  // in library code, or of a class that keeps references or pointers (its
  // own __shared__ storage: `BlockExchange()`): its initialisers are
  // library code too.
  if (!Constructor) {
    Constructor = dyn_cast_or_null<CXXConstructorDecl>(
        libraryDefinition(C->getConstructor()));
    if (Constructor && !inLibrary() && !keepsPlaces(Constructor->getParent()) &&
        std::none_of(C->arg_begin(), C->arg_end(), [&](const Expr *Arg) {
          return sharedRootPassed(Arg) != nullptr;
        }))
      Constructor = nullptr;
  }
  if (!Constructor)
    return nullptr;
  std::vector<const Expr *> Args(C->arg_begin(), C->arg_end());
  bindArguments(Args, *Constructor);
  const Stmt *Where = currentBody();
  auto State = std::make_shared<ObjectState>();
  ObjectStatePtr Outer = std::move(Constructing);
  // An initialiser may read a field initialised before it.
  Constructing = State;
  Entries.push_back({C, Constructor});
  const CXXRecordDecl *Class = Constructor->getParent();
  for (const CXXCtorInitializer *Init : Constructor->inits()) {
    // A base's constructor: the fields it sets that this class does not
    // change either.
    if (Init->isBaseInitializer()) {
      const auto *BaseCtor = dyn_cast_or_null<CXXConstructExpr>(
          skipWrappers(Init->getInit())->IgnoreImplicit());
      std::shared_ptr<ObjectState> Base =
          BaseCtor ? constructObject(BaseCtor) : nullptr;
      if (!Base)
        continue;
      for (const auto &[F, P] : Base->Places)
        if (F->getType()->isReferenceType() || !classMayChange(Class, F))
          State->Places.insert({F, P});
      for (const auto &[F, V] : Base->Values)
        if (!classMayChange(Class, F))
          State->Values.insert({F, V});
      State->Remarked.insert(Base->Remarked.begin(), Base->Remarked.end());
      continue;
    }
    if (!Init->isMemberInitializer())
      continue;
    const FieldDecl *F = Init->getMember();
    const Expr *Value = initialiserValue(Init->getInit());
    if (!Value)
      continue;
    // Its loads and calls run here (`temp(storage.Alias())`, `lane(LaneId())`).
    walkExpr(Value);
    QualType T = F->getType();
    if (T->isReferenceType()) {
      if (std::optional<SharedObject> P = objectOf(Value))
        State->Places[F] = *P;
      continue;
    }
    if (!T->isPointerType() && !T->isIntegralOrEnumerationType())
      continue;
    std::optional<SharedObject> P =
        T->isPointerType() ? pointeeOf(Value) : std::nullopt;
    if (!fixedAfterConstruction(F, Where)) {
      if (P) {
        State->Remarked.insert(P->Root);
        remark(Value->getBeginLoc(),
               "'" + P->Root->getNameAsString() + "' is kept in the field '" +
                   F->getNameAsString() +
                   "', which may change after the constructor: the shared "
                   "accesses made through it are not judged");
      }
      continue;
    }
    if (P)
      State->Places[F] = *P;
    else if (T->isIntegralOrEnumerationType())
      State->Values[F] = LaneExpr::cast(translate(Value), intTypeOf(T));
  }
  Entries.pop_back();
  Constructing = std::move(Outer);
  return State;
}

const Walker::CallFrame *Walker::frameOfThis(const CXXThisExpr &This) const {
  const CXXRecordDecl *Class =
      This.getType()->getPointeeType()->getAsCXXRecordDecl();
  for (size_t I = Frames.size(); I-- > 0;) {
    const auto *Method = dyn_cast<CXXMethodDecl>(Frames[I].Callee);
    // A lambda's body names the `this` it captured: its method's.
    if (Method && Method->getParent()->isLambda())
      continue;
    if (Method && Method->isInstance() && Class &&
        Method->getParent()->getCanonicalDecl() == Class->getCanonicalDecl())
      return &Frames[I];
    return nullptr;
  }
  return nullptr;
}

ObjectStatePtr Walker::objectState(const Expr *E) {
  while (true) {
    E = skipWrappers(E);
    if (const auto *C = dyn_cast<ImplicitCastExpr>(E);
        C &&
        (C->getCastKind() == CK_NoOp || C->getCastKind() == CK_DerivedToBase ||
         C->getCastKind() == CK_UncheckedDerivedToBase))
      E = C->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else
      break;
  }
  if (const auto *This = dyn_cast<CXXThisExpr>(E)) {
    if (Constructing)
      return Constructing;
    const CallFrame *F = frameOfThis(*This);
    return F ? F->This : nullptr;
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    auto It = Objects.find(dyn_cast<VarDecl>(R->getDecl()));
    return It == Objects.end() ? nullptr : It->second;
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return constructObject(C);
  return nullptr;
}

ObjectStatePtr Walker::ownerState(const MemberExpr *M) {
  const Expr *Base = M->getBase()->IgnoreParenImpCasts();
  // `this->f`, or `obj.f` of a local object.
  if (M->isArrow() ? !isa<CXXThisExpr>(Base) : !isa<DeclRefExpr>(Base))
    return nullptr;
  return objectState(Base);
}

std::optional<SharedObject> Walker::fieldPlace(const MemberExpr *M) {
  const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
  ObjectStatePtr Owner = F ? ownerState(M) : nullptr;
  if (!Owner)
    return std::nullopt;
  auto It = Owner->Places.find(F);
  if (It == Owner->Places.end())
    return std::nullopt;
  return It->second;
}

LaneExprPtr Walker::fieldValue(const MemberExpr *M) {
  const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
  if (!F)
    return nullptr;
  ObjectStatePtr Owner = ownerState(M);
  if (Owner)
    if (LaneExprPtr V = Owner->Values.lookup(F))
      return V;
  // A field of the object a member function runs on: say why its value
  // is not known.
  if (!isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return LaneExpr::unknown(
      F->getNameAsString(),
      F->isBitField() ? "is a bit-field, whose value bankfix does not follow"
      : Owner         ? "is a field that may change after its object's "
                        "constructor"
              : "is a field of an object whose construction bankfix does not "
                "follow here (made elsewhere, or handed to code that may "
                "change it)");
}

ObjectStatePtr Walker::noteObject(const VarDecl &V) {
  Objects.erase(&V);
  const Expr *Init = V.getInit()->IgnoreImplicit();
  // `auto p = Prim(temp);`
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(Init))
    Init = F->getSubExpr()->IgnoreImplicit();
  const auto *C = dyn_cast_or_null<CXXConstructExpr>(Init);
  if (!C)
    return nullptr;
  const Stmt *Where = currentBody();
  auto Known = EscapingObjects.find(&V);
  if (Known == EscapingObjects.end()) {
    ObjectUses Uses(&V);
    if (Where)
      Uses.TraverseStmt(const_cast<Stmt *>(Where));
    Known = EscapingObjects.insert({&V, Uses.escapes()}).first;
  }
  std::shared_ptr<ObjectState> State = constructObject(C);
  if (!State)
    return nullptr;
  // Handed to code that may change it: only its references stay known.
  if (Known->second) {
    for (auto It = State->Places.begin(); It != State->Places.end();)
      if (!It->first->getType()->isReferenceType())
        State->Places.erase(It++);
      else
        ++It;
    State->Values.clear();
  }
  if (!State->Places.empty() || !State->Values.empty())
    Objects[&V] = State;
  return State;
}

} // namespace walk
} // namespace bankfix
