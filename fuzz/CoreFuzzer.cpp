//===- CoreFuzzer.cpp - libFuzzer target for the pure core ----------------===//
//
// Decodes the input bytes into a shared array layout (any extents, element
// size, member offset), a block shape, a guard and one index expression per
// dimension (any tree of constants of any type, threadIdx, blockDim,
// symbols, unknown terms, casts and every C operator), then runs the lane
// evaluator, the access evaluation, the summary and the padding planner on
// it. They must not crash, overflow (UBSan), hang or run a division by zero
// or an out-of-range shift: those are reported as problems.
//
//===----------------------------------------------------------------------===//

#include "core/expr/AccessSummary.h"
#include "core/model/BlockShape.h"
#include "core/fix/ExtentText.h"
#include "core/expr/LaneEvaluator.h"
#include "core/fix/PaddingPlanner.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

using namespace bankfix;

namespace {

/// Reads the fuzzer's bytes front to back; zeros once they run out.
class Bytes {
public:
  Bytes(const uint8_t *Data, size_t Size) : Data(Data), Size(Size) {}
  uint8_t u8() { return Pos < Size ? Data[Pos++] : 0; }
  uint64_t u64() {
    uint64_t V = 0;
    for (int I = 0; I < 8; ++I)
      V = V << 8 | u8();
    return V;
  }
  bool empty() const { return Pos >= Size; }

private:
  const uint8_t *Data;
  size_t Size;
  size_t Pos = 0;
};

IntType intType(Bytes &In) {
  switch (In.u8() % 6) {
  case 0:
    return IntType::intTy();
  case 1:
    return IntType::unsignedTy();
  case 2:
    return IntType::longTy();
  case 3:
    return {64, false, false};
  case 4:
    return IntType::boolTy();
  default:
    return {In.u8() % 2 ? 16u : 8u, bool(In.u8() % 2), false};
  }
}

int64_t interestingConstant(Bytes &In) {
  switch (In.u8() % 8) {
  case 0:
    return int64_t(In.u8());
  case 1:
    return -int64_t(In.u8());
  case 2:
    return INT64_MIN;
  case 3:
    return INT64_MAX;
  case 4:
    return INT32_MIN;
  case 5:
    return int64_t(UINT32_MAX);
  default:
    return int64_t(In.u64());
  }
}

LaneExprPtr expr(Bytes &In, unsigned Depth) {
  unsigned Choice = In.u8() % (Depth >= 40 ? 5 : 9);
  switch (Choice) {
  case 0:
    return LaneExpr::constant(interestingConstant(In), intType(In));
  case 1:
    return LaneExpr::threadIdx(In.u8() % 3);
  case 2:
    return LaneExpr::blockDim(In.u8() % 3);
  case 3:
    return LaneExpr::uniform(In.u8() % 2 ? "blockIdx.x" : "n", intType(In));
  case 4:
    return In.u8() % 4 ? LaneExpr::constant(In.u8())
                       : LaneExpr::unknown("data[i]", "is read from memory");
  case 5:
    return LaneExpr::unary(UnaryOp(In.u8() % 3), expr(In, Depth + 1),
                           intType(In));
  case 6: {
    BinaryOp Op = BinaryOp(In.u8() % (unsigned(BinaryOp::LOr) + 1));
    LaneExprPtr L = expr(In, Depth + 1);
    LaneExprPtr R = expr(In, Depth + 1);
    return LaneExpr::binary(Op, L, R, intType(In));
  }
  case 7:
    return LaneExpr::cast(expr(In, Depth + 1), intType(In));
  default: {
    LaneExprPtr C = expr(In, Depth + 1);
    LaneExprPtr T = expr(In, Depth + 1);
    LaneExprPtr F = expr(In, Depth + 1);
    return LaneExpr::conditional(C, T, F, intType(In));
  }
  }
}

BlockShape blockShape(Bytes &In) {
  BlockShape S;
  S.Dim = {1u + In.u8() % 64, 1u + In.u8() % 32, 1u + In.u8() % 4};
  while (S.threads() > MaxThreadsPerBlock)
    S.Dim[0] = (S.Dim[0] + 1) / 2;
  return S;
}

uint64_t extent(Bytes &In) {
  switch (In.u8() % 5) {
  case 0:
    return In.u64(); // anything, up to 2^64 - 1
  case 1:
    return 0; // extern __shared__ T a[]
  case 2:
    return uint64_t(INT32_MAX) - In.u8();
  default:
    return 1 + In.u8() % 64;
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  Bytes In(Data, Size);
  SharedArrayLayout Layout;
  Layout.Name = "a";
  unsigned Rank = 1 + In.u8() % 3;
  for (unsigned D = 0; D < Rank; ++D)
    Layout.Dims.push_back(extent(In));
  static const uint64_t Sizes[] = {1, 2, 4, 8, 16, 12, 3, 0x7fffffff};
  Layout.ElementSize = Sizes[In.u8() % 8];

  static const unsigned Widths[] = {1, 2, 4, 8, 16};
  SharedAccessDesc Access;
  Access.Width = Widths[In.u8() % 5];
  Access.Kind = In.u8() % 2 ? AccessKind::Load : AccessKind::Store;
  Access.ByteOffset = In.u8() % 2 ? In.u64() : In.u8() % 16;
  if (In.u8() % 2)
    Access.Guard = expr(In, 0);
  for (unsigned D = 0; D < Rank; ++D)
    Access.Indices.push_back(expr(In, 0));
  BlockShape Shape = blockShape(In);

  // One lane on its own, then the whole block.
  LaneEnv Env{{In.u8() % 64u, In.u8() % 32u, In.u8() % 4u}, Shape.Dim};
  (void)evaluateLane(*Access.Indices.front(), Env);

  std::vector<AccessInstance> Instances{{Access, ""}};
  if (In.u8() % 2)
    Instances.push_back({Access, "i = 1"});
  AccessSummary Summary = summarizeAccess(Layout, Instances, Shape);
  if (Summary.judged() && Summary.runs())
    (void)Summary.worst().worst().excess();

  // The planner pads the innermost extent and re-evaluates up to 128 times:
  // small blocks only, or one input takes seconds under the sanitizers.
  if (Rank > 1 && Layout.ElementSize <= 16 && Shape.threads() <= 128 &&
      In.u8() % 4 == 0) {
    PlannedLayout Planned{Layout, {{&Instances, {Shape}, "access"}}};
    (void)planPadding({Planned});
  }

  // Block shapes and extents as the user writes them.
  std::string Text(reinterpret_cast<const char *>(Data),
                   std::min<size_t>(Size, 24));
  std::string Error;
  (void)parseBlockDimOption(Text, Error);
  (void)paddedExtentText(Text, In.u8());
  return 0;
}
