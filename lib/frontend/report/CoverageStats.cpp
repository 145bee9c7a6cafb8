//===- CoverageStats.cpp - What was found, judged and not judged ----------===//

#include "frontend/report/CoverageStats.h"

#include <map>
#include <tuple>

namespace bankfix {

Coverage coverageOf(const std::vector<AccessRecord> &Records) {
  // One access: its place, kind and walked function; judged when every
  // shape judged it, conflicting when one shape conflicts.
  using Key =
      std::tuple<std::string, unsigned, unsigned, std::string, std::string>;
  struct State {
    bool Judged = true, Conflicting = false, WorstCase = false;
  };
  std::map<Key, State> Accesses;
  for (const AccessRecord &R : Records) {
    State &S = Accesses[Key{R.File, R.Line, R.Column, R.Kind, R.Function}];
    S.Judged = S.Judged && R.Judged;
    S.Conflicting = S.Conflicting || R.conflict();
    S.WorstCase = S.WorstCase || !R.WorstCase.empty();
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
  }
  return C;
}

std::string coverageLine(const std::string &File, const Coverage &C) {
  return "bankfix: " + File + ": " + std::to_string(C.Found) +
         " shared access" + (C.Found == 1 ? "" : "es") + " found, " +
         std::to_string(C.Judged) + " judged (" +
         std::to_string(C.Conflicting) + " conflicting" +
         (C.WorstCase ? ", " + std::to_string(C.WorstCase) + " as a worst case"
                      : "") +
         "), " + std::to_string(C.NotJudged) + " not judged\n";
}

} // namespace bankfix
