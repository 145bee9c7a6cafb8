// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BlockShape.h - Thread-block shape and its warps --------------------===//
//
// A block shape (blockDim) and the mapping from (warp, lane) to threadIdx:
// linear id = x + y*Bx + z*Bx*By, warp w holds linear ids 32w .. 32w+31.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_BLOCKSHAPE_H
#define BANKFIX_BLOCKSHAPE_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace bankfix {

/// CUDA's limit on threads per block.
constexpr uint64_t MaxThreadsPerBlock = 1024;

struct BlockShape {
  std::array<unsigned, 3> Dim = {32, 32, 1};
  /// Launches of one shape that pass the kernel different parameter values
  /// (LaunchArguments.h) are analysed apart: 1, 2, ... tell them apart. 0
  /// for a shape whose launches agree, or that no launch gives.
  unsigned ArgumentSet = 0;

  uint64_t threads() const { return uint64_t(Dim[0]) * Dim[1] * Dim[2]; }
  unsigned warps() const;
  /// threadIdx of lane \p Lane of warp \p Warp, or nullopt when the block
  /// has no thread there (the last warp of a block that is not a multiple
  /// of 32 threads).
  std::optional<std::array<unsigned, 3>> threadIdx(unsigned Warp,
                                                   unsigned Lane) const;
  /// The threadIdx of the thread after \p Tid, x first (what threadIdx
  /// gives for the next lane, without its divisions).
  std::array<unsigned, 3> nextThread(std::array<unsigned, 3> Tid) const {
    if (++Tid[0] == Dim[0]) {
      Tid[0] = 0;
      if (++Tid[1] == Dim[1]) {
        Tid[1] = 0;
        ++Tid[2];
      }
    }
    return Tid;
  }
  /// "32x8x1".
  std::string str() const;

  bool operator==(const BlockShape &O) const {
    return Dim == O.Dim && ArgumentSet == O.ArgumentSet;
  }
  bool operator<(const BlockShape &O) const {
    return Dim != O.Dim ? Dim < O.Dim : ArgumentSet < O.ArgumentSet;
  }
};

/// Parses "X[,Y[,Z]]" or "X[xY[xZ]]". Each dimension must be at least 1 and
/// the block at most 1024 threads (z at most 64, as CUDA requires). On
/// failure returns nullopt and sets \p Error.
std::optional<BlockShape> parseBlockShape(const std::string &Text,
                                          std::string &Error);

/// One --block-dim value: "32,8" for every kernel, "transpose:32x8" for the
/// kernel named transpose (Kernel empty for the first form).
struct BlockDimOption {
  std::string Kernel;
  BlockShape Shape;
  /// The config file it comes from; empty for --block-dim.
  std::string ConfigFile;
};

std::optional<BlockDimOption> parseBlockDimOption(const std::string &Text,
                                                  std::string &Error);

} // namespace bankfix

#endif // BANKFIX_BLOCKSHAPE_H
