// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CoverageStats.cpp - What was found, judged and not judged ----------===//

#include "frontend/report/CoverageStats.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace bankfix {

Coverage coverageOf(const std::vector<AccessRecord> &Records) {
  // One access: its place (and, for library code reported at the user's
  // call, its place there), kind and walked function; judged when every
  // shape judged it, conflicting when one shape conflicts.
  using Key = std::tuple<std::string, unsigned, unsigned, std::string, unsigned,
                         unsigned, std::string, std::string>;
  struct State {
    bool Judged = true, Conflicting = false, WorstCase = false;
    int Sureness = 3; ///< the least sure shape: 0 assumed .. 3 launch
  };
  auto Sureness = [](const std::string &Source) {
    return Source == "launch"   ? 3
           : Source == "option" ? 2
           : Source == "any"    ? 1
                                : 0;
  };
  std::map<Key, State> Accesses;
  for (const AccessRecord &R : Records) {
    const SourcePlaceRecord NoPlace;
    const SourcePlaceRecord &In = R.Library ? R.Library->At : NoPlace;
    State &S = Accesses[Key{R.File, R.Line, R.Column, In.File, In.Line,
                            In.Column, R.Kind, R.Function}];
    S.Judged = S.Judged && R.Judged;
    S.Conflicting = S.Conflicting || R.conflict();
    S.WorstCase = S.WorstCase || !R.WorstCase.empty();
    S.Sureness = std::min(S.Sureness, Sureness(R.ShapeSource));
  }
  Coverage C;
  for (const auto &[K, S] : Accesses) {
    ++C.Found;
    if (S.Judged)
      ++C.Judged;
    else
      ++C.NotJudged;
    if (S.Judged && S.Conflicting)
      ++C.Conflicting;
    if (S.Judged && S.WorstCase)
      ++C.WorstCase;
    if (S.Judged)
      ++(S.Sureness == 3   ? C.ShapeFromLaunch
         : S.Sureness == 2 ? C.ShapeFromOption
         : S.Sureness == 1 ? C.ShapeAnyBlock
                           : C.ShapeAssumed);
  }
  return C;
}

/// "; block shapes: 8 from launches, 2 for any block, 1 assumed".
static std::string shapeCounts(const Coverage &C) {
  std::string Out;
  auto Add = [&](unsigned N, const char *What) {
    if (N)
      Out +=
          (Out.empty() ? "; block shapes: " : ", ") + std::to_string(N) + What;
  };
  Add(C.ShapeFromLaunch, " from launches");
  Add(C.ShapeFromOption, " set by option");
  Add(C.ShapeAnyBlock, " for any block");
  Add(C.ShapeAssumed, " assumed");
  return Out;
}

std::string coverageLine(const std::string &File, const Coverage &C) {
  return "bankfix: " + File + ": " + std::to_string(C.Found) +
         " shared access" + (C.Found == 1 ? "" : "es") + " found, " +
         std::to_string(C.Judged) + " judged (" +
         std::to_string(C.Conflicting) + " conflicting" +
         (C.WorstCase ? ", " + std::to_string(C.WorstCase) + " as a worst case"
                      : "") +
         "), " + std::to_string(C.NotJudged) + " not judged" + shapeCounts(C) +
         "\n";
}

} // namespace bankfix
