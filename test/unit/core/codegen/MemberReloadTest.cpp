// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MemberReloadTest.cpp - 16-byte loads nvcc splits after a member ----===//
//
// The kernels of test/differential/findings/int4_member_reload.cu: which
// member load of an int4 element, earlier in the kernel, makes nvcc split
// the element's whole load (measured on an H100).
//
//===----------------------------------------------------------------------===//

#include "core/codegen/MemberReload.h"
#include "AccessBuilder.h"

#include <gtest/gtest.h>

using namespace bankfix;
using namespace bankfix::test;

namespace {

const SharedArrayLayout Int4s{"s", {32}, 16};
const std::vector<BlockShape> Block128 = {BlockShape{{128, 1, 1}}};

X tid() { return tx() + ty() * X(LaneExpr::blockDim(0)); }
X lane() { return tid() % X(32); }

AccessInstance load(X Index, unsigned Width, uint64_t ByteOffset = 0) {
  AccessInstance I;
  I.Desc = access({Index}, Width);
  I.Desc.ByteOffset = ByteOffset;
  return I;
}

TEST(MemberReload, TheThirdMemberOfTheSameElement) {
  AccessInstance Whole = load(lane(), 16);
  // memberZ: s[lane].z, then int4 v = s[lane].
  EXPECT_TRUE(readsThirdWordOf(Int4s, load(lane(), 4, 8), Whole, Block128));
  // memberX, memberY, memberW: nothing happens.
  for (uint64_t Offset : {0, 4, 12})
    EXPECT_FALSE(
        readsThirdWordOf(Int4s, load(lane(), 4, Offset), Whole, Block128))
        << Offset;
  // otherElement, memberZThenWholeOther.
  EXPECT_FALSE(
      readsThirdWordOf(Int4s, load(lane() ^ X(1), 4, 8), Whole, Block128));
  EXPECT_FALSE(readsThirdWordOf(Int4s, load(lane(), 4, 8),
                                load((lane() + X(1)) % X(32), 16), Block128));
}

TEST(MemberReload, TheSameValueSpelledOtherwise) {
  // sameValueOtherSpelling: s[lane & tid].z, then s[tid % 32u].
  EXPECT_TRUE(readsThirdWordOf(Int4s, load(lane() & tid(), 4, 8),
                               load(tid() % X(32), 16), Block128));
  // Seed 2 measurement, batch_011.cu:743: equal in a one-warp block only
  // (lane and tid), and nvcc loaded the int4 as written.
  const SharedArrayLayout Wide{"s1", {64 * 129}, 16};
  std::vector<BlockShape> Warp = {BlockShape{{32, 1, 1}}};
  EXPECT_FALSE(readsThirdWordOf(Wide, load(lane() * X(129) + tx(), 4, 8),
                                load(tid() * X(129) + tx(), 16), Warp));
}

TEST(MemberReload, AGuardedMemberLoadCountsUnderTheSameGuardOnly) {
  // if (n) acc += s[lane].z; else { int4 v = s[lane]; ... }: the other
  // side of the if.
  X N = sym("n");
  AccessInstance Member = load(lane(), 4, 8);
  Member.Desc.Guard = N.P;
  AccessInstance Whole = load(lane(), 16);
  EXPECT_FALSE(readsThirdWordOf(Int4s, Member, Whole, Block128));
  Whole.Desc.Guard = cmp(BinaryOp::EQ, N, X(0)).P;
  EXPECT_FALSE(readsThirdWordOf(Int4s, Member, Whole, Block128));
  Whole.Desc.Guard = N.P;
  EXPECT_TRUE(readsThirdWordOf(Int4s, Member, Whole, Block128));
  // An unguarded member load precedes a guarded whole load.
  EXPECT_TRUE(readsThirdWordOf(Int4s, load(lane(), 4, 8), Whole, Block128));
}

TEST(MemberReload, KernelParametersInTheIndex) {
  // s[n + lane].z, then s[n + lane]: the same element whatever n is.
  X N = sym("n");
  const SharedArrayLayout Wide{"s", {256}, 16};
  EXPECT_TRUE(readsThirdWordOf(Wide, load(N + lane(), 4, 8),
                               load(N + lane(), 16), Block128));
  EXPECT_FALSE(readsThirdWordOf(Wide, load(N + lane(), 4, 8),
                                load(N * X(2) + lane(), 16), Block128));
}

TEST(MemberReload, OnlyFourByteMembersOfSixteenByteLoads) {
  const SharedArrayLayout Int2s{"s", {32}, 8};
  EXPECT_FALSE(
      readsThirdWordOf(Int2s, load(lane(), 4, 4), load(lane(), 8), Block128));
  AccessInstance Store = load(lane(), 4, 8);
  Store.Desc.Kind = AccessKind::Store;
  EXPECT_FALSE(readsThirdWordOf(Int4s, Store, load(lane(), 16), Block128));
}

} // namespace
