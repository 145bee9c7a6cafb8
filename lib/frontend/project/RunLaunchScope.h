// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RunLaunchScope.h - The launches one bankfix run sees ---------------===//
//
// The LaunchScope of a bankfix run: the files it checks, and the compile
// database (-p) that says which other files there are. A header's kernel
// can be launched from every file that includes the header; those the
// database lists (its .cu and .cuh files, their includes read as text by
// IncludeScan) must all be checked in the run. Without a database the
// other files cannot be known. Answers are cached per header and safe to
// ask from the threads of -j.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_RUNLAUNCHSCOPE_H
#define BANKFIX_RUNLAUNCHSCOPE_H

#include "frontend/fix/LaunchScope.h"

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace bankfix {

class CompileDatabase;

class RunLaunchScope : public LaunchScope {
public:
  /// \p Inputs: the files the run checks; \p DB: its compile database, or
  /// null. \p DB must outlive the scope.
  RunLaunchScope(const std::vector<std::string> &Inputs,
                 const CompileDatabase *DB);

  std::string unseenIncluders(const std::string &HeaderRealPath,
                              const std::string &HeaderName) const override;

private:
  std::set<std::string> Checked; ///< real paths
  const CompileDatabase *DB;
  mutable std::mutex Lock;
  mutable std::map<std::string, std::string> Answers;
};

} // namespace bankfix

#endif // BANKFIX_RUNLAUNCHSCOPE_H
