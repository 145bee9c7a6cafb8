// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AtomicRefs.cpp - cuda::atomic_ref on shared memory -----------------===//
//
// libcu++'s cuda::atomic_ref (and cuda::std::atomic_ref) wraps a reference
// to an object; its operations are inline PTX on a generic address, which
// ptxas compiles to generic instructions that reach shared memory
// (measured on an H200, docs/bank-model.md):
// - an update of a 4-byte integer (fetch_add, fetch_sub, fetch_and,
//   fetch_or, fetch_xor, fetch_min, fetch_max, exchange, ++, --, +=, -=,
//   &=, |=, ^=), whatever its scope and memory order, is a generic ATOM
//   that serves every lane of a bank on its own, lanes on one word too
//   (LaneService::EachLane); where the address is the same in every lane
//   whatever the lane (`ref(count)`), nvcc makes one lane's update of it;
// - load(), store() and the conversion are LD and ST, served as a 4-byte
//   LDS and STS are;
// - compare_exchange is served as ATOMS.CAS (two wavefronts per lane of
//   the busiest bank), which bankfix does not model; a float update is a
//   generic ATOM that shared memory refuses, then a compare-and-swap loop;
//   wider objects were not measured: these are remarked.
// Nothing merges across an atomic_ref operation.
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/AtomicRefs.h"
#include "frontend/walk/Walker.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace bankfix {
namespace walk {

namespace {

enum class RefOperation { None, Update, CompareExchange, Load, Store, Other };

/// What the call \p C does when it is an operation of an atomic_ref, and
/// the atomic_ref it is called on (\p Object).
RefOperation refOperation(const CallExpr *C, const Expr *&Object) {
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C)) {
    const CXXMethodDecl *Method = M->getMethodDecl();
    Object = M->getImplicitObjectArgument();
    if (!Object || !Method || !isAtomicRef(Object->IgnoreImplicit()->getType()))
      return RefOperation::None;
    if (isa<CXXConversionDecl>(Method))
      return RefOperation::Load;
    if (!Method->getIdentifier())
      return RefOperation::Other;
    return llvm::StringSwitch<RefOperation>(Method->getName())
        .Cases({"fetch_add", "fetch_sub", "fetch_and", "fetch_or", "fetch_xor",
                "fetch_min", "fetch_max", "exchange"},
               RefOperation::Update)
        .Cases({"compare_exchange_strong", "compare_exchange_weak"},
               RefOperation::CompareExchange)
        .Case("load", RefOperation::Load)
        .Case("store", RefOperation::Store)
        .Default(RefOperation::Other);
  }
  const auto *O = dyn_cast<CXXOperatorCallExpr>(C);
  if (!O || O->getNumArgs() < 1)
    return RefOperation::None;
  Object = O->getArg(0);
  if (!isAtomicRef(Object->IgnoreImplicit()->getType()))
    return RefOperation::None;
  switch (O->getOperator()) {
  case OO_PlusPlus:
  case OO_MinusMinus:
  case OO_PlusEqual:
  case OO_MinusEqual:
  case OO_AmpEqual:
  case OO_PipeEqual:
  case OO_CaretEqual:
    return RefOperation::Update;
  case OO_Equal:
    return RefOperation::Store;
  default:
    return RefOperation::Other;
  }
}

/// Whether \p C calls a member function named one of \p Names.
bool callsMember(const CallExpr *C, std::initializer_list<StringRef> Names) {
  const FunctionDecl *F = C->getDirectCallee();
  if (!isa<CXXMemberCallExpr>(C) || !F || !F->getIdentifier())
    return false;
  return llvm::is_contained(Names, F->getName());
}

/// Whether the update \p C adds or subtracts a constant (`fetch_add(1)`,
/// `++`, `-= 2`): measured as one lane's update when every lane names one
/// word.
bool addsConstant(ASTContext &Ctx, const CallExpr *C) {
  const Expr *Operand = nullptr;
  if (const auto *O = dyn_cast<CXXOperatorCallExpr>(C)) {
    OverloadedOperatorKind K = O->getOperator();
    if (K == OO_PlusPlus || K == OO_MinusMinus)
      return true;
    if ((K != OO_PlusEqual && K != OO_MinusEqual) || O->getNumArgs() != 2)
      return false;
    Operand = O->getArg(1);
  } else {
    if (!callsMember(C, {"fetch_add", "fetch_sub"}) || C->getNumArgs() < 1)
      return false;
    Operand = C->getArg(0);
  }
  return !Operand->isValueDependent() && Operand->isEvaluatable(Ctx);
}

std::string operationName(const CallExpr *C) {
  if (const auto *O = dyn_cast<CXXOperatorCallExpr>(C))
    return std::string("operator") + getOperatorSpelling(O->getOperator());
  const FunctionDecl *F = C->getDirectCallee();
  return F ? F->getNameAsString() : std::string("an operation");
}

} // namespace

bool isAtomicRef(QualType T) {
  const CXXRecordDecl *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!R || !R->getIdentifier() || R->getName() != "atomic_ref")
    return false;
  return StringRef(R->getQualifiedNameAsString()).starts_with("cuda::");
}

/// \p E without the casts, temporaries and copies of an atomic_ref around
/// it.
static const Expr *withoutCopies(const Expr *E) {
  for (;;) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = Cast->getSubExpr();
      continue;
    }
    const auto *Copy = dyn_cast<CXXConstructExpr>(E);
    if (!Copy || Copy->getNumArgs() != 1 ||
        !Copy->getConstructor()->isCopyOrMoveConstructor())
      return E;
    E = Copy->getArg(0);
  }
}

const Expr *atomicRefConstructedOn(const Expr *E) {
  const auto *Construct = dyn_cast<CXXConstructExpr>(withoutCopies(E));
  if (!Construct || Construct->getNumArgs() != 1 ||
      !isAtomicRef(Construct->getType()))
    return nullptr;
  return Construct->getArg(0);
}

const Expr *atomicRefVariableTarget(const Expr *E) {
  // Through copies of variables (`copy = mine`), a few deep.
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    const auto *Ref = dyn_cast<DeclRefExpr>(withoutCopies(E));
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() ||
        !isAtomicRef(V->getType()) || !V->getInit())
      return nullptr;
    if (const Expr *On = atomicRefConstructedOn(V->getInit()))
      return On;
    E = V->getInit();
  }
  return nullptr;
}

std::optional<SharedObject> Walker::atomicRefTarget(const Expr *E) {
  if (const Expr *On = atomicRefConstructedOn(E))
    return objectOf(On);
  // A copy of an atomic_ref variable or parameter: the object it is bound
  // to.
  const auto *Ref = dyn_cast<DeclRefExpr>(withoutCopies(E));
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !isAtomicRef(V->getType()))
    return std::nullopt;
  return boundObject(V);
}

bool Walker::bindAtomicRef(const VarDecl &V) {
  if (!isAtomicRef(V.getType()))
    return false;
  bindPointer(&V, V.getInit() ? atomicRefTarget(V.getInit()) : std::nullopt);
  return true;
}

bool Walker::recordAtomicRef(const CallExpr *C) {
  const Expr *Object = nullptr;
  RefOperation Op = refOperation(C, Object);
  if (Op == RefOperation::None)
    return false;
  // The object it refers to: made here, or by the variable's declaration.
  const Expr *On = atomicRefConstructedOn(Object);
  std::optional<SharedObject> Place = atomicRefTarget(Object);
  if (!Place)
    return false;
  noteBarrier();
  QualType T = (On ? On->getType() : Place->Type).getCanonicalType();
  std::string Quoted = "'" + operationName(C) + "' of a cuda::atomic_ref to '" +
                       Place->Root->getNameAsString() + "'";
  int64_t Bytes = T->isIncompleteType() || T->isDependentType()
                      ? 0
                      : Ctx.getTypeSizeInChars(T).getQuantity();
  bool Word = Bytes == 4 && (T->isIntegerType() || T->isRealFloatingType());
  std::string Why;
  if (Op == RefOperation::Other)
    Why = "bankfix models its updates, loads and stores only";
  else if (Op == RefOperation::CompareExchange)
    Why = "it compiles to a compare-and-swap that serves each lane on its "
          "own (two wavefronts per lane of the busiest bank, measured), "
          "which bankfix does not model";
  else if (Op == RefOperation::Update && T->isRealFloatingType())
    Why = "on shared memory a floating-point update is a compare-and-swap "
          "loop whose trips depend on which lanes collide";
  else if (!Word || (Op == RefOperation::Update && !T->isIntegerType()))
    Why = "bankfix models 4-byte objects only, as measured";
  if (!Why.empty()) {
    remark(C->getBeginLoc(), Quoted + " is not judged: " + Why);
    noteBarrier();
    return true;
  }
  WalkedAccess A;
  // `atomic_ref(bins[i])`: the element itself, so that a fix can rewrite
  // it; else the place, written where it is used.
  if (!(On && elementAccess(A, On)) &&
      !flatAccess(A, On ? On : Object, T, *Place)) {
    noteBarrier();
    return true;
  }
  AccessKind Kind = AccessKind::Atomic;
  if (Op == RefOperation::Load)
    Kind = AccessKind::Load;
  else if (Op == RefOperation::Store)
    Kind = AccessKind::Store;
  bool LaneDependent = false;
  for (const LaneExprPtr &I : A.Indices)
    LaneDependent =
        LaneDependent || dependsOnLane(*I) || mentions(*I, ExprKind::Unknown);
  // Every lane on one word: nvcc makes an added constant one lane's
  // update, and leaves an exchange to every lane (measured); the other
  // operations and operands were not measured.
  bool Exchange = callsMember(C, {"exchange"});
  if (Kind == AccessKind::Atomic && !LaneDependent && !Exchange &&
      !addsConstant(Ctx, C)) {
    remark(C->getBeginLoc(),
           Quoted + " is not judged: every lane updates one word, which "
                    "nvcc makes one lane's update when it adds a constant "
                    "and leaves to every lane in an exchange (measured); "
                    "for other operations and operands that is not "
                    "measured");
    noteBarrier();
    return true;
  }
  if (Kind == AccessKind::Atomic && (LaneDependent || Exchange)) {
    A.Service = LaneService::EachLane;
    A.Instruction = Quoted + ": a generic ATOM, which serves each lane of a "
                             "bank on its own, lanes on one word too";
  } else if (Kind == AccessKind::Atomic) {
    A.Instruction = Quoted + ": one lane's ATOM (the address is the same in "
                             "every lane)";
  } else {
    A.Instruction =
        Quoted + ": a generic " + (Kind == AccessKind::Load ? "LD" : "ST") +
        ", served as a 4-byte " + (Kind == AccessKind::Load ? "LDS" : "STS");
  }
  emit(std::move(A), Kind);
  noteBarrier();
  return true;
}

} // namespace walk
} // namespace bankfix
