// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CompileTimeValue.cpp - What the compiler folds to a constant -------===//

#include "core/expr/CompileTimeValue.h"

#include "core/expr/Folder.h"

namespace bankfix {

using namespace folding;

namespace {

/// The thread index component \p E reads, seen through casts that keep
/// every thread index (0 to 1023: 16 bits or more, not to bool).
const LaneExpr *threadIdxLeaf(const LaneExpr &E) {
  if (E.Kind == ExprKind::Cast)
    return E.Type.Bits >= 16 && !E.Type.IsBool ? threadIdxLeaf(*E.Ops[0])
                                               : nullptr;
  return E.Kind == ExprKind::ThreadIdx ? &E : nullptr;
}

void collectFacts(const LaneExpr &G, CompileTimeFacts &Facts) {
  if (G.Kind == ExprKind::Cast && G.Type.IsBool)
    return collectFacts(*G.Ops[0], Facts);
  if (G.Kind != ExprKind::Binary)
    return;
  if (G.BOp == BinaryOp::LAnd) {
    collectFacts(*G.Ops[0], Facts);
    collectFacts(*G.Ops[1], Facts);
    return;
  }
  if (G.BOp != BinaryOp::EQ)
    return;
  for (unsigned Side = 0; Side < 2; ++Side) {
    const LaneExprPtr &Fixed = G.Ops[Side];
    std::optional<int64_t> C = compileTimeValue(*G.Ops[1 - Side]);
    if (!C || compileTimeValue(*Fixed))
      continue;
    if (const LaneExpr *Leaf = threadIdxLeaf(*Fixed); Leaf && *C >= 0) {
      Facts.ThreadIdx[Leaf->Dim] = *C;
      if (&sameWidthSource(*Fixed) == Leaf)
        continue;
      // A widened thread index (`long t = threadIdx.x`) is a value too.
    }
    // A cast that keeps the width is the value it converts, reinterpreted.
    LaneExprPtr Inner = Fixed;
    while (Inner.get() != &sameWidthSource(*Inner))
      Inner = Inner->Ops[0];
    if (std::optional<int64_t> V = evaluateConstant(
            LaneExpr::cast(LaneExpr::constant(*C, Fixed->Type), Inner->Type)))
      Facts.Values.emplace_back(Inner, *V);
  }
}

} // namespace

bool sameLaneExpr(const LaneExpr &A, const LaneExpr &B) {
  if (&A == &B)
    return true;
  if (A.Kind != B.Kind || !(A.Type == B.Type) || A.Value != B.Value ||
      A.Dim != B.Dim || A.Name != B.Name || A.UOp != B.UOp || A.BOp != B.BOp ||
      A.Ops.size() != B.Ops.size())
    return false;
  // An Unknown term is a value nobody knows: two of them need not be equal.
  if (A.Kind == ExprKind::Unknown)
    return false;
  for (size_t I = 0; I < A.Ops.size(); ++I)
    if (!sameLaneExpr(*A.Ops[I], *B.Ops[I]))
      return false;
  return true;
}

CompileTimeFacts factsUnder(const LaneExpr &Guard) {
  CompileTimeFacts Facts;
  collectFacts(Guard, Facts);
  return Facts;
}

std::optional<int64_t> compileTimeValue(const LaneExpr &E,
                                        const CompileTimeFacts &Facts) {
  return Folder(Facts).fold(E);
}

} // namespace bankfix
