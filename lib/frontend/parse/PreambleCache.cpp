// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PreambleCache.cpp - A cached PCH of what clang parses before a file-===//

#include "frontend/parse/PreambleCache.h"

#include "frontend/parse/BuiltinPrelude.h"

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/LockFileManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <set>

using namespace clang;
namespace fs = llvm::sys::fs;

namespace bankfix {

namespace {

void say(const PreambleCacheOptions &Opts, const llvm::Twine &Message) {
  if (Opts.Verbose)
    llvm::errs() << "bankfix: preamble cache: " << Message << "\n";
}

std::string hex64(uint64_t V) {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format_hex_no_prefix(V, 16);
  return S;
}

std::string cacheDir(const PreambleCacheOptions &Opts) {
  if (!Opts.Dir.empty())
    return Opts.Dir;
  llvm::SmallString<256> Dir;
  if (!llvm::sys::path::cache_directory(Dir))
    return "";
  llvm::sys::path::append(Dir, "bankfix");
  return std::string(Dir);
}

/// Everything the preamble depends on that clang does not check itself.
std::string keyOf(const std::vector<std::string> &Args,
                  const PreambleCacheOptions &Opts) {
  std::string Key = "bankfix " + Opts.ToolVersion + "\n" +
                    getClangFullVersion() + "\n" + builtinPreludeText().str() +
                    "\n";
  bool RelativePath = false;
  for (size_t I = 0; I + 1 < Args.size(); ++I) {
    Key += Args[I];
    Key += '\0';
    llvm::StringRef Arg(Args[I]);
    // An include directory relative to the working directory (-I inc,
    // -isystem inc, -Iinc) names another directory elsewhere.
    for (llvm::StringRef Flag : {"-I", "-isystem", "-iquote", "-idirafter",
                                 "-iprefix", "-iwithprefix", "--sysroot"}) {
      if (!Arg.starts_with(Flag))
        continue;
      llvm::StringRef Path = Arg.drop_front(Flag.size());
      Path.consume_front("=");
      if (Path.empty() && I + 2 < Args.size())
        Path = Args[I + 1];
      RelativePath =
          RelativePath || (!Path.empty() && llvm::sys::path::is_relative(Path));
    }
    if (Arg.consume_front("--cuda-path=")) {
      llvm::SmallString<256> Version(Arg);
      llvm::sys::path::append(Version, "version.json");
      if (auto Buffer = llvm::MemoryBuffer::getFile(Version))
        Key += (*Buffer)->getBuffer();
    }
  }
  // Include directories from the environment change what the preamble's
  // headers are.
  for (const char *Var : {"CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH"})
    if (std::optional<std::string> Value = llvm::sys::Process::GetEnv(Var))
      Key += std::string(Var) + "=" + *Value + '\0';
  llvm::SmallString<256> Cwd;
  if (RelativePath && !fs::current_path(Cwd))
    Key += "cwd " + std::string(Cwd);
  return hex64(llvm::xxh3_64bits(Key));
}

/// The PCH named Prefix<checksum>.pch whose bytes match its checksum; the
/// others with that prefix (corrupt, or not regular files) are removed.
std::optional<std::string> findValid(const std::string &Dir,
                                     const std::string &Prefix,
                                     const PreambleCacheOptions &Opts) {
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.starts_with(Prefix) || !Name.ends_with(".pch"))
      continue;
    llvm::StringRef Sum = Name.drop_front(Prefix.size()).drop_back(4);
    // Reading a FIFO or a device would block or never end: only a regular
    // file is read (a link to one too).
    fs::file_status Status;
    if (fs::status(It->path(), Status) ||
        Status.type() != fs::file_type::regular_file) {
      say(Opts, "'" + It->path() + "' is not a regular file; removed");
      fs::remove(It->path());
      continue;
    }
    // Another user's PCH could say anything about the headers: not read,
    // and left where it is.
    if (Status.getUser() != ::getuid()) {
      say(Opts, "'" + It->path() + "' belongs to another user; not used");
      continue;
    }
    auto Buffer = llvm::MemoryBuffer::getFile(It->path(), /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (Buffer && hex64(llvm::xxh3_64bits((*Buffer)->getBuffer())) == Sum)
      return It->path();
    say(Opts, "'" + It->path() + "' is corrupt; removed");
    fs::remove(It->path());
  }
  return std::nullopt;
}

/// Removes the oldest PCHs while the directory holds more than MaxBytes,
/// and temporary files a crashed build left more than an hour ago.
void evict(const std::string &Dir, const std::string &Keep,
           const PreambleCacheOptions &Opts) {
  struct Entry {
    llvm::sys::TimePoint<> Time;
    uint64_t Size;
    std::string Path;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.starts_with("preamble-"))
      continue;
    fs::file_status Status;
    if (fs::status(It->path(), Status))
      continue;
    // Temporary files (ours, or clang's own beside them) and the unique
    // files of a build lock whose process was killed.
    if (Name.contains(".tmp") || Name.contains(".lock-")) {
      if (Now - Status.getLastModificationTime() > std::chrono::hours(1))
        fs::remove(It->path());
      continue;
    }
    if (!Name.ends_with(".pch"))
      continue;
    Entries.push_back(
        {Status.getLastModificationTime(), Status.getSize(), It->path()});
    Total += Status.getSize();
  }
  std::sort(Entries.begin(), Entries.end(),
            [](const Entry &A, const Entry &B) { return A.Time < B.Time; });
  for (const Entry &E : Entries) {
    if (Total <= Opts.MaxBytes)
      break;
    if (E.Path == Keep)
      continue;
    say(Opts, "'" + E.Path + "' removed (the cache is full)");
    fs::remove(E.Path);
    Total -= E.Size;
  }
}

/// Writes the PCH to OutputFile (itself through a temporary file).
class BuildPchAction : public GeneratePCHAction {
public:
  explicit BuildPchAction(std::string Output) : Output(std::move(Output)) {}

protected:
  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = Output;
    return GeneratePCHAction::BeginInvocation(CI);
  }

private:
  std::string Output;
};

/// Builds the PCH of \p Args's preamble into \p Output.
bool buildPch(const std::vector<std::string> &Args, FileManager &Files,
              const std::string &Output) {
  std::vector<std::string> Build = Args;
  Build.back() = PreambleSourcePath;
  // Each header's content hash goes into the PCH, so that a header touched
  // but unchanged is still accepted (withPreamble).
  Build.insert(Build.end() - 1,
               {"-Xclang", "-fvalidate-ast-input-files-content"});
  IgnoringDiagConsumer Quiet;
  tooling::ToolInvocation Invocation(
      Build, std::make_unique<BuildPchAction>(Output), &Files);
  Invocation.setDiagnosticConsumer(&Quiet);
  return Invocation.run() && Quiet.getNumErrors() == 0;
}

} // namespace

bool preambleCacheable(const std::vector<std::string> &ExtraArgs) {
  for (llvm::StringRef Arg : ExtraArgs)
    if (Arg.starts_with("-include") || Arg.starts_with("--include") ||
        Arg.starts_with("-imacros") || Arg.starts_with("--imacros") ||
        Arg.starts_with("-Xclang") || Arg.starts_with("-fmodule") ||
        Arg.starts_with("-fpch") || Arg.starts_with("-emit"))
      return false;
  return true;
}

namespace {

/// Builds the PCH named Prefix<checksum>.pch in \p Dir under its lock: its
/// path, or nullopt when another process holds the lock or it fails.
std::optional<std::string> buildLocked(const std::vector<std::string> &Args,
                                       FileManager &Files,
                                       const std::string &Dir,
                                       const std::string &Prefix,
                                       const PreambleCacheOptions &Opts) {
  llvm::SmallString<256> LockPath(Dir);
  llvm::sys::path::append(LockPath, Prefix + "build");
  llvm::LockFileManager Lock(LockPath);
  llvm::Expected<bool> Owned = Lock.tryLock();
  if (!Owned) {
    say(Opts,
        "cannot lock '" + LockPath + "': " + llvm::toString(Owned.takeError()));
    return std::nullopt;
  }
  if (!*Owned) {
    say(Opts, "another process is building '" + Prefix + "*.pch'");
    return std::nullopt;
  }
  if (std::optional<std::string> Found = findValid(Dir, Prefix, Opts)) {
    say(Opts, "using '" + *Found + "'");
    return Found;
  } // built while we waited for the lock
  llvm::SmallString<256> Temp;
  int FD = -1;
  if (std::error_code EC =
          fs::createUniqueFile(Dir + "/" + Prefix + "%%%%%%%%.tmp", FD, Temp)) {
    say(Opts, "cannot write in '" + Dir + "': " + EC.message());
    return std::nullopt;
  }
  fs::closeFile(FD);
  if (!buildPch(Args, Files, std::string(Temp))) {
    say(Opts, "building the preamble failed; parsing without it");
    fs::remove(Temp);
    return std::nullopt;
  }
  auto Buffer = llvm::MemoryBuffer::getFile(Temp, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer) {
    fs::remove(Temp);
    return std::nullopt;
  }
  std::string Final = Dir + "/" + Prefix +
                      hex64(llvm::xxh3_64bits((*Buffer)->getBuffer())) + ".pch";
  Buffer->reset();
  if (std::error_code EC = fs::rename(Temp, Final)) {
    say(Opts, "cannot write '" + Final + "': " + EC.message());
    fs::remove(Temp);
    return std::nullopt;
  }
  say(Opts, "built '" + Final + "'");
  evict(Dir, Final, Opts);
  return Final;
}

/// The builders this process started that have not been waited for.
std::mutex BuildersMutex;
std::vector<llvm::sys::ProcessInfo> Builders;

/// Waits for the builders that have finished, so that none stays a zombie
/// while this process runs on (a long -j run).
void reapBuilders() {
  std::lock_guard<std::mutex> Guard(BuildersMutex);
  Builders.erase(std::remove_if(Builders.begin(), Builders.end(),
                                [](const llvm::sys::ProcessInfo &P) {
                                  return llvm::sys::Wait(P, 0, nullptr, nullptr,
                                                         /*Polling=*/true)
                                             .Pid != 0;
                                }),
                 Builders.end());
}

/// Starts Opts.Builder on \p Args in \p Dir, detached, once per process
/// and PCH; true when it started.
bool startBuilder(const std::vector<std::string> &Args, const std::string &Dir,
                  const std::string &Prefix, const PreambleCacheOptions &Opts) {
  static std::mutex Mutex;
  static std::set<std::string> Started;
  {
    std::lock_guard<std::mutex> Guard(Mutex);
    if (!Started.insert(Dir + "/" + Prefix).second)
      return true;
  }
  std::vector<std::string> Command = {Opts.Builder, "--build-preamble",
                                      "--cache-dir=" + Dir, "--"};
  Command.insert(Command.end(), Args.begin(), Args.end());
  std::vector<llvm::StringRef> Refs(Command.begin(), Command.end());
  std::optional<llvm::StringRef> Null("/dev/null");
  std::string Error;
  bool Failed = false;
  llvm::sys::ProcessInfo Child = llvm::sys::ExecuteNoWait(
      Opts.Builder, Refs, std::nullopt, {Null, Null, Null}, 0, &Error, &Failed,
      nullptr, /*DetachProcess=*/true);
  if (Failed || Child.Pid == llvm::sys::ProcessInfo::InvalidPid) {
    say(Opts, "cannot start '" + Opts.Builder + "': " + Error);
    return false;
  }
  say(Opts, "building '" + Prefix + "*.pch' in the background (process " +
                llvm::Twine(Child.Pid) + "); parsing without it");
  std::lock_guard<std::mutex> Guard(BuildersMutex);
  Builders.push_back(Child);
  return true;
}

} // namespace

std::optional<std::string>
findOrBuildPreamble(const std::vector<std::string> &Args, FileManager &Files,
                    const PreambleCacheOptions &Opts) {
  std::string Dir = cacheDir(Opts);
  if (Dir.empty()) {
    say(Opts, "no cache directory");
    return std::nullopt;
  }
  std::string Prefix = "preamble-" + keyOf(Args, Opts) + "-";
  reapBuilders();
  // A directory that others may write in could hold anything by the time
  // clang reads it (a PCH put in place, or replaced after the check).
  fs::file_status DirStatus;
  if (!fs::status(Dir, DirStatus) &&
      (DirStatus.permissions() & fs::others_write)) {
    say(Opts, "'" + Dir + "' is writable by every user; not used");
    return std::nullopt;
  }
  if (std::optional<std::string> Found = findValid(Dir, Prefix, Opts)) {
    say(Opts, "using '" + *Found + "'");
    return Found;
  }
  if (std::error_code EC = fs::create_directories(Dir)) {
    say(Opts, "cannot create '" + Dir + "': " + EC.message());
    return std::nullopt;
  }
  if (!Opts.Builder.empty() && startBuilder(Args, Dir, Prefix, Opts))
    return std::nullopt;
  return buildLocked(Args, Files, Dir, Prefix, Opts);
}

bool buildPreamble(const std::vector<std::string> &Args,
                   const PreambleCacheOptions &Opts) {
  PreambleCacheOptions Here = Opts;
  Here.Builder.clear();
  llvm::IntrusiveRefCntPtr<FileManager> Files = makeParseFiles();
  return findOrBuildPreamble(Args, *Files, Here).has_value();
}

llvm::IntrusiveRefCntPtr<FileManager>
makeParseFiles(const std::string &ReplacedPath, llvm::StringRef Content) {
  auto InMemory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  if (!ReplacedPath.empty()) {
    llvm::SmallString<256> Absolute(ReplacedPath);
    llvm::sys::fs::make_absolute(Absolute);
    llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
    InMemory->addFile(Absolute, 0,
                      llvm::MemoryBuffer::getMemBufferCopy(Content, Absolute));
    llvm::SmallString<256> Here;
    if (!llvm::sys::fs::current_path(Here))
      InMemory->setCurrentWorkingDirectory(Here);
  }
  InMemory->addFile(BuiltinPreludePath, 0,
                    llvm::MemoryBuffer::getMemBuffer(builtinPreludeText()));
  InMemory->addFile(PreambleSourcePath, 0,
                    llvm::MemoryBuffer::getMemBuffer(""));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(InMemory);
  return llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Overlay);
}

std::vector<std::string> withPreamble(std::vector<std::string> Args,
                                      const std::string &Pch) {
  // clang checks the user's headers a PCH was built from, not the system
  // ones (the toolkit's): a toolkit header edited in place would be read
  // as it was. Validated by content where the time differs, a header
  // touched but unchanged keeps the PCH, one changed makes clang refuse it
  // (discardPreamble then removes it).
  Args.insert(Args.end() - 1, {"-include-pch", Pch, "-Xclang",
                               "-fmodules-validate-system-headers", "-Xclang",
                               "-fvalidate-ast-input-files-content"});
  return Args;
}

void discardPreamble(const std::string &Pch, const PreambleCacheOptions &Opts) {
  say(Opts, "clang could not use '" + Pch + "'; removed, parsing without it");
  fs::remove(Pch);
}

} // namespace bankfix
