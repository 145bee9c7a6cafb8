// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DirectiveRecord.h - What the preprocessor read and skipped ---------===//
//
// A macro's number may be changed only where nothing but the code the
// parse sees reads it (NamedConstantFix.h). The AST holds what a macro
// expanded to in that code; this record holds the rest, as the
// preprocessor meets it: the macros a conditional directive reads (#if,
// #elif through other macros too, #ifdef, #ifndef, defined(), #elifdef)
// or #undef ends, and the parts of the files it skipped (host code under
// `#ifndef __CUDA_ARCH__` in a device parse).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_DIRECTIVERECORD_H
#define BANKFIX_DIRECTIVERECORD_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace bankfix {

struct DirectiveRecord {
  /// Macros read by a conditional directive or ended by #undef.
  std::set<std::string> ReadByDirectives;
  /// The ranges a conditional left out.
  std::vector<clang::SourceRange> Skipped;
};

/// Fills \p Record while \p PP preprocesses (\p Record outlives it).
void recordDirectives(clang::Preprocessor &PP, DirectiveRecord &Record);

} // namespace bankfix

#endif // BANKFIX_DIRECTIVERECORD_H
