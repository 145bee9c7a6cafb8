// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FunctionErrors.h - Whether a function parsed cleanly ---------------===//
//
// After a parse with errors, the functions that hold none can still be
// analysed. A function holds an error when clang marked it, or a declaration
// in it, invalid, when its body holds an expression clang rebuilt around an
// error (a RecoveryExpr) or names an invalid declaration, or when an error
// was reported inside its source range. A __shared__ variable with a
// constructor, which clang refuses and nvcc accepts, is not an error.
// What clang may have dropped from such a function lies in the statements
// that hold the errors and between statements (where tokens it skipped
// would be); the other statements it kept as written.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FUNCTIONERRORS_H
#define BANKFIX_FUNCTIONERRORS_H

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace bankfix {

/// The text of \p R where the file holds it: from the first character of
/// its first token to the last of its last, macros taken at their use.
clang::CharSourceRange expansionText(const clang::SourceManager &SM,
                                     clang::SourceRange R);

/// \p ErrorLocations: expansion locations of the errors reported (as
/// ErrorRecorder keeps them); \p Accepted: those of the declarations clang
/// marked invalid for what nvcc accepts (ErrorRecorder::acceptedByNvcc),
/// which are not errors.
bool functionHasErrors(const clang::FunctionDecl &F,
                       llvm::ArrayRef<clang::SourceLocation> ErrorLocations,
                       llvm::ArrayRef<clang::SourceLocation> Accepted = {});

/// The __shared__ objects of class type in \p Body that clang refused (a
/// constructor nvcc accepts) at one of \p Accepted. A template written by
/// a macro has all its declarations at one expansion place: its arrays
/// are not taken.
std::vector<clang::VarDecl *>
refusedSharedObjects(const clang::Stmt &Body, const clang::SourceManager &SM,
                     llvm::ArrayRef<clang::SourceLocation> Accepted);

/// The __shared__ variable with a constructor that made clang drop the
/// body of \p F, a template's instance (clang refuses the constructor
/// when it instantiates the template, and drops the instance's body): the
/// variable of the template's pattern whose place is in \p Accepted;
/// null otherwise.
const clang::VarDecl *
refusedSharedObject(const clang::FunctionDecl &F,
                    llvm::ArrayRef<clang::SourceLocation> Accepted);

/// The parts of \p F's text where clang may have dropped code: every
/// statement of its body that holds an error (a block is split into its
/// statements in turn) and the text between a block's statements; the
/// whole function when it is invalid or an error lies outside those.
/// Expansion ranges; arguments as for functionHasErrors.
std::vector<clang::CharSourceRange>
textAroundErrors(const clang::FunctionDecl &F,
                 llvm::ArrayRef<clang::SourceLocation> ErrorLocations,
                 llvm::ArrayRef<clang::SourceLocation> Accepted = {});

} // namespace bankfix

#endif // BANKFIX_FUNCTIONERRORS_H
