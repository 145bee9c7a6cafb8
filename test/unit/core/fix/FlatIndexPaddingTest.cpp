// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FlatIndexPaddingTest.cpp - Index padding and row stride ------------===//

#include "core/fix/FlatIndexPadding.h"
#include "ExprBuilder.h"
#include "core/expr/LaneEvaluator.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

constexpr IntType I64 = {64, true, false};

AccessInstance instance(const X &Index, AccessKind Kind,
                        LaneExprPtr Guard = nullptr) {
  AccessInstance I;
  I.Desc.Indices = {Index.P};
  I.Desc.Kind = Kind;
  I.Desc.Guard = std::move(Guard);
  return I;
}

FlatIndexForm form(const X &Index) {
  return {Index.P, LaneExpr::constant(0, I64)};
}

/// Whether every execution of \p A takes its ideal after \p Plan.
bool conflictFreeAfter(const FlatBuffer &B, const FlatAccess &A,
                       const FixPlan &Plan) {
  std::vector<AccessInstance> After =
      rewrittenInstances(A, B, Plan.Style, Plan.Period, Plan.Pad);
  SharedArrayLayout Layout = rewrittenLayout(B, Plan.Period, Plan.Pad);
  for (const BlockShape &Shape : A.Shapes.Shapes) {
    AccessSummary S = summarizeAccess(Layout, After, Shape);
    if (!S.judged() || S.BlockWavefronts != S.BlockIdeal)
      return false;
  }
  return true;
}

TEST(FlatIndexPadding, PaddedIndexSkipsPadEveryPeriod) {
  X I = tx();
  EXPECT_EQ(printLaneExpr(*paddedIndex(I.P, 32, 1)),
            "threadIdx.x + (threadIdx.x / 32)");
  EXPECT_EQ(printLaneExpr(*paddedIndex(I.P, 16, 2)),
            "threadIdx.x + ((threadIdx.x / 16) * 2)");
}

TEST(FlatIndexPadding, Seed001BecomesConflictFree) {
  // shared_data[tid] = ...; shared_data[(tid % 32) * 32 + tid / 32] where
  // that is < 256, 256 threads: 8-way, 8 + 64 wavefronts per block.
  X Idx = (tx() % 32) * 32 + tx() / 32;
  std::vector<AccessInstance> Store = {instance(tx(), AccessKind::Store)};
  std::vector<AccessInstance> Load = {
      instance(Idx, AccessKind::Load, (Idx < 256).P)};
  BlockShape B{{256, 1, 1}};
  FlatBuffer Buffer{{"shared_data", {256}, 4},
                    4,
                    {{&Store, {form(tx())}, {B}, "store at 9:3"},
                     {&Load, {form(Idx)}, {B}, "load at 14:14"}}};
  FixPlan P = planIndexPadding({Buffer});
  EXPECT_EQ(P.WhyNot, "");
  EXPECT_EQ(P.Style, FixStyle::IndexPadding);
  EXPECT_EQ(P.Period, 32u);
  EXPECT_EQ(P.Pad, 1u);
  EXPECT_EQ(P.Before, 8u + 64u);
  EXPECT_EQ(P.After, 8u + 8u);
  EXPECT_TRUE(P.Worse.empty());
  EXPECT_EQ(rewrittenLayout(Buffer, 32, 1).Dims.front(), 264u);
  EXPECT_TRUE(conflictFreeAfter(Buffer, Buffer.Accesses[1], P));
}

TEST(FlatIndexPadding, InterleavedReductionBecomesConflictFree) {
  // for (s = 1; s < 256; s *= 2) { index = 2 * s * tid; if (index < 256)
  // sdata[index] += sdata[index + s]; }
  std::vector<AccessInstance> Loads, Stores;
  std::vector<FlatIndexForm> LoadForms, StoreForms;
  for (int S = 1; S < 256; S *= 2) {
    X Index = X(2 * S) * tx();
    LaneExprPtr Guard = (Index < 256).P;
    Loads.push_back(instance(Index + S, AccessKind::Load, Guard));
    LoadForms.push_back(form(Index + S));
    Stores.push_back(instance(Index, AccessKind::Store, Guard));
    StoreForms.push_back(form(Index));
  }
  BlockShape B{{256, 1, 1}};
  FlatBuffer Buffer{{"__smem", {0}, 4},
                    4,
                    {{&Loads, LoadForms, {B}, "load at 23:17"},
                     {&Stores, StoreForms, {B}, "store at 24:7"}}};
  FixPlan P = planIndexPadding({Buffer});
  EXPECT_EQ(P.Period, 32u);
  EXPECT_EQ(P.Pad, 1u);
  EXPECT_LT(P.After, P.Before);
  EXPECT_TRUE(conflictFreeAfter(Buffer, Buffer.Accesses[0], P));
  EXPECT_TRUE(conflictFreeAfter(Buffer, Buffer.Accesses[1], P));
}

TEST(FlatIndexPadding, ReversedRowIndexFlipsOddRows) {
  EXPECT_EQ(printLaneExpr(*reversedRowIndex(tx().P, 32)),
            "threadIdx.x ^ (((threadIdx.x / 32) % 2) * 31)");
}

/// A bitonic network's compare-exchange over 512 threads and a 1024-word
/// buffer, `pos = 2 * tid - (tid & (stride - 1))` with loads of `pos` and
/// `pos + stride` for a stride the kernel is not given.
struct BitonicStep {
  X Pos = X(2) * tx() - (tx() & (sym("stride") - 1));
  std::vector<AccessInstance> Low = {instance(Pos, AccessKind::Load)};
  std::vector<AccessInstance> High = {
      instance(Pos + sym("stride"), AccessKind::Load)};
  std::vector<AccessInstance> Fill = {instance(tx(), AccessKind::Store)};
  BlockShape B{{512, 1, 1}};
  FlatBuffer Buffer{
      {"s_key", {1024}, 4},
      4,
      {{&Fill, {form(tx())}, {B}, "store at 5:3"},
       {&Low, {form(Pos)}, {B}, "load at 9:7"},
       {&High, {form(Pos + sym("stride"))}, {B}, "load at 9:20"}}};
};

TEST(FlatIndexPadding, NoPaddingIsBestForEveryStrideOfABitonicNetwork) {
  BitonicStep Step;
  FixPlan P = planIndexPadding({Step.Buffer});
  EXPECT_FALSE(P.helps());
  EXPECT_EQ(
      P.WhyNot.rfind("the banks of the load at 9:7 depend on 'stride'", 0), 0u)
      << P.WhyNot;
  EXPECT_NE(P.WhyNot.find("no layout is best for every value"),
            std::string::npos);
}

TEST(FlatIndexPadding, TheIndexSwizzleFreesABitonicNetworkAtEveryStride) {
  // The network's steps at strides 1 to 512, each an execution: the
  // strides up to 16 split a warp's lanes between two rows of 32 words,
  // which the swizzle sends to the banks of one parity or half and the
  // other.
  std::vector<AccessInstance> Low, High;
  std::vector<FlatIndexForm> LowForms, HighForms;
  for (int Stride = 1; Stride <= 512; Stride *= 2) {
    X Pos = X(2) * tx() - (tx() & X(Stride - 1));
    Low.push_back(instance(Pos, AccessKind::Load));
    LowForms.push_back(form(Pos));
    High.push_back(instance(Pos + Stride, AccessKind::Load));
    HighForms.push_back(form(Pos + Stride));
  }
  BlockShape B{{512, 1, 1}};
  FlatBuffer Buffer{{"s_key", {1024}, 4},
                    4,
                    {{&Low, LowForms, {B}, "load at 9:7"},
                     {&High, HighForms, {B}, "load at 9:20"}}};
  FixPlan P = planIndexSwizzle({Buffer});
  ASSERT_TRUE(P.helps()) << P.WhyNot;
  EXPECT_EQ(P.Style, FixStyle::IndexSwizzle);
  EXPECT_EQ(P.Period, 32u);
  // 10 strides x 2 loads x 16 warps; 5 strides 2-way before.
  EXPECT_EQ(P.Before, 320u + 160u);
  EXPECT_EQ(P.After, 320u);
  EXPECT_EQ(rewrittenLayout(Buffer, 32, 0).Dims.front(), 1024u);
  EXPECT_TRUE(conflictFreeAfter(Buffer, Buffer.Accesses[0], P));
  EXPECT_TRUE(conflictFreeAfter(Buffer, Buffer.Accesses[1], P));
  // Index padding frees some strides only.
  FixPlan Padding = planIndexPadding({Buffer});
  EXPECT_GT(Padding.After, P.After);
}

TEST(FlatIndexPadding, TheIndexSwizzleIsNotOfferedOverAStrideNotKnown) {
  // Its best for the worst stride is not shown best for every stride.
  BitonicStep Step;
  FixPlan P = planIndexSwizzle({Step.Buffer});
  EXPECT_FALSE(P.helps());
  EXPECT_NE(P.WhyNot.find("no layout is best for every value"),
            std::string::npos);
}

/// \p Step's accesses with their stride known to hold only powers of two
/// from \p From (a loop halving it).
void strideHoldsPowersOfTwo(BitonicStep &Step, int64_t From) {
  for (auto *List : {&Step.Low, &Step.High, &Step.Fill})
    for (AccessInstance &I : *List)
      I.Desc.PowersOfTwoFrom["stride"] = From;
}

TEST(FlatIndexPadding, TheIndexSwizzleFreesEveryPowerOfTwoStride) {
  // The stride halves in a loop: every value it can hold is a power of
  // two, and the swizzle takes each access to its ideal at all of them.
  BitonicStep Step;
  strideHoldsPowersOfTwo(Step, 1);
  FixPlan P = planIndexSwizzle({Step.Buffer});
  ASSERT_TRUE(P.helps()) << P.WhyNot;
  EXPECT_EQ(P.Period, 32u);
  // The fill (16 warps) and the two loads at their worst stride: 2-way
  // before (32 + 32 per load), the ideal after.
  EXPECT_EQ(P.Before, 16u + 32u + 32u);
  EXPECT_EQ(P.After, 16u + 16u + 16u);
  // Index padding frees some strides only: not offered, for the reason
  // given before.
  FixPlan Padding = planIndexPadding({Step.Buffer});
  EXPECT_FALSE(Padding.helps());
  EXPECT_EQ(Padding.WhyNot.rfind(
                "the banks of the load at 9:7 depend on 'stride'", 0),
            0u)
      << Padding.WhyNot;
}

/// One warp loading s[Index] from 4096 words, stride a power of two.
FlatBuffer stridedLoad(const X &Index, std::vector<AccessInstance> &Load) {
  Load = {instance(Index, AccessKind::Load)};
  Load[0].Desc.PowersOfTwoFrom["stride"] = 1;
  return {{"s", {4096}, 4},
          4,
          {{&Load, {form(Index)}, {BlockShape{{32, 1, 1}}}, "load at 4:9"}}};
}

TEST(FlatIndexPadding, APowerOfTwoStrideGetsAPaddingNeverWorseAtAnyStride) {
  // s[t * stride]: 2-way at stride 2, 32-way at 32. No padding takes it
  // to its ideal at every stride (i + i / 32 leaves 2-way at 64, 4-way at
  // 128), but one is at no stride worse than the layout as it is.
  std::vector<AccessInstance> Load;
  FlatBuffer Buffer = stridedLoad(tx() * sym("stride"), Load);
  FixPlan P = planIndexPadding({Buffer});
  ASSERT_TRUE(P.helps()) << P.WhyNot;
  EXPECT_LT(P.After, P.Before);
  EXPECT_FALSE(conflictFreeAfter(Buffer, Buffer.Accesses[0], P));
}

TEST(FlatIndexPadding, ZeroIsComparedOnlyWhereTheStrideCanHoldIt) {
  // s[stride == 0 ? 33 * t : t * stride]: at stride 0 the rows of 33 words
  // are conflict-free, and i + i / 32 makes them 2-way (34); at every
  // power of two no padding is worse than the layout as it is. Refused
  // while 0 may be a value; offered where the loop that halves the stride
  // stops before 0.
  X Index = X(LaneExpr::conditional(cmp(BinaryOp::EQ, sym("stride"), X(0)).P,
                                    (X(33) * tx()).P, (tx() * sym("stride")).P,
                                    IntType::unsignedTy()));
  std::vector<AccessInstance> Load;
  FlatBuffer Buffer = stridedLoad(Index, Load);
  FixPlan MayBeZero = planIndexPadding({Buffer});
  EXPECT_FALSE(MayBeZero.helps());
  EXPECT_NE(MayBeZero.WhyNot.find("at stride = 0"), std::string::npos)
      << MayBeZero.WhyNot;
  Load[0].Desc.PowersNeverZero.insert("stride");
  FixPlan NeverZero = planIndexPadding({Buffer});
  ASSERT_TRUE(NeverZero.helps()) << NeverZero.WhyNot;
  EXPECT_LT(NeverZero.After, NeverZero.Before);
}

TEST(FlatIndexPadding, APowerOfTwoStrideALayoutWorsensSomewhereIsRefused) {
  // s[t * (32 + stride)]: conflict-free at stride 1 (33 words apart),
  // which i + i / 32 makes 2-way (34); better at 32 and 64. No layout is
  // shown no worse at every stride.
  std::vector<AccessInstance> Load;
  FlatBuffer Buffer = stridedLoad(tx() * (X(32) + sym("stride")), Load);
  for (const FixPlan &P :
       {planIndexPadding({Buffer}), planIndexSwizzle({Buffer})}) {
    EXPECT_FALSE(P.helps());
    EXPECT_EQ(
        P.WhyNot.rfind("the banks of the load at 4:9 depend on 'stride'", 0),
        0u)
        << P.WhyNot;
  }
}

TEST(FlatIndexPadding, TheIndexSwizzleLeavesCarvedPartsAlone) {
  // unsigned *p = s + 512; p[2 * t - 512] (2-way): a view's subscript
  // may be negative, where i / 32 rounds towards zero. The access is
  // s[2 * t].
  X Subscript = asInt(X(2) * tx()) - 512;
  std::vector<AccessInstance> Load = {instance(X(2) * tx(), AccessKind::Load)};
  FlatBuffer Buffer{{"s", {1024}, 4},
                    4,
                    {{&Load,
                      {{Subscript.P, LaneExpr::constant(512, I64)}},
                      {BlockShape{{512, 1, 1}}},
                      "load at 7:3"}}};
  EXPECT_EQ(planIndexSwizzle({Buffer}).WhyNot,
            "the load at 7:3 is in a carved part, whose subscripts the "
            "swizzle does not rewrite");
}

TEST(FlatIndexPadding, TheIndexSwizzleNeedsWholeRows) {
  std::vector<AccessInstance> Load = {instance(tx() * 2, AccessKind::Load)};
  FlatBuffer Odd{{"s", {1000}, 4},
                 4,
                 {{&Load, {form(tx() * 2)}, {BlockShape{{32, 1, 1}}}, "load"}}};
  EXPECT_EQ(planIndexSwizzle({Odd}).WhyNot,
            "'s' holds 1000 elements, not whole rows of 32");
  FlatBuffer Extern = Odd;
  Extern.Layout.Dims = {0};
  EXPECT_EQ(planIndexSwizzle({Extern}).WhyNot,
            "the launch gives the size of 's', which the swizzle needs in "
            "whole rows of 32");
}

TEST(FlatIndexPadding, ReplaceRowStride) {
  LaneExprPtr R = replaceRowStride((tx() * 32 + ty()).P, 32, 33);
  ASSERT_TRUE(R);
  EXPECT_NE(printLaneExpr(*R).find("33"), std::string::npos);
  EXPECT_TRUE(replaceRowStride((ty() + X(32) * tx()).P, 32, 33));
  EXPECT_FALSE(replaceRowStride((tx() + 5).P, 32, 33));
  EXPECT_FALSE(replaceRowStride((tx() * 16 + ty()).P, 32, 33));
}

TEST(FlatIndexPadding, RowStrideOfAHandIndexedTile) {
  // smem[ty * 32 + tx] = ...; ... = smem[tx * 32 + ty]; block 32x32.
  X Row = ty() * 32 + tx(), Column = tx() * 32 + ty();
  std::vector<AccessInstance> Store = {instance(Row, AccessKind::Store)};
  std::vector<AccessInstance> Load = {instance(Column, AccessKind::Load)};
  BlockShape B{{32, 32, 1}};
  FlatBuffer Buffer{{"smem", {0}, 4},
                    4,
                    {{&Store, {form(Row)}, {B}, "store"},
                     {&Load, {form(Column)}, {B}, "load"}}};
  FixPlan P = planRowStride({Buffer}, 32);
  EXPECT_EQ(P.Style, FixStyle::RowStride);
  EXPECT_EQ(P.Period, 32u);
  EXPECT_EQ(P.Pad, 1u);
  EXPECT_EQ(P.Before, 32u + 1024u);
  EXPECT_EQ(P.After, 32u + 32u);
}

TEST(FlatIndexPadding, NotARowStrideIsNotJudged) {
  std::vector<AccessInstance> Load = {instance(tx() * 64, AccessKind::Load)};
  FlatBuffer Buffer{
      {"s", {0}, 4},
      4,
      {{&Load, {form(tx() * 64)}, {BlockShape{{32, 1, 1}}}, "load"}}};
  FixPlan P = planRowStride({Buffer}, 32);
  EXPECT_EQ(P.Pad, 0u);
}

TEST(FlatIndexPadding, CarvedViewStartIsPaddedToo) {
  // float *b = smem + 1024; b[tx * 32 + ty]: the byte offset is
  // 4096 + (tx * 32 + ty) * 4, as the walker builds it.
  X Index = tx() * 32 + ty();
  AccessInstance I;
  I.Desc.FlatBytes = true;
  I.Desc.Indices = {LaneExpr::binary(
      BinaryOp::Add, LaneExpr::constant(4096, I64),
      LaneExpr::binary(BinaryOp::Mul, LaneExpr::cast(Index.P, I64),
                       LaneExpr::constant(4, I64), I64),
      I64)};
  std::vector<AccessInstance> Load = {I};
  BlockShape B{{32, 32, 1}};
  FlatBuffer Buffer{
      {"smem", {0}, 4},
      4,
      {{&Load, {{Index.P, LaneExpr::constant(1024, I64)}}, {B}, "load"}}};
  settleViewStarts(Buffer.Accesses[0]);
  FixPlan P = planIndexPadding({Buffer});
  EXPECT_EQ(P.Period, 32u);
  EXPECT_EQ(P.Before, 1024u);
  EXPECT_EQ(P.After, 32u);
  // Lane (1, 0): b[32] -> element 1024 + 32 + 32 + 1 = 1089.
  std::vector<AccessInstance> After =
      rewrittenInstances(Buffer.Accesses[0], Buffer, P.Style, 32, 1);
  AccessEvaluation E =
      evaluateAccess(Buffer.Layout, After[0].Desc, BlockShape{{32, 32, 1}});
  ASSERT_TRUE(E.judged());
  EXPECT_EQ(E.Warps[0].Addresses[1], std::optional<uint64_t>(1089u * 4));
}

/// The load `p[Subscript]` of view p = s + Start (a view whose start is
/// \p StartExpr) of a float buffer of 1024 elements, as the walker builds
/// it: bytes Start * 4 + Subscript * 4.
FlatBuffer viewBuffer(std::vector<AccessInstance> &Load, const X &Subscript,
                      const LaneExprPtr &StartExpr) {
  AccessInstance I;
  I.Desc.FlatBytes = true;
  I.Desc.Indices = {LaneExpr::binary(
      BinaryOp::Add,
      LaneExpr::binary(BinaryOp::Mul, LaneExpr::cast(StartExpr, I64),
                       LaneExpr::constant(4, I64), I64),
      LaneExpr::binary(BinaryOp::Mul, LaneExpr::cast(Subscript.P, I64),
                       LaneExpr::constant(4, I64), I64),
      I64)};
  Load = {I};
  FlatBuffer Buffer{{"s", {1024}, 4},
                    4,
                    {{&Load,
                      {{Subscript.P, StartExpr}},
                      {BlockShape{{256, 1, 1}}},
                      "load at 9:12"}}};
  settleViewStarts(Buffer.Accesses[0]);
  return Buffer;
}

/// Whether each lane of the rewritten load reaches the element the buffer's
/// own subscript \p Element moves to under (32, \p Pad).
void expectBuffersElement(const FlatBuffer &Buffer, const X &Element,
                          unsigned Pad) {
  std::vector<AccessInstance> After = rewrittenInstances(
      Buffer.Accesses[0], Buffer, FixStyle::IndexPadding, 32, Pad);
  BlockShape Shape{{256, 1, 1}};
  AccessEvaluation E =
      evaluateAccess(rewrittenLayout(Buffer, 32, Pad), After[0].Desc, Shape);
  ASSERT_TRUE(E.judged());
  LaneExprPtr Moved = paddedIndex(Element.P, 32, Pad);
  for (const WarpOutcome &W : E.Warps)
    for (unsigned Lane = 0; Lane < 32; ++Lane) {
      LaneEnv Env;
      Env.ThreadIdx = {W.Warp * 32 + Lane, 0, 0};
      Env.BlockDim = Shape.Dim;
      std::optional<int64_t> Want = evaluateLaneConcrete(*Moved, Env);
      ASSERT_TRUE(Want);
      EXPECT_EQ(W.Addresses[Lane], std::optional<uint64_t>(*Want * 4))
          << "lane " << Env.ThreadIdx[0];
    }
}

TEST(FlatIndexPadding, AViewsNegativeSubscriptsReachTheElementsTheyReached) {
  // float *p = s + 32; p[32 * (t % 8) + t / 8 - 32]: the element
  // 32 * (t % 8) + t / 8 of s. Padded as `i + i / 32 * 4` (with the start
  // padded to 36), lane 8 would read p[-31 + 0] = s[5], not s[1].
  X Subscript = asInt(X(32) * (tx() % X(8)) + tx() / X(8)) - X(32);
  std::vector<AccessInstance> Load;
  FlatBuffer Buffer = viewBuffer(Load, Subscript, LaneExpr::constant(32, I64));
  const FlatIndexForm &F = Buffer.Accesses[0].Forms[0];
  EXPECT_EQ(F.ConstantStart, std::optional<int64_t>(32));
  EXPECT_TRUE(F.SeenNegative);
  EXPECT_TRUE(shiftedPadding(F, 32));
  expectBuffersElement(Buffer, X(32) * (tx() % X(8)) + tx() / X(8), 4);
}

TEST(FlatIndexPadding, AViewOneElementInIsPaddedThroughItsStart) {
  // unsigned *list = counts + 1; list[t]: the element t + 1 of counts.
  std::vector<AccessInstance> Load;
  FlatBuffer Buffer = viewBuffer(Load, tx(), LaneExpr::constant(1, I64));
  const FlatIndexForm &F = Buffer.Accesses[0].Forms[0];
  EXPECT_TRUE(F.NeverNegative);
  EXPECT_TRUE(shiftedPadding(F, 32));
  // A start of whole periods and subscripts never negative: `i + i / 32`.
  std::vector<AccessInstance> Whole;
  FlatBuffer Aligned = viewBuffer(Whole, tx(), LaneExpr::constant(64, I64));
  EXPECT_FALSE(shiftedPadding(Aligned.Accesses[0].Forms[0], 32));
  expectBuffersElement(Buffer, tx() + X(1), 1);
  expectBuffersElement(Aligned, tx() + X(64), 1);
}

TEST(FlatIndexPadding, ANegativeSubscriptOfAViewStartedPerThreadIsRefused) {
  // float *mine = s + 32 * (t % 4 + 1); mine[t / 8 - 32]: the start is
  // padded on its own, which a negative subscript does not follow.
  X Start = X(32) * (tx() % X(4) + X(1));
  std::vector<AccessInstance> Load;
  FlatBuffer Buffer = viewBuffer(Load, asInt(tx() / X(8)) - X(32), Start.P);
  EXPECT_FALSE(Buffer.Accesses[0].Forms[0].ConstantStart);
  FixPlan P = planIndexPadding({Buffer});
  EXPECT_EQ(P.WhyNot, "the load at 9:12 indexes a part carved per thread at "
                      "a negative subscript, where `i / W` rounds towards "
                      "zero");
}

} // namespace

namespace {

TEST(FlatIndexPadding, SplitsNvccsMerges) {
  // s[64 * t] and s[64 * t + 1], merged into one 8-byte load (32-way).
  // nvcc merges none of the rewritten subscripts, so the plan judges the
  // two 4-byte loads apart: i + i / 64 puts lane t's pair in banks t and
  // t + 1, conflict-free, with an odd pad that would misalign the merge.
  X Index = X(64) * tx();
  AccessInstance Keep = instance(Index, AccessKind::Load);
  Keep.Unmerged = Keep.Desc;
  Keep.Desc.Width = 8;
  Keep.MergeNote = "nvcc merges it with the following loads into one "
                   "8-byte load";
  AccessInstance Drop = instance(Index + 1, AccessKind::Load);
  Drop.MergedAway = true;
  Drop.MergedInto = true;
  Drop.MergeNote = "nvcc merges it into the load at 1:1";
  std::vector<AccessInstance> First = {Keep}, Second = {Drop};
  FlatBuffer Buffer{
      {"s", {2048}, 4},
      4,
      {{&First, {form(Index)}, {BlockShape{{32, 1, 1}}}, "a"},
       {&Second, {form(Index + 1)}, {BlockShape{{32, 1, 1}}}, "b"}}};
  FixPlan P = planIndexPadding({Buffer});
  ASSERT_NE(P.Pad, 0u);
  EXPECT_EQ(P.After, 2u) << "two conflict-free 4-byte loads";
  for (const FlatAccess &A : Buffer.Accesses)
    for (const AccessInstance &I :
         rewrittenInstances(A, Buffer, P.Style, P.Period, P.Pad)) {
      EXPECT_FALSE(I.MergedAway);
      EXPECT_EQ(I.Desc.Width, 4u);
    }
}

TEST(FlatIndexPadding, RowStrideInsideALongerSum) {
  // s[t * 40 + i + j] and s[t * 40 + c - 1]: the product is found in the
  // sum around it, and only it changes.
  X A = tx() * 40 + sym("i") + sym("j"), B = tx() * 40 + sym("c") - 1;
  LaneExprPtr RA = replaceRowStride(A.P, 40, 41);
  LaneExprPtr RB = replaceRowStride(B.P, 40, 41);
  ASSERT_NE(RA, nullptr);
  ASSERT_NE(RB, nullptr);
  EXPECT_EQ(printLaneExpr(*RA), "((threadIdx.x * 41) + i) + j");
  EXPECT_EQ(printLaneExpr(*RB), "((threadIdx.x * 41) + c) - 1");
  EXPECT_EQ(replaceRowStride((sym("c") - tx() * 40).P, 40, 41), nullptr);
}

TEST(FlatIndexPadding, EachInstantiationItsOwnRowStride) {
  // One template, two instantiations: rows of 40 and of 36 floats read a
  // row per thread (8-way and 4-way); padding each by one makes both
  // conflict-free.
  BlockShape B{{32, 1, 1}};
  X Forty = tx() * 40 + 3, ThirtySix = tx() * 36 + 3;
  std::vector<AccessInstance> L40 = {instance(Forty, AccessKind::Load)};
  std::vector<AccessInstance> L36 = {instance(ThirtySix, AccessKind::Load)};
  FlatBuffer A{{"s", {0}, 4}, 4, {{&L40, {form(Forty)}, {B}, "load"}}};
  FlatBuffer C{{"s", {0}, 4}, 4, {{&L36, {form(ThirtySix)}, {B}, "load"}}};
  A.Stride = 40;
  C.Stride = 36;
  FixPlan P = planRowStrides({A, C});
  EXPECT_EQ(P.Pad, 1u);
  EXPECT_EQ(P.Before, 8u + 4u);
  EXPECT_EQ(P.After, 1u + 1u);
}

TEST(FlatIndexPadding, StridesThatDifferAreEachMadeOdd) {
  // Rows of 40, 35 and 36 floats, a row per thread: no one padding suits
  // all (one more makes the 35 a 36, 4-way); each made odd (41, 35, 37)
  // leaves every read at its ideal.
  BlockShape B{{32, 1, 1}};
  X Forty = tx() * 40 + 3, ThirtyFive = tx() * 35 + 3,
    ThirtySix = tx() * 36 + 3;
  std::vector<AccessInstance> L40 = {instance(Forty, AccessKind::Load)};
  std::vector<AccessInstance> L35 = {instance(ThirtyFive, AccessKind::Load)};
  std::vector<AccessInstance> L36 = {instance(ThirtySix, AccessKind::Load)};
  FlatBuffer A{{"s", {0}, 4}, 4, {{&L40, {form(Forty)}, {B}, "load"}}};
  FlatBuffer C{{"s", {0}, 4}, 4, {{&L35, {form(ThirtyFive)}, {B}, "load"}}};
  FlatBuffer D{{"s", {0}, 4}, 4, {{&L36, {form(ThirtySix)}, {B}, "load"}}};
  A.Stride = 40;
  C.Stride = 35;
  D.Stride = 36;
  FixPlan P = planRowStrides({A, C, D});
  EXPECT_EQ(P.RoundTo, 1u);
  EXPECT_EQ(P.Pad, 1u); // the most any stride grows
  EXPECT_EQ(P.Before, 8u + 1u + 4u);
  EXPECT_EQ(P.After, 3u);
  EXPECT_EQ(stridePad(P, 35), 0u);
  EXPECT_EQ(stridePad(P, 40), 1u);
}

TEST(FlatIndexPadding, RoundedStrides) {
  EXPECT_EQ(roundedStride(34, 1), 35u);
  EXPECT_EQ(roundedStride(35, 1), 35u);
  EXPECT_EQ(roundedStride(40, 4), 44u); // 11 quads
  EXPECT_EQ(roundedStride(44, 4), 44u);
  EXPECT_EQ(roundedStride(48, 4), 52u);
  EXPECT_EQ(roundedStride(33, 4), 36u); // 9 quads
  EXPECT_EQ(roundedStride(7, 0), 7u);
}

} // namespace
