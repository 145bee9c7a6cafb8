// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaneExpr.h - Index expressions evaluated per lane ------------------===//
//
// A small expression language for shared-memory indices: integer constants,
// threadIdx/blockDim components, warp-uniform symbols (blockIdx.x, kernel
// parameters), terms that cannot be evaluated, and C's integer operators with
// C's types. The Clang-facing translator builds these; the evaluator runs them
// for one lane. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LANEEXPR_H
#define BANKFIX_LANEEXPR_H

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace bankfix {

/// A C integer type: width in bits, signedness; bool converts by != 0.
struct IntType {
  unsigned Bits = 32;
  bool Signed = true;
  bool IsBool = false;

  static IntType intTy() { return {32, true, false}; }
  static IntType unsignedTy() { return {32, false, false}; }
  static IntType longTy() { return {64, true, false}; }
  static IntType boolTy() { return {1, false, true}; }
  bool operator==(const IntType &O) const {
    return Bits == O.Bits && Signed == O.Signed && IsBool == O.IsBool;
  }
  /// The largest value it holds, at most INT64_MAX (1 for bool).
  int64_t maxValue() const {
    if (IsBool)
      return 1;
    if (Bits >= 64)
      return INT64_MAX;
    return Signed ? (int64_t(1) << (Bits - 1)) - 1 : (int64_t(1) << Bits) - 1;
  }
};

enum class ExprKind {
  Constant,  ///< an integer known at compile time
  ThreadIdx, ///< threadIdx.{x,y,z}
  BlockDim,  ///< blockDim.{x,y,z}
  Uniform,   ///< the same value for every lane of a warp, not known
  Unknown,   ///< cannot be evaluated (data from memory, a call, ...)
  Unary,
  Binary,
  Cast,        ///< conversion to Type
  Conditional, ///< Ops[0] ? Ops[1] : Ops[2]
};

enum class UnaryOp { Minus, BitNot, LogicalNot };

enum class BinaryOp {
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  And,
  Or,
  Xor,
  LT,
  GT,
  LE,
  GE,
  EQ,
  NE,
  LAnd,
  LOr,
};

struct LaneExpr;
using LaneExprPtr = std::shared_ptr<const LaneExpr>;

/// The largest expression built: deeper or larger ones (a variable doubled
/// in a loop of 64 statements, a 20,000-term sum) become an Unknown term,
/// so that evaluating and printing them stays quick and shallow.
constexpr unsigned MaxLaneExprDepth = 1024;
constexpr uint64_t MaxLaneExprSize = 65536;

struct LaneExpr {
  ExprKind Kind = ExprKind::Constant;
  unsigned Depth = 1; ///< levels, this node included
  uint64_t Size = 1;  ///< nodes, counting shared operands each time
  /// Some leaf is a Uniform symbol: the value may depend on the bindings.
  bool Symbolic = false;
  /// Some leaf is a threadIdx component: the value may differ by lane.
  bool ReadsLane = false;
  /// No lane or binding gives a number: an Unknown term is always reached
  /// (an operand, not one that && or || may skip, or both branches).
  bool NeverConcrete = false;
  /// Evaluation reaches an Unknown term before anything else can fail: the
  /// first operand of each node on the way down leads to it.
  bool FailsAtUnknown = false;
  IntType Type;
  int64_t Value = 0;  ///< Constant
  unsigned Dim = 0;   ///< ThreadIdx, BlockDim: 0 = x, 1 = y, 2 = z
  std::string Name;   ///< Uniform, Unknown: the term as spelled
  std::string Reason; ///< Unknown: why it cannot be evaluated
  UnaryOp UOp = UnaryOp::Minus;
  BinaryOp BOp = BinaryOp::Add;
  /// The value of a local variable, computed where it was assigned: the
  /// compiler keeps it as one value and does not work it out again from
  /// what a later branch's guard tells (CompileTimeValue's facts).
  bool Variable = false;
  /// Uniform: a kernel parameter every launch gives the value Value. The
  /// evaluation uses it; the compiler does not know it, so what nvcc
  /// makes of an access (its merges) is worked out over every value.
  bool Launched = false;
  std::vector<LaneExprPtr> Ops;
  /// LaneEvaluator's cache of a large node's concrete values: by thread of
  /// one block shape (no symbol bound; another shape starts it again), and
  /// for the lane of the evaluation with stamp MemoStamp. An expression
  /// belongs to the analysis of one file, on one thread.
  struct LaneValueTable {
    std::array<unsigned, 3> BlockDim = {0, 0, 0};
    /// By linear thread index: 0 not evaluated, 1 no value, 2 Values[I].
    std::vector<uint8_t> State;
    std::vector<int64_t> Values;
    /// Counted against the memory all tables may take (LaneEvaluator).
    uint64_t Bytes = 0;
    LaneValueTable() = default;
    LaneValueTable(const LaneValueTable &) = delete;
    LaneValueTable &operator=(const LaneValueTable &) = delete;
    ~LaneValueTable();
  };
  mutable std::shared_ptr<LaneValueTable> LaneValues;
  mutable uint64_t MemoStamp = 0;
  mutable std::optional<int64_t> MemoValue;
  /// LaneEvaluator's value of a node that reads neither the lane nor a
  /// symbol, for the block shape BlockValueDim (BlockValueState 0: none kept,
  /// 1: no value, 2: BlockValue).
  mutable std::array<unsigned, 3> BlockValueDim = {0, 0, 0};
  mutable uint8_t BlockValueState = 0;
  mutable int64_t BlockValue = 0;
  /// printLaneExpr's text of a large node: an opaque value is named by its
  /// text, in every lane of every evaluation.
  mutable std::shared_ptr<const std::string> Printed;

  static LaneExprPtr constant(int64_t V, IntType T = IntType::intTy());
  static LaneExprPtr threadIdx(unsigned Dim);
  static LaneExprPtr blockDim(unsigned Dim);
  static LaneExprPtr uniform(std::string Name, IntType T);
  /// A Uniform symbol whose launches give it \p V (Launched).
  static LaneExprPtr launched(std::string Name, int64_t V, IntType T);
  static LaneExprPtr unknown(std::string Name, std::string Reason);
  static LaneExprPtr unary(UnaryOp Op, LaneExprPtr E, IntType T);
  static LaneExprPtr binary(BinaryOp Op, LaneExprPtr L, LaneExprPtr R,
                            IntType T);
  static LaneExprPtr cast(LaneExprPtr E, IntType T);
  static LaneExprPtr conditional(LaneExprPtr C, LaneExprPtr T, LaneExprPtr F,
                                 IntType Ty);
  /// \p E as a variable's value (Variable set) when it computes something:
  /// leaves, and casts that keep the width, are the same value as what
  /// they copy and stay as they are.
  static LaneExprPtr variable(LaneExprPtr E);
};

/// Whether \p Op compares or is && or ||: its value is 0 or 1.
bool givesTruthValue(BinaryOp Op);

/// The expression in C syntax ("threadIdx.x * 32 + blockIdx.x").
std::string printLaneExpr(const LaneExpr &E);

/// True when the value can differ between lanes (it reads threadIdx).
bool dependsOnLane(const LaneExpr &E);

/// True when some node of \p E is of kind \p K.
bool mentions(const LaneExpr &E, ExprKind K);
/// True when some Uniform leaf of \p E has a name that \p Named accepts.
template <typename Predicate>
bool mentionsUniform(const LaneExpr &E, Predicate &&Named) {
  if (E.Kind == ExprKind::Uniform && Named(E.Name))
    return true;
  for (const LaneExprPtr &Op : E.Ops)
    if (mentionsUniform(*Op, Named))
      return true;
  return false;
}
/// The terms of \p Guard's conjunction (`a && b && c`: a, b, c).
void conjuncts(const LaneExpr &Guard, std::vector<const LaneExpr *> &Out);

/// The terms \p E is made of (threadIdx.x, blockDim.y, the spelling of
/// each uniform and unknown term), each once, in the order they appear.
void collectLeafNames(const LaneExpr &E, std::vector<std::string> &Out);

/// Values given to warp-uniform symbols ("n" -> 32) for one evaluation:
/// few, looked up for every lane.
using UniformBindings = std::vector<std::pair<std::string, int64_t>>;

/// The lane being evaluated.
struct LaneEnv {
  std::array<unsigned, 3> ThreadIdx = {0, 0, 0};
  std::array<unsigned, 3> BlockDim = {1, 1, 1};
  /// Uniform symbols with a value; the others stay symbols.
  const UniformBindings *Uniforms = nullptr;
  /// The caller needs a failure's kind only: no message is spelled for a
  /// term read from memory or a lane index mixed with an unknown value.
  bool Unexplained = false;

  /// The value bound to \p Name, if any.
  const int64_t *bound(const std::string &Name) const {
    if (Uniforms)
      for (const auto &[Symbol, Value] : *Uniforms)
        if (Symbol == Name)
          return &Value;
    return nullptr;
  }
};

/// The Uniform leaves of \p E and their types, by name.
void collectUniforms(const LaneExpr &E, std::map<std::string, IntType> &Out);
/// The Uniform leaves of \p E whose value is not known (not Launched).
void collectUnknownUniforms(const LaneExpr &E,
                            std::map<std::string, IntType> &Out);
/// Whether \p E reads a Uniform leaf that neither the launches nor
/// \p Uniforms give a value; \p Memo keeps the answer for each node
/// visited, so that an operand shared by many nodes is visited once.
bool readsUnboundUniform(const LaneExpr &E, const UniformBindings *Uniforms,
                         std::unordered_map<const LaneExpr *, bool> &Memo);

} // namespace bankfix

#endif // BANKFIX_LANEEXPR_H
