// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SharedAtomics.cpp - Atomic functions on shared memory --------------===//
//
// atomicAdd and its kin on a 4-byte integer in shared memory compile to
// ATOMS, which the bank model serves as it serves a 4-byte load: the
// lanes' distinct words in one bank take a wavefront each (measured on an
// H200 for Add, Sub, Exch, Min, Max, Inc, Dec, And, Or, Xor and the _block
// forms: docs/bank-model.md). Lanes on one word share it only in
// `atomicAdd(p, 1)` with its result unused (ATOMS.POPC.INC); otherwise
// they are served one by one (atomicInc) or combined by nvcc (a
// warp-uniform address), and such a warp is not judged. Other forms
// are remarked with what they compile to: atomicCAS serves every lane on
// its own (two wavefronts per lane of a bank), a float or 64-bit add is a
// compare-and-swap loop whose trips depend on which lanes collide.
// Nothing merges across an atomic: it writes the array.
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/Walker.h"

#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace bankfix {
namespace walk {

namespace {

enum class AtomicForm { None, Native, CompareAndSwap };

/// What \p Name (an atomic function's, its _block or _system suffix
/// removed) compiles to on a 4-byte integer.
AtomicForm atomicForm(StringRef Name) {
  Name.consume_back("_block") || Name.consume_back("_system");
  return llvm::StringSwitch<AtomicForm>(Name)
      .Cases({"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax"},
             AtomicForm::Native)
      .Cases({"atomicInc", "atomicDec", "atomicAnd", "atomicOr", "atomicXor"},
             AtomicForm::Native)
      .Case("atomicCAS", AtomicForm::CompareAndSwap)
      .Default(AtomicForm::None);
}

/// Whether \p C is `atomicAdd(p, 1)` (or its _block form) whose result is
/// not used: nvcc makes it ATOMS.POPC.INC, which counts the lanes on one
/// word in one update; every other atomic serves them one by one.
bool countsLanes(ASTContext &Ctx, const CallExpr *C, StringRef Name) {
  if ((Name != "atomicAdd" && Name != "atomicAdd_block") ||
      C->getNumArgs() != 2)
    return false;
  Expr::EvalResult One;
  if (C->getArg(1)->isValueDependent() ||
      !C->getArg(1)->EvaluateAsInt(One, Ctx) || One.Val.getInt() != 1)
    return false;
  // Its value is discarded: a statement of a block or a branch's or loop's
  // body, a for loop's increment, or cast to void.
  const Stmt *Child = C;
  DynTypedNode Node = DynTypedNode::create(*C);
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return false;
    const Stmt *Parent = Parents[0].get<Stmt>();
    if (!Parent)
      return false;
    if (isa<ExprWithCleanups>(Parent) ||
        (isa<CastExpr>(Parent) &&
         cast<CastExpr>(Parent)->getType()->isVoidType())) {
      Child = Parent;
      Node = Parents[0];
      continue;
    }
    if (isa<CompoundStmt>(Parent))
      return true;
    if (const auto *If = dyn_cast<IfStmt>(Parent))
      return Child == If->getThen() || Child == If->getElse();
    if (const auto *For = dyn_cast<ForStmt>(Parent))
      return Child == For->getInc() || Child == For->getBody();
    if (const auto *While = dyn_cast<WhileStmt>(Parent))
      return Child == While->getBody();
    if (const auto *Do = dyn_cast<DoStmt>(Parent))
      return Child == Do->getBody();
    return false;
  }
}

} // namespace

bool Walker::recordAtomic(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || C->getNumArgs() < 1)
    return false;
  StringRef Name = Callee->getName();
  AtomicForm Form = atomicForm(Name);
  const Expr *Pointer = C->getArg(0);
  if (Form == AtomicForm::None || !Pointer->getType()->isPointerType())
    return false;
  std::optional<SharedObject> Place = pointeeOf(Pointer);
  if (!Place)
    return false;
  // Nothing merges across it, whether it is judged or not.
  noteBarrier();
  QualType T = Pointer->getType()->getPointeeType().getCanonicalType();
  std::string Quoted =
      "'" + Name.str() + "' on '" + Place->Root->getNameAsString() + "'";
  bool Word =
      T->isIntegerType() && Ctx.getTypeSizeInChars(T).getQuantity() == 4;
  if (Form == AtomicForm::CompareAndSwap) {
    remark(C->getBeginLoc(),
           Quoted + " is not judged: ATOMS.CAS serves each lane on its own "
                    "(two wavefronts per lane of the busiest bank, "
                    "measured), which bankfix does not model");
    return true;
  }
  if (!Word) {
    std::string Type =
        T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    // Measured: a float add, and a 64-bit integer add, min, max or and.
    int64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
    bool Loop =
        (T->isRealFloatingType() && Bytes == 4 &&
         Name.starts_with("atomicAdd")) ||
        (T->isIntegerType() && Bytes == 8 &&
         (Name.starts_with("atomicAdd") || Name.starts_with("atomicMin") ||
          Name.starts_with("atomicMax") || Name.starts_with("atomicAnd")));
    remark(C->getBeginLoc(),
           Quoted + " (" + Type + ") is not judged: " +
               (Loop ? "on shared memory it compiles to a compare-and-swap "
                       "loop whose trips depend on which lanes collide"
                     : "bankfix models the 4-byte integer atomics only, "
                       "as measured"));
    return true;
  }
  WalkedAccess A;
  A.EachLaneAtomic = !countsLanes(Ctx, C, Name);
  const auto *AddrOf = dyn_cast<UnaryOperator>(Pointer->IgnoreParenImpCasts());
  if (AddrOf && AddrOf->getOpcode() == UO_AddrOf) {
    // `&bins[i]`: the element itself, so that a fix can rewrite it.
    if (elementAccess(A, AddrOf->getSubExpr())) {
      emit(std::move(A), AccessKind::Atomic);
      noteBarrier();
      return true;
    }
  }
  if (flatAccess(A, Pointer, T, *Place))
    emit(std::move(A), AccessKind::Atomic);
  noteBarrier();
  return true;
}

} // namespace walk
} // namespace bankfix
