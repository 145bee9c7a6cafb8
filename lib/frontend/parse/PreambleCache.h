// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PreambleCache.h - A cached PCH of what clang parses before a file --===//
//
// Before every CUDA file clang parses its CUDA runtime wrapper and, through
// it, the toolkit's headers (or bankfix's built-in prelude): almost all of
// the time a file takes. bankfix keeps that preamble as a precompiled header
// in a cache directory, keyed by everything that changes it (bankfix's and
// clang's versions, the whole parse command line: resource directory,
// toolkit, GPU architecture, language standard, macros, include paths; the
// toolkit's version file), and parses with it.
//
// The cache is never needed: a PCH that is missing, being built by another
// process, corrupt (its name holds a checksum of its bytes), stale (clang
// checks the headers it was built from) or in a directory bankfix cannot
// write is skipped and the file parsed as without a cache. Files are
// written under a unique name and renamed into place; one process builds a
// given PCH at a time (a lock file), the others parse without it meanwhile;
// the oldest PCHs go when the directory holds more than MaxBytes.
//
// A missing PCH is built by a detached bankfix process (Builder) while the
// file is parsed without it, so that a first run costs what a run without
// the cache costs; the runs after it use the PCH. With no Builder (a
// library user, --wait-for-cache) it is built first, then used.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_PREAMBLECACHE_H
#define BANKFIX_PREAMBLECACHE_H

#include "clang/Basic/FileManager.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

/// The empty main file the preamble is built from (a virtual file, beside
/// the built-in prelude).
constexpr const char *PreambleSourcePath =
    "/bankfix-builtin/bankfix_preamble.cu";

struct PreambleCacheOptions {
  /// Off unless asked for (the command line asks, unless --no-cache): a
  /// library user does not write in ~/.cache unawares.
  bool Enabled = false;
  /// Empty: $XDG_CACHE_HOME/bankfix, else ~/.cache/bankfix.
  std::string Dir;
  /// Say on stderr what the cache did (--verbose).
  bool Verbose = false;
  std::string ToolVersion; ///< bankfix's version, part of the key
  uint64_t MaxBytes = uint64_t(1) << 30;
  /// The bankfix executable that builds a missing PCH in the background
  /// (`Builder --build-preamble --cache-dir=DIR -- ARGS`); empty: build it
  /// before parsing.
  std::string Builder;
};

/// Whether a parse with the user's arguments \p ExtraArgs can use a cached
/// preamble: not when they include files before the main file (-include,
/// -imacros), use a PCH or modules of their own, or talk to clang's
/// frontend directly (-Xclang).
bool preambleCacheable(const std::vector<std::string> &ExtraArgs);

/// The path of a usable PCH for a parse with \p Args (clang's command line,
/// argv[0] first, the main file last), built now when there is none and no
/// other process is building it; nullopt to parse without one. \p Files
/// sees bankfix's virtual files (the built-in prelude).
std::optional<std::string>
findOrBuildPreamble(const std::vector<std::string> &Args,
                    clang::FileManager &Files,
                    const PreambleCacheOptions &Opts);

/// Builds the PCH for \p Args unless a valid one exists or another
/// process is building it (what a background Builder runs); false when it
/// could not be built.
bool buildPreamble(const std::vector<std::string> &Args,
                   const PreambleCacheOptions &Opts);

/// A file manager that sees bankfix's virtual files (the built-in prelude
/// and the preamble's empty main file) over the real file system; with
/// \p ReplacedPath, that file reads \p Content instead of its bytes.
llvm::IntrusiveRefCntPtr<clang::FileManager>
makeParseFiles(const std::string &ReplacedPath = "",
               llvm::StringRef Content = "");

/// \p Args with \p Pch included before the main file.
std::vector<std::string> withPreamble(std::vector<std::string> Args,
                                      const std::string &Pch);

/// Removes \p Pch, which clang could not load (stale or corrupt).
void discardPreamble(const std::string &Pch, const PreambleCacheOptions &Opts);

} // namespace bankfix

#endif // BANKFIX_PREAMBLECACHE_H
