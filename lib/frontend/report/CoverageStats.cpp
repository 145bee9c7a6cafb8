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
  std::map<Key, std::pair<bool, bool>> Accesses;
  for (const AccessRecord &R : Records) {
    auto [It, New] = Accesses.try_emplace(
        Key{R.File, R.Line, R.Column, R.Kind, R.Function}, true, false);
    It->second.first = It->second.first && R.Judged;
    It->second.second = It->second.second || R.conflict();
  }
  Coverage C;
  for (const auto &[K, V] : Accesses) {
    ++C.Found;
    if (V.first)
      ++C.Judged;
    else
      ++C.NotJudged;
    if (V.first && V.second)
      ++C.Conflicting;
  }
  return C;
}

std::string coverageLine(const std::string &File, const Coverage &C) {
  return "bankfix: " + File + ": " + std::to_string(C.Found) +
         " shared access" + (C.Found == 1 ? "" : "es") + " found, " +
         std::to_string(C.Judged) + " judged (" +
         std::to_string(C.Conflicting) + " conflicting), " +
         std::to_string(C.NotJudged) + " not judged\n";
}

} // namespace bankfix
