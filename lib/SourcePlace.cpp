//===- SourcePlace.cpp - "file:line:col" for a source location ------------===//

#include "SourcePlace.h"

#include "clang/Basic/SourceManager.h"

namespace bankfix {

std::string describePlace(const clang::SourceManager &SM,
                          clang::SourceLocation Loc) {
  clang::PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "an unknown place";
  return std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) +
         ":" + std::to_string(P.getColumn());
}

} // namespace bankfix
