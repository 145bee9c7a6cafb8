// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExplainRequest.h - Which accesses --explain lays out ---------------===//
//
// `--explain` alone: every access bankfix warns about. `--explain=FILE:LINE`
// or `FILE:LINE:COL`: the accesses that begin there, conflicting or not.
// `--warp=N` picks the warp (default: the worst). No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_EXPLAINREQUEST_H
#define BANKFIX_EXPLAINREQUEST_H

#include <optional>
#include <string>

namespace bankfix {

struct ExplainPlace {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0; ///< 0: any column of the line
};

struct ExplainRequest {
  bool Enabled = false;
  /// Set for --explain=FILE:LINE[:COL]; every warned access otherwise.
  std::optional<ExplainPlace> Place;
  std::optional<unsigned> Warp; ///< --warp=N; the worst warp otherwise

  /// True when an access at \p Line:\p Column is the one asked for (the
  /// file is matched by the caller).
  bool matches(unsigned Line, unsigned Column) const {
    return Place && Place->Line == Line &&
           (Place->Column == 0 || Place->Column == Column);
  }
};

/// Parses FILE:LINE or FILE:LINE:COL (LINE and COL from 1). On failure
/// returns nullopt and sets \p Error.
std::optional<ExplainPlace> parseExplainPlace(const std::string &Text,
                                              std::string &Error);

} // namespace bankfix

#endif // BANKFIX_EXPLAINREQUEST_H
