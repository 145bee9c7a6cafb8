// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IncludeScan.h - Which headers a file reaches, read as text ---------===//
//
// Whether a source file includes a header, directly or through other
// headers, found from the `#include` lines of its text and of every header
// they name, resolved as the compiler does: a quoted name beside the file
// that includes it, then the -iquote, -I and -isystem directories of its
// command, in order. Conditional inclusion is not evaluated: a header named
// under `#if 0` counts as included, which errs towards "it may launch the
// kernel". Used to find the files of a compile database that can launch a
// kernel a header defines, without parsing them.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_INCLUDESCAN_H
#define BANKFIX_INCLUDESCAN_H

#include <string>
#include <vector>

namespace bankfix {

/// Whether \p File, compiled with the clang arguments \p Args (their -I,
/// -iquote, -isystem and -include options count), includes the file whose
/// real path is \p HeaderRealPath.
bool includesHeader(const std::string &File,
                    const std::vector<std::string> &Args,
                    const std::string &HeaderRealPath);

} // namespace bankfix

#endif // BANKFIX_INCLUDESCAN_H
