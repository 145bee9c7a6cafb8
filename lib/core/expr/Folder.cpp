// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Folder.cpp - The compiler's view of a lane expression's value ------===//

#include "core/expr/Folder.h"

#include "core/expr/LaneEvaluator.h"

namespace bankfix {
namespace folding {

Value evaluateConstant(const LaneExprPtr &E) {
  return evaluateLaneConcrete(*E, LaneEnv{});
}

const LaneExpr &sameWidthSource(const LaneExpr &E) {
  const LaneExpr *Source = &E;
  while (Source->Kind == ExprKind::Cast &&
         Source->Ops[0]->Type.Bits == Source->Type.Bits)
    Source = Source->Ops[0].get();
  return *Source;
}

bool isTruthValue(const LaneExpr &E) {
  if (E.Kind == ExprKind::Cast)
    return E.Type.IsBool || isTruthValue(*E.Ops[0]);
  if (E.Kind == ExprKind::Unary)
    return E.UOp == UnaryOp::LogicalNot;
  return E.Kind == ExprKind::Binary && givesTruthValue(E.BOp);
}

const LaneExpr *widenedFrom(const LaneExpr &E) {
  if (E.Kind != ExprKind::Cast || E.Type.Signed || E.Ops[0]->Type.Signed ||
      E.Ops[0]->Type.Bits > E.Type.Bits)
    return nullptr;
  return E.Ops[0].get();
}

Value Folder::fold(const LaneExpr &E) const {
  auto [It, New] = FoldMemo.try_emplace(&E);
  if (New)
    It->second = foldUncached(E);
  return It->second;
}

unsigned Folder::trailingZeros(const LaneExpr &E) const {
  auto [It, New] = ZerosMemo.try_emplace(&E);
  if (New)
    It->second = trailingZerosUncached(E);
  return It->second;
}

std::optional<uint64_t> Folder::residue(const LaneExpr &E, unsigned K) const {
  auto [It, New] = ResidueMemo.try_emplace({&E, K});
  if (New)
    It->second = residueUncached(E, K);
  return It->second;
}

std::optional<uint64_t> Folder::maxValue(const LaneExpr &E) const {
  auto [It, New] = MaxMemo.try_emplace(&E);
  if (New)
    It->second = maxValueUncached(E);
  return It->second;
}

const Folder &Folder::plain() const {
  static const CompileTimeFacts NoFacts;
  if (!Plain)
    Plain = std::make_unique<Folder>(NoFacts);
  return *Plain;
}

} // namespace folding
} // namespace bankfix
