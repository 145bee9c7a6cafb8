// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchScope.h - Which launches of a header's kernel a run sees -----===//
//
// A fix that grows an extern __shared__ buffer grows every launch of its
// kernel. When the buffer is declared in a header, any file that includes
// the header can launch the kernel: growing the launches of one file and
// not another's would make the other read past its allocation. So such a
// fix is offered only when the run sees every file that includes the
// header: bankfix with a compile database that lists them, every one
// checked in the same run (the files given, or the whole database). The
// cross-file check of what those files' analyses plan together is
// ApplyUnits's.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_LAUNCHSCOPE_H
#define BANKFIX_LAUNCHSCOPE_H

#include <optional>
#include <string>

namespace clang {
class SourceManager;
class VarDecl;
} // namespace clang

namespace bankfix {

/// What a run sees of the files that may launch a header's kernels.
class LaunchScope {
public:
  virtual ~LaunchScope() = default;
  /// Empty when every file that may include the header at
  /// \p HeaderRealPath is checked in this run; otherwise why not, as the
  /// end of a sentence ("'b.cu' includes it and is not checked in this
  /// run").
  virtual std::string unseenIncluders(const std::string &HeaderRealPath,
                                      const std::string &HeaderName) const = 0;
};

/// A declaration's header: its name as the file includes it, its real
/// path, and the declaration's offset in it.
struct DeclaringHeader {
  std::string Name, RealPath;
  unsigned Offset = 0;
};

/// Where \p Decl is declared, when that is not the main file.
std::optional<DeclaringHeader> declaringHeader(const clang::SourceManager &SM,
                                               const clang::VarDecl &Decl);

/// Why the launches of the kernels that use \p Buffer cannot all be grown,
/// or empty: it is declared in the main file, or \p Scope sees every file
/// that includes its header. A null \p Scope checks one file at a time
/// (clang-tidy's check).
std::string unseenLaunchRefusal(const clang::SourceManager &SM,
                                const clang::VarDecl &Buffer,
                                const LaunchScope *Scope);

} // namespace bankfix

#endif // BANKFIX_LAUNCHSCOPE_H
