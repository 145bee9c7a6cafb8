// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SourcePlace.h - "file:line:col" for a source location --------------===//

#ifndef BANKFIX_SOURCEPLACE_H
#define BANKFIX_SOURCEPLACE_H

#include "core/result/Finding.h"

#include "clang/Basic/LangOptions.h"
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

/// "line:col" of \p Loc (of its expansion, for a macro), or "?"; in a
/// system header (a library's code), "header.cuh:line:col".
std::string lineColumn(const clang::SourceManager &SM,
                       clang::SourceLocation Loc);

/// The lines and columns \p Range covers (its expansion, for a macro; a
/// token range ends after its last token).
SourceRegion regionOf(const clang::SourceManager &SM,
                      const clang::LangOptions &LangOpts,
                      clang::CharSourceRange Range);

} // namespace bankfix

#endif // BANKFIX_SOURCEPLACE_H
