// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CallInlining.cpp - Calls walked where they are made ----------------===//
//
// As the compiler inlines device functions, the walk follows a call into
// the callee's body: its parameters are bound to the caller's values (lane
// expressions, pointers and references into shared memory), its accesses
// are reported with the chain of calls that reached them, and its result
// (an integer, or a pointer or reference into shared memory) becomes the
// value of the call. Recursion, nesting deeper than MaxCallDepth, and
// shared memory handed to a function whose body is not visible are said
// in a remark.
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/AtomicRefs.h"
#include "frontend/walk/Walker.h"

#include "frontend/analysis/SharedAccessFinder.h"
#include "frontend/walk/CallEffects.h"
#include "frontend/walk/CooperativeGroups.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace bankfix {
namespace walk {

namespace {

/// Calls followed inside one another, at most.
constexpr unsigned MaxCallDepth = 16;

/// The __shared__ variable \p E names a part of (`temp.load`, a member
/// of a union included, `tile[i]`), or null.
const VarDecl *sharedRootOf(const Expr *E) {
  while (E) {
    E = skipWrappers(E)->IgnoreImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->isArrow() ? nullptr : M->getBase();
    else if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
      E = S->getBase();
    else if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      // An object clang refused and nvcc accepts (a cuda::barrier, left
      // invalid) holds nothing bankfix judges.
      return V && V->hasAttr<CUDASharedAttr>() && !V->isInvalidDecl() ? V
                                                                      : nullptr;
    } else
      return nullptr;
  }
  return nullptr;
}

/// What the object \p Object was constructed with, when it is made here
/// (`Load(temp).Load(...)`) or is a local object made by a constructor:
/// it may keep them.
std::vector<const Expr *> constructorArguments(const Expr *Object) {
  Object = skipWrappers(Object)->IgnoreImpCasts();
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(Object))
    Object = skipWrappers(F->getSubExpr())->IgnoreImpCasts();
  if (const auto *R = dyn_cast<DeclRefExpr>(Object))
    if (const auto *V = dyn_cast<VarDecl>(R->getDecl());
        V && V->hasLocalStorage() && V->getInit())
      Object = V->getInit()->IgnoreImplicit();
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(Object))
    Object = skipWrappers(F->getSubExpr())->IgnoreImpCasts();
  const auto *C = dyn_cast<CXXConstructExpr>(Object);
  if (!C)
    return {};
  return {C->arg_begin(), C->arg_end()};
}

std::string nameOf(const FunctionDecl &F) {
  if (isa<CXXMethodDecl>(F) && cast<CXXMethodDecl>(F).getParent()->isLambda())
    return "the lambda";
  return "'" + functionDisplayName(F) + "'";
}

} // namespace

const std::pair<const Expr *, const FunctionDecl *> *
Walker::userEntry(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto InLibrary = [&](SourceLocation L) {
    return SM.isInSystemHeader(SM.getExpansionLoc(L));
  };
  if (!InLibrary(Loc))
    return nullptr;
  for (size_t I = Entries.size(); I-- > 0;)
    if (!InLibrary(Entries[I].first->getBeginLoc()))
      return &Entries[I];
  return nullptr;
}

void Walker::remark(SourceLocation Loc, std::string Message) {
  // Said of library code: at the user's call that runs it, as its
  // accesses are reported.
  if (const auto *Entry = userEntry(Loc)) {
    Message = "in the library code that '" +
              Entry->second->getQualifiedNameAsString() + "' runs, " + Message;
    Loc = Entry->first->getBeginLoc();
  }
  for (const WalkRemark &R : Result.Remarks)
    if (R.Loc == Loc && R.Message == Message)
      return;
  Result.Remarks.push_back({Loc, std::move(Message)});
}

bool Walker::refuseCall(const CallExpr *C, const FunctionDecl *F) {
  bool Recursive = F->getCanonicalDecl() == Function.getCanonicalDecl();
  for (const CallFrame &Frame : Frames)
    Recursive =
        Recursive || Frame.Callee->getCanonicalDecl() == F->getCanonicalDecl();
  if (Recursive) {
    remark(C->getBeginLoc(),
           "this recursive call of " + nameOf(*F) +
               " is not followed: the shared accesses it makes are not "
               "judged");
    return true;
  }
  if (Frames.size() >= MaxCallDepth) {
    remark(C->getBeginLoc(),
           "calls nested more than " + std::to_string(MaxCallDepth) +
               " deep are not followed: the shared accesses of " + nameOf(*F) +
               " here are not judged");
    return true;
  }
  return false;
}

const FunctionDecl *Walker::visibleDefinition(const FunctionDecl *F) const {
  const FunctionDecl *Def = nullptr;
  if (!F || !F->hasBody(Def) || !Def || Def->isImplicit() ||
      Def->isDefaulted() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return nullptr;
  return Def;
}

const VarDecl *Walker::sharedRootPassed(const Expr *Arg, bool ByReference) {
  std::optional<SharedObject> P =
      Arg->getType()->isPointerType() ? pointeeOf(Arg) : std::nullopt;
  bool Place = Arg->isLValue() &&
               (ByReference || !Arg->getType()->isIntegralOrEnumerationType());
  if (!P && Place)
    P = objectOf(Arg);
  return P ? P->Root : Place ? sharedRootOf(Arg) : nullptr;
}

std::vector<std::pair<const Expr *, const VarDecl *>>
Walker::sharedArguments(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  // The arguments (an integer one too where its parameter is a reference:
  // `swap(s[a], s[b])`) and, for a member function (a conversion operator
  // of a __half, say), the object it is called on.
  std::vector<std::pair<const Expr *, bool>> Passed;
  unsigned First = Callee ? firstArgument(C, *Callee) : 0;
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    bool ByReference =
        Callee && I >= First && I - First < Callee->getNumParams() &&
        Callee->getParamDecl(I - First)->getType()->isReferenceType();
    Passed.push_back({C->getArg(I), ByReference});
  }
  // And what that object was made with, which it may keep (a CUB block
  // primitive constructed on its TempStorage).
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C))
    if (const Expr *Object = M->getImplicitObjectArgument()) {
      Passed.insert(Passed.begin(), {Object, false});
      for (const Expr *Kept : constructorArguments(Object))
        Passed.push_back({Kept, false});
    }
  std::vector<std::pair<const Expr *, const VarDecl *>> Out;
  for (const auto &[Arg, ByReference] : Passed)
    if (const VarDecl *Root = sharedRootPassed(Arg, ByReference))
      Out.push_back({Arg, Root});
  return Out;
}

bool Walker::keepsShared(const CallExpr *C) {
  const auto *M = dyn_cast<CXXMemberCallExpr>(C);
  const Expr *Object =
      M ? skipWrappers(M->getImplicitObjectArgument())->IgnoreImpCasts()
        : nullptr;
  // A local object only: a temporary's state would be made again.
  if (!Object || !isa<DeclRefExpr>(Object))
    return false;
  ObjectStatePtr State = objectState(Object);
  return State && !State->Places.empty();
}

bool Walker::walksCall(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  if (!Callee ||
      ((Callee->isImplicit() || Callee->isDefaulted()) && Callee->isTrivial()))
    return false;
  if (visibleDefinition(Callee))
    return true;
  return libraryDefinition(Callee) &&
         entersLibrary(C, !sharedArguments(C).empty());
}

bool Walker::entersLibrary(const CallExpr *C, bool SharedArguments) {
  return SharedArguments || inLibrary() || keepsShared(C);
}

const FunctionDecl *Walker::libraryDefinition(const FunctionDecl *F) const {
  const FunctionDecl *Def = nullptr;
  if (!Options.LibraryCode || !F || !F->hasBody(Def) || !Def ||
      Def->isImplicit() || Def->isDefaulted() ||
      !Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return nullptr;
  // threadIdx and its kin, and the intrinsics (__popc, fences), are
  // wrappers of clang's and the toolkit's builtins: their effects are
  // modelled (CallEffects.h), their bodies say no more.
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef File = llvm::sys::path::filename(
      SM.getFilename(SM.getExpansionLoc(Def->getLocation())));
  if (File.starts_with("__clang_cuda") || File.contains("_intrinsics") ||
      invisibleCallEffect(Def) != CallEffect::MaySplit)
    return nullptr;
  return Def;
}

bool Walker::inLibrary() const {
  return std::any_of(Entries.begin(), Entries.end(), [&](const auto &Entry) {
    return Ctx.getSourceManager().isInSystemHeader(Entry.second->getLocation());
  });
}

void Walker::bindParameters(const CallExpr *C, const FunctionDecl &F) {
  unsigned First = firstArgument(C, F);
  std::vector<const Expr *> Args;
  for (unsigned I = First; I < C->getNumArgs(); ++I)
    Args.push_back(C->getArg(I));
  bindArguments(Args, F);
}

void Walker::bindArguments(llvm::ArrayRef<const Expr *> Args,
                           const FunctionDecl &F) {
  for (unsigned I = 0; I < F.getNumParams(); ++I) {
    const ParmVarDecl *P = F.getParamDecl(I);
    const Expr *Arg = I < Args.size() ? Args[I] : P->getDefaultArg();
    QualType T = P->getType();
    bindPointer(P, std::nullopt);
    Values.erase(P);
    if (!Arg)
      continue;
    bool Integer = T.getNonReferenceType()->isIntegralOrEnumerationType();
    std::optional<SharedObject> Place;
    if (isAtomicRef(T))
      Place = atomicRefTarget(Arg);
    else if (T->isPointerType())
      Place = pointeeOf(Arg);
    else if (T->isLValueReferenceType())
      Place = objectOf(Arg);
    if (Place)
      bindPointer(P, Place);
    else if (Integer)
      Values[P] = LaneExpr::cast(translate(Arg), intTypeOf(T));
  }
}

void Walker::noteNarrowedArguments(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  // A function nvcc does not inline receives the whole vector.
  if (!Callee || !Callee->hasBody(Def) || !Def || Def->hasAttr<NoInlineAttr>())
    return;
  unsigned First = firstArgument(C, *Def);
  for (unsigned I = 0; I < Def->getNumParams() && I + First < C->getNumArgs();
       ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const auto *Copy =
        dyn_cast<CXXConstructExpr>(C->getArg(I + First)->IgnoreImplicit());
    if (!P->getType()->isRecordType() || !Copy || Copy->getNumArgs() != 1)
      continue;
    if (std::optional<NarrowedLoad> N = narrowedVectorLoad(Ctx, *P))
      NarrowedLoads[Copy->getArg(0)->IgnoreParens()] = *N;
  }
}

void Walker::noteReturn(const Expr *Value) {
  if (Frames.empty() || !Value)
    return;
  CallFrame &Frame = Frames.back();
  ++Frame.Returns;
  QualType T = Frame.Callee->getReturnType();
  if (T->isPointerType())
    Frame.Place = pointeeOf(Value);
  else if (T->isLValueReferenceType())
    Frame.Place = objectOf(Value);
  else if (T->isIntegralOrEnumerationType())
    Frame.Value = LaneExpr::cast(translate(Value), intTypeOf(T));
}

void Walker::inlineCall(const CallExpr *C) {
  if (isBarrierCall(C)) {
    noteBarrier();
    return;
  }
  const FunctionDecl *Callee = C->getDirectCallee();
  // Copies and moves the compiler writes: the scanner records them as a
  // load and a store.
  if (Callee && (Callee->isImplicit() || Callee->isDefaulted()) &&
      Callee->isTrivial())
    return;
  const FunctionDecl *Def = visibleDefinition(Callee);
  if (!Def) {
    // A cooperative group's query (its size, a thread's rank) is a value.
    if (groupQueryValue(C, {LaneExpr::blockDim(0), LaneExpr::blockDim(1),
                            LaneExpr::blockDim(2)}))
      return;
    if (recordAtomic(C) || recordAtomicRef(C) || recordTileCall(C) ||
        recordAsyncCopy(C))
      return;
    // An address conversion: it reads no memory.
    if (Callee && Callee->getIdentifier() &&
        Callee->getName() == "__cvta_generic_to_shared")
      return;
    std::vector<std::pair<const Expr *, const VarDecl *>> SharedArguments =
        sharedArguments(C);
    // Library code (a system header's block primitive) is walked where it
    // is given shared memory, and all it calls from there.
    Def = libraryDefinition(Callee);
    if (Def && entersLibrary(C, !SharedArguments.empty()))
      return walkCall(C, *Def);
    bool SharedArgument = !SharedArguments.empty();
    for (const auto &[Arg, Root] : SharedArguments)
      remark(Arg->getBeginLoc(),
             "'" + Root->getNameAsString() + "' is passed to " +
                 (Callee ? nameOf(*Callee) : std::string("a function")) +
                 ", whose body bankfix cannot see: its shared accesses "
                 "there are not judged");
    // What it does with the shared memory it is given cannot be seen:
    // nothing merges across it.
    CallEffect Effect =
        SharedArgument ? CallEffect::Splits : invisibleCallEffect(Callee);
    if (Effect == CallEffect::Splits)
      noteBarrier();
    else if (Effect == CallEffect::MaySplit)
      noteMaySplit("a call of " +
                       (Callee ? nameOf(*Callee) : std::string("a function")) +
                       ", whose code bankfix cannot see, runs between them",
                   !exchangesWithinWarp(Callee));
    return;
  }
  walkCall(C, *Def);
}

void Walker::walkCall(const CallExpr *C, const FunctionDecl &Definition) {
  const FunctionDecl *Def = &Definition;
  if (refuseCall(C, Def))
    return;
  // The object a member function runs on, read in the caller's frame.
  ObjectStatePtr This;
  const Expr *Object = nullptr;
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C))
    Object = M->getImplicitObjectArgument();
  else if (const auto *Method = dyn_cast<CXXMethodDecl>(Def);
           isa<CXXOperatorCallExpr>(C) && Method && Method->isInstance() &&
           C->getNumArgs() > 0)
    Object = C->getArg(0);
  std::optional<SharedObject> ThisPlace;
  if (Object) {
    This = objectState(Object);
    ThisPlace = Object->getType()->isPointerType() ? pointeeOf(Object)
                                                   : objectOf(Object);
  }
  bindParameters(C, *Def);
  CallFrame New;
  New.Call = C;
  New.Callee = Def;
  New.This = std::move(This);
  New.ThisPlace = std::move(ThisPlace);
  Frames.push_back(std::move(New));
  Entries.push_back({C, Def});
  // In the callee, `this` is its own object, not one whose constructor's
  // initialisers made the call.
  ObjectStatePtr OuterConstructing = std::move(Constructing);
  Constructing = nullptr;
  walk(Def->getBody());
  Constructing = std::move(OuterConstructing);
  CallFrame Frame = std::move(Frames.back());
  Frames.pop_back();
  Entries.pop_back();
  if (Frame.Returns == 1) {
    if (Frame.Value)
      CallValues[C] = Frame.Value;
    if (Frame.Place)
      CallObjects[C] = *Frame.Place;
  } else if (Frame.Returns > 1) {
    CallValues[C] = LaneExpr::unknown(
        functionDisplayName(*Def) + "()",
        "is returned from more than one place of " + nameOf(*Def));
  }
}

} // namespace walk
} // namespace bankfix
