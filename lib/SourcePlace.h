//===- SourcePlace.h - "file:line:col" for a source location --------------===//

#ifndef BANKFIX_SOURCEPLACE_H
#define BANKFIX_SOURCEPLACE_H

#include "clang/Basic/SourceLocation.h"

#include <string>

namespace clang {
class SourceManager;
}

namespace bankfix {

/// "file:line:col" of \p Loc (of its expansion, for a macro), or "an
/// unknown place".
std::string describePlace(const clang::SourceManager &SM,
                          clang::SourceLocation Loc);

} // namespace bankfix

#endif // BANKFIX_SOURCEPLACE_H
