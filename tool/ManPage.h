// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ManPage.h - bankfix.1 from the registered command-line options -----===//
//
// `bankfix --print-man-page` writes the manual page in roff from the same
// llvm::cl option table that --help prints, so the two never drift: every
// option --help shows (call it after cl::HideUnrelatedOptions and the
// parse) with its value name, help text and, for an enumeration, its values.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TOOL_MANPAGE_H
#define BANKFIX_TOOL_MANPAGE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace bankfix {

struct ManPageSource {
  const char *Version = "";
  /// ParseCommandLineOptions' overview: the first line is the page's
  /// NAME line, the rest its DESCRIPTION.
  llvm::StringRef Overview;
  /// The values of the enumeration options, which an llvm::cl::Option does
  /// not expose without knowing its type.
  llvm::DenseMap<const llvm::cl::Option *,
                 const llvm::cl::generic_parser_base *>
      EnumValues;
};

void printManPage(llvm::raw_ostream &OS, const ManPageSource &Source);

} // namespace bankfix

#endif // BANKFIX_TOOL_MANPAGE_H
