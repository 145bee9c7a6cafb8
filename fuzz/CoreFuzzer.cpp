// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
// Results are checked too; a disagreement aborts (a finding):
// - evaluateLaneConcrete (the allocation-free fast path) against
//   evaluateLane, for the guard and every index, on every lane of the
//   block's first warp and one more lane: where the fast path gives a
//   number, the full evaluator gives that number; where the tree has no
//   symbol and no unknown term and the full evaluator gives a number, the
//   fast path gives it too.
// - analyzeWarpAccess against ReferenceBankModel.h (docs/bank-model.md's rule
//   written again, slowly), on one warp of addresses decoded from the rest
//   of the input: wavefronts, ideal, n-way, the uniform-load exception and,
//   phase by phase, activity, wavefronts and the colliding banks with their
//   words and lanes.
//
//===----------------------------------------------------------------------===//

#include "ReferenceBankModel.h"

#include "core/access/AccessSummary.h"
#include "core/expr/LaneEvaluator.h"
#include "core/fix/ExtentText.h"
#include "core/fix/PaddingPlanner.h"
#include "core/model/BankModel.h"
#include "core/model/BlockShape.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

[[noreturn]] void mismatch(const char *What, const std::string &Detail) {
  std::fprintf(stderr, "CoreFuzzer: %s disagree: %s\n", What, Detail.c_str());
  std::abort();
}

/// The fast path and the full evaluator agree on \p E in \p Env.
void checkConcreteEvaluator(const LaneExpr &E, const LaneEnv &Env) {
  std::optional<int64_t> Fast = evaluateLaneConcrete(E, Env);
  EvalResult Full = evaluateLane(E, Env);
  std::string Where = printLaneExpr(E) + " at threadIdx (" +
                      std::to_string(Env.ThreadIdx[0]) + "," +
                      std::to_string(Env.ThreadIdx[1]) + "," +
                      std::to_string(Env.ThreadIdx[2]) + ")";
  if (Fast) {
    if (!Full.ok())
      mismatch("evaluateLaneConcrete and evaluateLane",
               Where + ": fast " + std::to_string(*Fast) +
                   ", full: " + Full.Error.Message);
    if (!Full.Value->isConcrete() || Full.Value->Const != *Fast)
      mismatch("evaluateLaneConcrete and evaluateLane",
               Where + ": fast " + std::to_string(*Fast) + ", full " +
                   std::to_string(Full.Value->Const) +
                   (Full.Value->isConcrete() ? "" : " + symbols"));
    return;
  }
  // No number from the fast path: fine where the full evaluator met a
  // symbol (it may cancel: n - n) or an error; not for a tree of numbers.
  if (Full.ok() && Full.Value->isConcrete() &&
      !mentions(E, ExprKind::Uniform) && !mentions(E, ExprKind::Unknown))
    mismatch("evaluateLaneConcrete and evaluateLane",
             Where + ": fast none, full " + std::to_string(Full.Value->Const));
}

/// One warp of byte addresses: a base, a stride per lane, some lanes
/// perturbed or inactive, or 32 addresses taken from the input as they are.
WarpAddresses warpAddresses(Bytes &In) {
  WarpAddresses Addresses;
  unsigned Mode = In.u8() % 4;
  uint64_t Base = In.u8() % 2 ? In.u64() : uint64_t(In.u8()) * 4;
  Base += In.u8() % 4; // not 4-byte aligned
  uint64_t Stride = In.u8() % 8 ? In.u8() % 132 : In.u64();
  uint32_t Inactive = In.u8() % 2 ? uint32_t(In.u64()) : 0;
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    if (Inactive >> Lane & 1)
      continue;
    switch (Mode) {
    case 0: // every lane its own address, from the input
      Addresses[Lane] = In.u8() % 2 ? In.u64() : In.u8();
      break;
    case 1: // lanes sharing addresses: lane / k
      Addresses[Lane] = Base + Stride * (Lane / (1 + Stride % 8));
      break;
    default: // a strided warp, a few lanes moved
      Addresses[Lane] = Base + Stride * Lane + (In.u8() % 8 == 0 ? In.u8() : 0);
      break;
    }
  }
  return Addresses;
}

/// analyzeWarpAccess says what the reference model says.
void checkBankModel(const WarpAddresses &Addresses, unsigned Width,
                    AccessKind Kind) {
  WarpAccessResult Got = analyzeWarpAccess(Addresses, Width, Kind);
  reference::Access Want = reference::analyze(
      {Addresses.begin(), Addresses.end()}, Width, Kind == AccessKind::Load);
  std::string Case = "width " + std::to_string(Width) +
                     (Kind == AccessKind::Load ? " load" : " store") +
                     ", addresses";
  for (const std::optional<uint64_t> &A : Addresses)
    Case += A ? " " + std::to_string(*A) : " -";
  auto Check = [&](const char *What, uint64_t G, uint64_t W) {
    if (G != W)
      mismatch("analyzeWarpAccess and the reference model",
               std::string(What) + " " + std::to_string(G) + ", reference " +
                   std::to_string(W) + "; " + Case);
  };
  Check("wavefronts", Got.Wavefronts, Want.Wavefronts);
  Check("ideal", Got.Ideal, Want.Ideal);
  Check("n-way", Got.NWay, Want.NWay);
  Check("one-address load", Got.OneAddressLoad, Want.OneAddressLoad);
  Check("phases", Got.Phases.size(), Want.Phases.size());
  for (size_t P = 0; P < Got.Phases.size(); ++P) {
    const PhaseResult &G = Got.Phases[P];
    const reference::Phase &W = Want.Phases[P];
    Check("phase active", G.Active, W.Active);
    Check("phase wavefronts", G.Wavefronts, W.Wavefronts);
    Check("colliding banks", G.Collisions.size(), W.Collisions.size());
    for (const BankCollision &C : G.Collisions) {
      auto It = W.Collisions.find(C.Bank);
      if (It == W.Collisions.end() ||
          !std::equal(C.Words.begin(), C.Words.end(), It->second.first.begin(),
                      It->second.first.end()) ||
          !std::equal(C.Lanes.begin(), C.Lanes.end(), It->second.second.begin(),
                      It->second.second.end()))
        mismatch("analyzeWarpAccess and the reference model",
                 "the collision in bank " + std::to_string(C.Bank) + "; " +
                     Case);
    }
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

  // One lane on its own, then every lane of the first warp: the fast path
  // and the full evaluator agree on the guard and every index.
  std::vector<LaneEnv> Envs{
      {{In.u8() % 64u, In.u8() % 32u, In.u8() % 4u}, Shape.Dim}};
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane)
    if (std::optional<std::array<unsigned, 3>> Tid = Shape.threadIdx(0, Lane))
      Envs.push_back({*Tid, Shape.Dim});
  for (const LaneEnv &Env : Envs) {
    if (Access.Guard)
      checkConcreteEvaluator(*Access.Guard, Env);
    for (const LaneExprPtr &Index : Access.Indices)
      checkConcreteEvaluator(*Index, Env);
  }

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

  // The bank model on one warp of addresses from the rest of the input
  // (read in this order: a function's arguments are not sequenced).
  WarpAddresses Addresses = warpAddresses(In);
  unsigned Width = Widths[In.u8() % 5];
  AccessKind Kind = In.u8() % 2 ? AccessKind::Load : AccessKind::Store;
  checkBankModel(Addresses, Width, Kind);
  return 0;
}
