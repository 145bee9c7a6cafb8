// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessRecord.h - What was found about one access, as plain data ----===//
//
// The result for one access and one block shape, with its place in the
// source as text: what the machine-readable reports are made from.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_ACCESSRECORD_H
#define BANKFIX_ACCESSRECORD_H

#include "core/model/BlockShape.h"

#include <cstdint>
#include <optional>
#include <string>

namespace bankfix {

/// A place in a source file.
struct SourcePlaceRecord {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// For an access in a library's code (a system header), reported at the
/// user's call: the function that call enters and where the access is.
struct LibraryRecord {
  std::string Function;
  SourcePlaceRecord At;
};

struct AccessRecord {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::optional<LibraryRecord> Library;
  std::string Array;
  std::string Kind;     ///< "load", "store" or "atomic"
  std::string Function; ///< "kernel" or "kernel<16>"
  BlockShape Shape;
  std::string ShapeOrigin;
  /// "launch", "option", "any" (the result holds for any block the
  /// origin names) or "assumed".
  std::string ShapeSource;
  /// Why a conflict here is not reported: "NOLINT", "header-filter"; empty
  /// when it is.
  std::string SuppressedBy;
  bool Judged = false;
  /// When nvcc merges this access with adjacent ones: how.
  std::string Merge;
  std::string Problem; ///< when !Judged
  /// When judged but not exact: the numbers are the worst case over values
  /// that are not known, under this condition ("for n = 32").
  std::string WorstCase;
  /// Unknown symbols the numbers hold for every value of ("n").
  std::string ForEvery;
  /// How often the access runs per thread; nullopt when the walk could
  /// not count it (AccessInstance::Uncounted).
  std::optional<uint64_t> Iterations = 1;
  // When judged: the worst execution (iteration, warp) and the block totals.
  unsigned WavefrontsPerWarp = 0;
  unsigned IdealPerWarp = 0;
  unsigned NWay = 0;
  uint64_t BlockWavefronts = 0;
  uint64_t BlockIdeal = 0;

  uint64_t blockExcess() const { return BlockWavefronts - BlockIdeal; }
  bool conflict() const { return Judged && NWay > 1; }
};

} // namespace bankfix

#endif // BANKFIX_ACCESSRECORD_H
