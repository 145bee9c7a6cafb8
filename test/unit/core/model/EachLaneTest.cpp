// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- EachLaneTest.cpp - cuda::atomic_ref's generic ATOM in the model ----===//
//
// The patterns of test/differential/findings/shared_atomic_ref.cu, measured
// with Nsight Compute (H200, sm_90): a cuda::atomic_ref update of a 4-byte
// integer on shared memory is a generic ATOM that serves every lane of a
// bank on its own, lanes on one word too; ATOMS (atomicAdd) shares a word's
// wavefront among its lanes.
//
//===----------------------------------------------------------------------===//

#include "core/model/BankModel.h"

#include <gtest/gtest.h>

#include <functional>

using namespace bankfix;

namespace {

WarpAccessResult oneWarp(const std::function<uint64_t(unsigned)> &Word,
                         LaneService Service) {
  WarpAddresses A;
  for (unsigned L = 0; L < WarpSize; ++L)
    A[L] = 4 * Word(L);
  return analyzeWarpAccess(A, 4, AccessKind::Atomic, Service);
}

TEST(EachLane, MeasuredWavefronts) {
  struct Case {
    const char *What;
    std::function<uint64_t(unsigned)> Word;
    unsigned Measured; // ncu, ideal 1
    unsigned Atoms;    // the same pattern served as ATOMS
  } Cases[] = {
      {"stride 8", [](unsigned L) { return L * 8; }, 8, 8},
      {"stride 32", [](unsigned L) { return L * 32; }, 32, 32},
      {"stride 33", [](unsigned L) { return L * 33; }, 1, 1},
      {"pairs on 16 words of 16 banks", [](unsigned L) { return L / 2; }, 2, 1},
      {"pairs on 16 words of one bank", [](unsigned L) { return (L / 2) * 32; },
       32, 16},
      {"every lane on one word (data)", [](unsigned) { return 0; }, 32, 1},
  };
  for (const Case &C : Cases) {
    WarpAccessResult R = oneWarp(C.Word, LaneService::EachLane);
    EXPECT_EQ(R.Wavefronts, C.Measured) << C.What;
    EXPECT_EQ(R.Ideal, 1u) << C.What;
    EXPECT_EQ(oneWarp(C.Word, LaneService::Instruction).Wavefronts, C.Atoms)
        << C.What;
  }
}

TEST(EachLane, InactiveLanesTakeNothing) {
  WarpAddresses A;
  for (unsigned L = 0; L < WarpSize; L += 4)
    A[L] = 4 * 32 * (L / 8); // lanes 0, 4 on word 0; 8, 12 on word 32...
  WarpAccessResult R =
      analyzeWarpAccess(A, 4, AccessKind::Atomic, LaneService::EachLane);
  EXPECT_EQ(R.Wavefronts, 8u);
}

} // namespace
