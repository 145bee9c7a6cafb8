// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- InputFile.h - Checks on a source file before it is parsed ----------===//
//
// A file bankfix is asked to check must exist, be a regular readable file,
// hold something, and be text: each failure is one clear message.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_INPUTFILE_H
#define BANKFIX_INPUTFILE_H

#include <string>

namespace bankfix {

/// Empty when \p Path can be parsed; otherwise what is wrong with it.
std::string checkInputFile(const std::string &Path);

} // namespace bankfix

#endif // BANKFIX_INPUTFILE_H
