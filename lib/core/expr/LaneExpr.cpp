// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaneExpr.cpp - Index expressions evaluated per lane ----------------===//

#include "core/expr/LaneExpr.h"

#include <algorithm>
#include <unordered_map>

namespace bankfix {

static std::shared_ptr<LaneExpr> make(ExprKind K, IntType T) {
  auto E = std::make_shared<LaneExpr>();
  E->Kind = K;
  E->Type = T;
  return E;
}

/// \p E with its depth and size set, or an Unknown term when it is too
/// deep or too large.
static LaneExprPtr sized(std::shared_ptr<LaneExpr> E) {
  for (const LaneExprPtr &Op : E->Ops) {
    E->Symbolic = E->Symbolic || Op->Symbolic;
    E->ReadsLane = E->ReadsLane || Op->ReadsLane;
    E->Depth = std::max(E->Depth, Op->Depth + 1);
    E->Size = std::min(E->Size + Op->Size, MaxLaneExprSize + 1);
  }
  const std::vector<LaneExprPtr> &Ops = E->Ops;
  E->FailsAtUnknown = Ops[0]->FailsAtUnknown;
  bool Skippable = E->Kind == ExprKind::Binary &&
                   (E->BOp == BinaryOp::LAnd || E->BOp == BinaryOp::LOr);
  E->NeverConcrete =
      Ops[0]->NeverConcrete ||
      (E->Kind == ExprKind::Binary && !Skippable && Ops[1]->NeverConcrete) ||
      (E->Kind == ExprKind::Conditional && Ops[1]->NeverConcrete &&
       Ops[2]->NeverConcrete);
  if (E->Depth > MaxLaneExprDepth || E->Size > MaxLaneExprSize)
    return LaneExpr::unknown(
        "an expression of more than " + std::to_string(MaxLaneExprSize) +
            " operations or " + std::to_string(MaxLaneExprDepth) + " levels",
        "is too large to evaluate");
  return E;
}

LaneExprPtr LaneExpr::constant(int64_t V, IntType T) {
  // Small constants are shared: a walk of unrolled loops makes hundreds of
  // thousands of them (about 200 bytes each), and nothing writes to an
  // expression of one node (no evaluator cache is kept for it). Per
  // thread: each file's analysis runs on its own.
  constexpr int64_t Shared = 4096;
  thread_local std::unordered_map<uint64_t, LaneExprPtr> Constants;
  bool Small = V >= -Shared && V < Shared;
  // Only a small value is offset (a large one would overflow).
  uint64_t Key = Small
                     ? (uint64_t(V + Shared) << 16) | (uint64_t(T.Bits) << 2) |
                           (uint64_t(T.Signed) << 1) | uint64_t(T.IsBool)
                     : 0;
  if (Small)
    if (auto It = Constants.find(Key); It != Constants.end())
      return It->second;
  auto E = make(ExprKind::Constant, T);
  E->Value = V;
  if (Small)
    Constants.emplace(Key, E);
  return E;
}

LaneExprPtr LaneExpr::threadIdx(unsigned Dim) {
  auto E = make(ExprKind::ThreadIdx, IntType::unsignedTy());
  E->Dim = Dim;
  E->ReadsLane = true;
  return E;
}

LaneExprPtr LaneExpr::blockDim(unsigned Dim) {
  auto E = make(ExprKind::BlockDim, IntType::unsignedTy());
  E->Dim = Dim;
  return E;
}

LaneExprPtr LaneExpr::uniform(std::string Name, IntType T) {
  auto E = make(ExprKind::Uniform, T);
  E->Name = std::move(Name);
  E->Symbolic = true;
  return E;
}

LaneExprPtr LaneExpr::launched(std::string Name, int64_t V, IntType T) {
  auto E = make(ExprKind::Uniform, T);
  E->Name = std::move(Name);
  E->Value = V;
  E->Launched = true;
  E->Symbolic = true;
  return E;
}

LaneExprPtr LaneExpr::unknown(std::string Name, std::string Reason) {
  auto E = make(ExprKind::Unknown, IntType::intTy());
  E->Name = std::move(Name);
  E->Reason = std::move(Reason);
  E->NeverConcrete = E->FailsAtUnknown = true;
  return E;
}

LaneExprPtr LaneExpr::unary(UnaryOp Op, LaneExprPtr Sub, IntType T) {
  auto E = make(ExprKind::Unary, T);
  E->UOp = Op;
  E->Ops = {std::move(Sub)};
  return sized(std::move(E));
}

LaneExprPtr LaneExpr::binary(BinaryOp Op, LaneExprPtr L, LaneExprPtr R,
                             IntType T) {
  auto E = make(ExprKind::Binary, T);
  E->BOp = Op;
  E->Ops = {std::move(L), std::move(R)};
  return sized(std::move(E));
}

LaneExprPtr LaneExpr::cast(LaneExprPtr Sub, IntType T) {
  auto E = make(ExprKind::Cast, T);
  E->Ops = {std::move(Sub)};
  return sized(std::move(E));
}

LaneExprPtr LaneExpr::conditional(LaneExprPtr C, LaneExprPtr T, LaneExprPtr F,
                                  IntType Ty) {
  auto E = make(ExprKind::Conditional, Ty);
  E->Ops = {std::move(C), std::move(T), std::move(F)};
  return sized(std::move(E));
}

LaneExprPtr LaneExpr::variable(LaneExprPtr E) {
  const LaneExpr *Copied = E.get();
  while (Copied->Kind == ExprKind::Cast &&
         Copied->Ops[0]->Type.Bits == Copied->Type.Bits)
    Copied = Copied->Ops[0].get();
  if (E->Variable || Copied->Variable || Copied->Ops.empty())
    return E;
  auto Named = std::make_shared<LaneExpr>(*E);
  Named->Variable = true;
  return Named;
}

bool givesTruthValue(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::LT:
  case BinaryOp::GT:
  case BinaryOp::LE:
  case BinaryOp::GE:
  case BinaryOp::EQ:
  case BinaryOp::NE:
  case BinaryOp::LAnd:
  case BinaryOp::LOr:
    return true;
  default:
    return false;
  }
}

static const char *spelling(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::Add:
    return "+";
  case BinaryOp::Sub:
    return "-";
  case BinaryOp::Mul:
    return "*";
  case BinaryOp::Div:
    return "/";
  case BinaryOp::Rem:
    return "%";
  case BinaryOp::Shl:
    return "<<";
  case BinaryOp::Shr:
    return ">>";
  case BinaryOp::And:
    return "&";
  case BinaryOp::Or:
    return "|";
  case BinaryOp::Xor:
    return "^";
  case BinaryOp::LT:
    return "<";
  case BinaryOp::GT:
    return ">";
  case BinaryOp::LE:
    return "<=";
  case BinaryOp::GE:
    return ">=";
  case BinaryOp::EQ:
    return "==";
  case BinaryOp::NE:
    return "!=";
  case BinaryOp::LAnd:
    return "&&";
  case BinaryOp::LOr:
    return "||";
  }
  return "?";
}

static const char *spelling(UnaryOp Op) {
  switch (Op) {
  case UnaryOp::Minus:
    return "-";
  case UnaryOp::BitNot:
    return "~";
  case UnaryOp::LogicalNot:
    return "!";
  }
  return "?";
}

/// Prints \p E, in parentheses when it is an operator expression.
static std::string printOperand(const LaneExpr &E) {
  const LaneExpr *Inner = &E;
  while (Inner->Kind == ExprKind::Cast)
    Inner = Inner->Ops[0].get();
  std::string S = printLaneExpr(*Inner);
  if (Inner->Kind == ExprKind::Binary || Inner->Kind == ExprKind::Conditional)
    return "(" + S + ")";
  return S;
}

static std::string printNode(const LaneExpr &E);

std::string printLaneExpr(const LaneExpr &E) {
  // Nodes at least this large keep their text (they are printed again and
  // again as the names of opaque values).
  constexpr uint64_t KeptSize = 32;
  if (E.Size < KeptSize)
    return printNode(E);
  if (!E.Printed)
    E.Printed = std::make_shared<const std::string>(printNode(E));
  return *E.Printed;
}

static std::string printNode(const LaneExpr &E) {
  static const char *const Dims[] = {"x", "y", "z"};
  switch (E.Kind) {
  case ExprKind::Constant:
    return std::to_string(E.Value);
  case ExprKind::ThreadIdx:
    return std::string("threadIdx.") + Dims[E.Dim];
  case ExprKind::BlockDim:
    return std::string("blockDim.") + Dims[E.Dim];
  case ExprKind::Uniform:
  case ExprKind::Unknown:
    return E.Name;
  case ExprKind::Unary:
    return spelling(E.UOp) + printOperand(*E.Ops[0]);
  case ExprKind::Binary:
    return printOperand(*E.Ops[0]) + " " + spelling(E.BOp) + " " +
           printOperand(*E.Ops[1]);
  case ExprKind::Cast:
    return printLaneExpr(*E.Ops[0]);
  case ExprKind::Conditional:
    return printOperand(*E.Ops[0]) + " ? " + printOperand(*E.Ops[1]) + " : " +
           printOperand(*E.Ops[2]);
  }
  return "?";
}

void conjuncts(const LaneExpr &Guard, std::vector<const LaneExpr *> &Out) {
  if (Guard.Kind == ExprKind::Binary && Guard.BOp == BinaryOp::LAnd) {
    conjuncts(*Guard.Ops[0], Out);
    conjuncts(*Guard.Ops[1], Out);
    return;
  }
  Out.push_back(&Guard);
}

bool mentions(const LaneExpr &E, ExprKind K) {
  if (E.Kind == K)
    return true;
  for (const LaneExprPtr &Op : E.Ops)
    if (mentions(*Op, K))
      return true;
  return false;
}

void collectLeafNames(const LaneExpr &E, std::vector<std::string> &Out) {
  std::string Name;
  if (E.Kind == ExprKind::ThreadIdx || E.Kind == ExprKind::BlockDim)
    Name = printLaneExpr(E);
  else if (E.Kind == ExprKind::Uniform || E.Kind == ExprKind::Unknown)
    Name = E.Name;
  if (!Name.empty() && std::find(Out.begin(), Out.end(), Name) == Out.end())
    Out.push_back(std::move(Name));
  for (const LaneExprPtr &Op : E.Ops)
    collectLeafNames(*Op, Out);
}

void collectUniforms(const LaneExpr &E, std::map<std::string, IntType> &Out) {
  if (E.Kind == ExprKind::Uniform)
    Out.emplace(E.Name, E.Type);
  for (const LaneExprPtr &Op : E.Ops)
    collectUniforms(*Op, Out);
}

void collectUnknownUniforms(const LaneExpr &E,
                            std::map<std::string, IntType> &Out) {
  if (E.Kind == ExprKind::Uniform && !E.Launched)
    Out.emplace(E.Name, E.Type);
  for (const LaneExprPtr &Op : E.Ops)
    collectUnknownUniforms(*Op, Out);
}

bool readsUnboundUniform(const LaneExpr &E, const UniformBindings *Uniforms,
                         std::unordered_map<const LaneExpr *, bool> &Memo) {
  if (!E.Symbolic)
    return false;
  auto [It, New] = Memo.emplace(&E, false);
  if (!New)
    return It->second;
  bool Reads = false;
  if (E.Kind == ExprKind::Uniform) {
    LaneEnv Env;
    Env.Uniforms = Uniforms;
    Reads = !E.Launched && !Env.bound(E.Name);
  }
  for (const LaneExprPtr &Op : E.Ops)
    Reads = readsUnboundUniform(*Op, Uniforms, Memo) || Reads;
  Memo[&E] = Reads;
  return Reads;
}

bool dependsOnLane(const LaneExpr &E) { return E.ReadsLane; }

} // namespace bankfix
