// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BankfixMain.cpp - The bankfix command line -------------------------===//
//
// bankfix [options] FILE... [-- compiler args]
//
// Exit codes: 0 no findings (or findings without --warnings-as-errors),
// 1 findings with --warnings-as-errors, 2 a tool error (bad option, missing,
// unreadable or unparsable file).
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "Run.h"

#include "llvm/Support/InitLLVM.h"

using namespace bankfix;

int main(int argc, const char **argv) {
  llvm::InitLLVM Init(argc, argv);
  RunRequest Request;
  if (std::optional<int> Exit = parseCommandLine(argc, argv, Request)) {
    // A CI step uploads the report even when the run stopped: it gets a
    // valid one, with the error in it.
    if (*Exit != 0)
      writeReport(requestedFormat(), {});
    return *Exit;
  }
  return runBankfix(Request);
}
