// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixesBesideErrors.h - Fixes that code with errors cannot touch -----===//
//
// A file clang parses with errors that nvcc accepts (a kernel calling an
// intrinsic clang's headers do not overload) still gets the fixes of the
// functions that parsed cleanly, but only where the code clang could not
// follow cannot reach them: a function holding an error must not be edited
// by a fix, and the statements holding its errors (and the text between
// its statements, where skipped tokens would be) must not name a fixed
// array or a function a fix edits (a helper given the buffer, a kernel
// launched with a grown byte count, the launch's host function). What
// clang dropped there could otherwise pass the buffer on, launch the
// kernel or call the rewritten helper unseen; the statements it kept are
// analysed as they are. A name in a comment or a string does not count.
// When that text names a variable that can hold an address (a kept
// statement may have set it to the kernel or the buffer), or cannot be
// read, the whole function counts.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FIXESBESIDEERRORS_H
#define BANKFIX_FIXESBESIDEERRORS_H

#include "frontend/fix/ArrayFixes.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <utility>
#include <vector>

namespace bankfix {

/// The functions of a translation unit that hold an error, found once.
class FunctionsWithErrors {
public:
  /// functionHasErrors with \p ErrorLocations and \p Accepted.
  FunctionsWithErrors(clang::ASTContext &Ctx,
                      llvm::ArrayRef<clang::SourceLocation> ErrorLocations,
                      llvm::ArrayRef<clang::SourceLocation> Accepted);

  /// Why \p Fix could be reached from one of them (one names what it
  /// rewrites); empty when none names anything it touches.
  std::string reach(const ArrayFix &Fix) const;

private:
  /// A function holding an error, with the identifiers of the text where
  /// clang may have dropped code (the whole function's when that text
  /// names a variable that can hold an address); none and not Readable
  /// when it cannot be read.
  struct Broken {
    const clang::FunctionDecl *F = nullptr;
    bool Readable = true;
    /// The identifiers are the whole function's.
    bool Carried = false;
    std::vector<std::pair<std::string, clang::SourceLocation>> Identifiers;
  };

  clang::ASTContext &Ctx;
  /// Every function definition, instantiations included.
  std::vector<const clang::FunctionDecl *> All;
  std::vector<Broken> BrokenFunctions;
};

} // namespace bankfix

#endif // BANKFIX_FIXESBESIDEERRORS_H
