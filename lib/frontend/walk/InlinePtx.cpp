// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- InlinePtx.cpp - ldmatrix, stmatrix and cp.async in inline PTX ------===//
//
// Tensor-core kernels move tiles with PTX written in asm statements:
// `ldmatrix.sync.aligned.m8n8.x4.shared.b16 {...}, [%4];` with the address
// operand `__cvta_generic_to_shared(&tile[r][c])`, or an integer variable
// initialised with it (plus a byte offset). Such an ldmatrix (stmatrix) is
// recorded as a 16-byte load (store) of the rows its lanes name, served a
// matrix at a time (LaneService::MatrixRows; .x1 and .x2 take the rows of
// lanes 0-7 and 0-15), as measured. cp.async's wavefronts on the H100
// depend on the global source's layout too (measured), so it is remarked,
// not judged; other loads, stores and atomics on shared memory get a
// remark. An asm statement bankfix does not read is walked as before: its
// operands' values, nothing it does to shared memory.
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/Walker.h"

#include "llvm/Support/Regex.h"

using namespace clang;

namespace bankfix {
namespace walk {

namespace {

constexpr IntType Long = {64, true, false};

/// `__cvta_generic_to_shared(p)`'s pointer argument, under casts.
const Expr *cvtaArgument(const Expr *E) {
  E = E->IgnoreParenCasts();
  const auto *C = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier() || C->getNumArgs() != 1 ||
      F->getName() != "__cvta_generic_to_shared")
    return nullptr;
  return C->getArg(0);
}

/// An asm operand's index in \p A: `%4` -> input 4 - outputs.
const Expr *inputOperand(const GCCAsmStmt *A, StringRef Number) {
  unsigned N = 0;
  if (Number.getAsInteger(10, N) || N < A->getNumOutputs() ||
      N >= A->getNumOutputs() + A->getNumInputs())
    return nullptr;
  return A->getInputExpr(N - A->getNumOutputs());
}

} // namespace

std::optional<SharedObject> Walker::sharedWindowAddress(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const Expr *P = cvtaArgument(E))
    return pointeeOf(P);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    auto It = V ? SharedAddresses.find(V) : SharedAddresses.end();
    if (It == SharedAddresses.end())
      return std::nullopt;
    return It->second;
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub))
    return std::nullopt;
  std::optional<SharedObject> Base = sharedWindowAddress(B->getLHS());
  const Expr *Other = B->getRHS();
  if (!Base && B->getOpcode() == BO_Add) {
    Base = sharedWindowAddress(B->getRHS());
    Other = B->getLHS();
  }
  if (!Base || !Other->getType()->isIntegerType())
    return std::nullopt;
  LaneExprPtr Bytes = LaneExpr::cast(translate(Other), Long);
  Base->Offset =
      LaneExpr::binary(B->getOpcode() == BO_Add ? BinaryOp::Add : BinaryOp::Sub,
                       LaneExpr::cast(Base->Offset, Long), Bytes, Long);
  return Base;
}

void Walker::noteSharedAddress(const VarDecl &V, const Expr *Init) {
  std::optional<SharedObject> Place =
      Init ? sharedWindowAddress(Init) : std::nullopt;
  // Only a variable that keeps its initial value.
  const auto *F = dyn_cast<FunctionDecl>(V.getDeclContext());
  if (Place && (!F || !F->getBody() ||
                WriteCollector::of({F->getBody()}).Written.contains(&V)))
    Place.reset();
  if (Place)
    SharedAddresses[&V] = *Place;
  else
    SharedAddresses.erase(&V);
}

/// Why cp.async is not judged, measured on the H200: the same shared
/// destinations took 4 wavefronts from a contiguous source and 20 from a
/// permuted one.
static const char *const AsyncCopyReason =
    "its shared-memory wavefronts depend on the layout of the global source "
    "as well (measured), which bankfix does not model";

bool Walker::recordAsyncCopy(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || C->getNumArgs() < 2)
    return false;
  StringRef Name = Callee->getName();
  if (Name != "__pipeline_memcpy_async" && Name != "memcpy_async")
    return false;
  std::optional<SharedObject> Place;
  for (const Expr *Arg : C->arguments())
    if (Arg->getType()->isPointerType() && (Place = pointeeOf(Arg)))
      break;
  if (!Place)
    return false;
  noteBarrier();
  remark(C->getBeginLoc(), "the asynchronous copy of '" + Name.str() +
                               "' into '" + Place->Root->getNameAsString() +
                               "' is not judged: " + AsyncCopyReason);
  return true;
}

bool Walker::walkAsm(const GCCAsmStmt *A) {
  std::string Text = A->getAsmString();
  static const llvm::Regex Matrix(
      "(ldmatrix|stmatrix)\\.sync\\.aligned\\.m8n8\\.x(1|2|4)(\\.trans)?"
      "\\.shared(::cta)?\\.b16[^[]*\\[[[:space:]]*%([0-9]+)[[:space:]]*\\]");
  static const llvm::Regex Copy("cp\\.async\\.(ca|cg)\\.shared");
  bool Handled = false;
  StringRef Rest = Text;
  llvm::SmallVector<StringRef, 6> M;
  while (Matrix.match(Rest, &M)) {
    Handled = true;
    bool Load = M[1] == "ldmatrix";
    unsigned Count = M[2][0] - '0';
    const Expr *Address = inputOperand(A, M[5]);
    std::optional<SharedObject> Place =
        Address ? sharedWindowAddress(Address) : std::nullopt;
    std::string What = M[1].str() + " .x" + M[2].str() + M[3].str();
    noteBarrier();
    if (!Place) {
      remark(A->getAsmLoc(),
             "the " + What +
                 " is not judged: bankfix cannot follow its address operand "
                 "to a __shared__ variable (it reads "
                 "`__cvta_generic_to_shared(p)` and variables initialised "
                 "with it, plus byte offsets)");
    } else {
      WalkedAccess W;
      SharedObject At = *Place;
      // Reported at the address operand: ncu puts the instruction on the
      // asm statement's last line, where the operands usually are.
      if (flatAccess(W, Address, Ctx.UnsignedShortTy, At)) {
        W.Element.Width = 16;
        W.Element.Alignment = 16;
        W.Service = LaneService::MatrixRows;
        W.Instruction = "inline PTX " + What + ": " +
                        (Load ? "LDSM.16." : "STSM.16.") +
                        (M[3].empty() ? "M88" : "MT88") +
                        (Count == 1 ? "" : "." + M[2].str());
        emitForFirstLanes(std::move(W),
                          Load ? AccessKind::Load : AccessKind::Store,
                          8 * Count);
      }
    }
    noteBarrier();
    Rest = Rest.substr(Rest.find(M[0]) + M[0].size());
  }
  if (Copy.match(Text)) {
    Handled = true;
    noteBarrier();
    remark(A->getAsmLoc(),
           std::string("the cp.async in this asm statement is not judged: ") +
               AsyncCopyReason);
  }
  // Any other instruction on shared memory (ld.shared.u32, st.shared.v4,
  // atom.shared.add): said, not judged; the operands are walked as usual.
  static const llvm::Regex Other(
      "(^|[^a-z0-9_.])(ld|st|atom|red)(\\.[a-z0-9_]+)*\\.shared");
  if (Other.match(Text, &M))
    remark(A->getAsmLoc(), "the " + M[2].str() +
                               ".shared in this asm statement is not judged: "
                               "bankfix reads ldmatrix, stmatrix and cp.async "
                               "in inline PTX, not other instructions on "
                               "shared memory");
  return Handled;
}

} // namespace walk
} // namespace bankfix
