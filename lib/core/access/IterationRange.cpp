// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IterationRange.cpp - One access over all the iterations of a loop --===//

#include "core/access/IterationRange.h"

#include "core/expr/LaneEvaluator.h"

#include <algorithm>
#include <unordered_map>

namespace bankfix {

namespace {

class Substitution {
public:
  explicit Substitution(const std::map<std::string, LaneExprPtr> &Values)
      : Values(Values) {}

  LaneExprPtr of(const LaneExprPtr &E) {
    if (!E)
      return E;
    auto Done = Memo.find(E.get());
    if (Done != Memo.end())
      return Done->second;
    LaneExprPtr Result = rebuilt(E);
    Memo.emplace(E.get(), Result);
    return Result;
  }

private:
  LaneExprPtr rebuilt(const LaneExprPtr &E) {
    if (E->Kind == ExprKind::Uniform) {
      auto It = Values.find(E->Name);
      return It == Values.end() ? E : It->second;
    }
    if (E->Ops.empty())
      return E;
    std::vector<LaneExprPtr> Ops;
    bool Changed = false;
    for (const LaneExprPtr &Op : E->Ops) {
      Ops.push_back(of(Op));
      Changed = Changed || Ops.back() != Op;
    }
    if (!Changed)
      return E;
    LaneExprPtr R = withOperands(*E, Ops);
    return E->Variable ? LaneExpr::variable(std::move(R)) : R;
  }

  static LaneExprPtr withOperands(const LaneExpr &E,
                                  const std::vector<LaneExprPtr> &Ops) {
    switch (E.Kind) {
    case ExprKind::Unary:
      return LaneExpr::unary(E.UOp, Ops[0], E.Type);
    case ExprKind::Binary:
      return LaneExpr::binary(E.BOp, Ops[0], Ops[1], E.Type);
    case ExprKind::Cast:
      return LaneExpr::cast(Ops[0], E.Type);
    default:
      return LaneExpr::conditional(Ops[0], Ops[1], Ops[2], E.Type);
    }
  }

  const std::map<std::string, LaneExprPtr> &Values;
  std::unordered_map<const LaneExpr *, LaneExprPtr> Memo;
};

} // namespace

LaneExprPtr
substituteSymbols(const LaneExprPtr &E,
                  const std::map<std::string, LaneExprPtr> &Values) {
  return Substitution(Values).of(E);
}

uint64_t IterationRange::levelIteration(uint64_t K, unsigned L) const {
  if (Levels.empty())
    return K;
  for (unsigned I = unsigned(Levels.size()); --I > L;)
    K /= Levels[I];
  return K % Levels[L];
}

uint64_t IterationRange::nestIteration(const std::vector<uint64_t> &Ks) const {
  uint64_t K = 0;
  for (unsigned L = 0; L < Ks.size(); ++L)
    K = K * levelCount(L) + Ks[L];
  return K;
}

std::pair<int64_t, int64_t>
IterationRange::valueBounds(const LoopVariable &V) const {
  int64_t Last =
      int64_t(uint64_t(V.Start) + uint64_t(V.Step) * (levelCount(V.Level) - 1));
  return {std::min(V.Start, Last), std::max(V.Start, Last)};
}

LaneExprPtr IterationRange::valueAt(const LoopVariable &V, uint64_t K) const {
  K = levelIteration(K, V.Level);
  if (K == 0)
    return V.Entry;
  if (!V.Steps)
    return nullptr;
  // The walker made sure that no value of the range overflows.
  return LaneExpr::constant(int64_t(uint64_t(V.Start) + uint64_t(V.Step) * K),
                            V.Type);
}

std::string IterationRange::label(uint64_t K) const {
  std::string Label = Outer;
  for (unsigned L = 0; L < levels(); ++L) {
    std::vector<std::pair<std::string, int64_t>> Vars;
    for (const LoopVariable &V : Variables) {
      LaneExprPtr E = V.Level == L ? valueAt(V, K) : nullptr;
      if (!E)
        continue;
      EvalResult R = evaluateLane(*E, LaneEnv{});
      if (R.ok() && R.Value->isConcrete() && !dependsOnLane(*E))
        Vars.push_back({V.Name, R.Value->Const});
    }
    std::sort(Vars.begin(), Vars.end());
    std::string Own;
    for (const auto &[Name, Value] : Vars)
      Own += (Own.empty() ? "" : ", ") + Name + " = " + std::to_string(Value);
    if (Own.empty()) // The loop's variables differ per lane.
      Own = "#" + std::to_string(levelIteration(K, L) + 1);
    Label += (Label.empty() ? "" : ", ") + Own;
  }
  return Label;
}

SharedAccessDesc IterationRange::accessAt(const SharedAccessDesc &Access,
                                          uint64_t K) const {
  std::map<std::string, LaneExprPtr> Values;
  for (const LoopVariable &V : Variables)
    if (LaneExprPtr E = valueAt(V, K))
      Values[V.Symbol] = E;
  Substitution S(Values);
  SharedAccessDesc At = Access;
  for (LaneExprPtr &Index : At.Indices)
    Index = S.of(Index);
  At.Guard = S.of(At.Guard);
  return At;
}

const LoopVariable *IterationRange::variable(const std::string &Symbol) const {
  for (const LoopVariable &V : Variables)
    if (V.Steps && V.Symbol == Symbol)
      return &V;
  return nullptr;
}

} // namespace bankfix
