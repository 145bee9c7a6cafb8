// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FileRewriter.cpp - Apply edits to a source file, safely ------------===//

#include "frontend/fix/FileRewriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>

namespace bankfix {

std::string applyEdits(const std::string &Content, std::vector<TextEdit> Edits,
                       std::string &Error) {
  Error.clear();
  std::sort(
      Edits.begin(), Edits.end(),
      [](const TextEdit &A, const TextEdit &B) { return A.Offset < B.Offset; });
  // One file's edits: the same replacement named by two spellings of the
  // file's path (`k.cuh`, `./k.cuh`) is one edit.
  Edits.erase(std::unique(Edits.begin(), Edits.end(), sameReplacement),
              Edits.end());
  std::string Out;
  size_t Pos = 0;
  for (const TextEdit &E : Edits) {
    if (E.Offset < Pos || size_t(E.Offset) + E.Length > Content.size()) {
      Error = "overlapping or out-of-range edits";
      return Content;
    }
    Out.append(Content, Pos, E.Offset - Pos);
    Out += E.Text;
    Pos = E.Offset + E.Length;
  }
  Out.append(Content, Pos, std::string::npos);
  return Out;
}

namespace {

std::string TestHook;

/// Runs the test hook's command when it is set for \p Point.
void runTestHook(llvm::StringRef Point) {
  llvm::StringRef Hook(TestHook);
  if (!Hook.consume_front(Point) || !Hook.consume_front(":"))
    return;
  llvm::sys::ExecuteAndWait("/bin/sh", {"sh", "-c", Hook});
}

/// Empty when \p Real still holds \p Analysed; otherwise why not.
std::string checkUnchanged(const std::string &Path, llvm::StringRef Real,
                           const std::string &Analysed) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Now =
      llvm::MemoryBuffer::getFile(Real, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!Now)
    return "cannot read '" + Path + "': " + Now.getError().message();
  if ((*Now)->getBuffer() != Analysed)
    return "'" + Path + "' changed after it was analysed; not rewritten";
  return "";
}

} // namespace

void setRewriteTestHook(const std::string &Hook) { TestHook = Hook; }

namespace {

/// A temporary file that SIGINT, SIGTERM and the like remove
/// (llvm::sys::RemoveFileOnSignal). Its name is registered for removal
/// before the file is created, so a signal at any moment leaves no file
/// behind; llvm::sys::fs::TempFile registers it only after creating it.
class TemporaryFile {
public:
  TemporaryFile() = default;
  TemporaryFile(const TemporaryFile &) = delete;
  TemporaryFile &operator=(const TemporaryFile &) = delete;
  ~TemporaryFile() { discard(); }

  /// Creates a new file from \p Model ('%' replaced by random characters)
  /// with \p Mode.
  std::error_code create(const llvm::Twine &Model, unsigned Mode) {
    std::error_code EC;
    for (int Attempt = 0; Attempt < 128; ++Attempt) {
      llvm::sys::fs::createUniquePath(Model, Path, /*MakeAbsolute=*/false);
      if (llvm::sys::RemoveFileOnSignal(Path)) {
        EC = std::make_error_code(std::errc::io_error);
        break;
      }
      EC = llvm::sys::fs::openFileForWrite(
          Path, FD, llvm::sys::fs::CD_CreateNew, llvm::sys::fs::OF_None, Mode);
      if (!EC)
        return EC;
      llvm::sys::DontRemoveFileOnSignal(Path);
      FD = -1;
      if (EC != std::errc::file_exists)
        break;
    }
    Path.clear();
    return EC;
  }
  int fd() const { return FD; }
  bool exists() const { return !Path.empty(); }

  /// Renames it to \p Target, replacing that in one step.
  std::error_code keep(const llvm::Twine &Target) {
    // A write the file system reports only at close must not be renamed.
    std::error_code EC = close();
    if (!EC)
      EC = llvm::sys::fs::rename(Path, Target);
    if (EC)
      return EC;
    llvm::sys::DontRemoveFileOnSignal(Path);
    Path.clear();
    return EC;
  }
  void discard() {
    close();
    if (Path.empty())
      return;
    llvm::sys::fs::remove(Path);
    llvm::sys::DontRemoveFileOnSignal(Path);
    Path.clear();
  }

private:
  std::error_code close() {
    std::error_code EC;
    if (FD >= 0)
      EC = llvm::sys::Process::SafelyCloseFileDescriptor(FD);
    FD = -1;
    return EC;
  }
  llvm::SmallString<256> Path;
  int FD = -1;
};

/// A file's new content, written beside it and not yet renamed, and, when
/// it is one of several, a copy of its old content to restore it from.
struct PreparedFile {
  std::string Path;
  llvm::SmallString<256> Real;
  const std::string *Analysed = nullptr;
  unsigned Mode = 0;
  TemporaryFile Temp, Backup;
  bool Replaced = false;
};

void discardAll(std::vector<PreparedFile> &Prepared) {
  for (PreparedFile &P : Prepared) {
    P.Temp.discard();
    P.Backup.discard();
  }
}

/// Writes \p Content to a new temporary file beside \p Real, named after
/// it with \p Tag, with \p Mode. Returns why it could not, or empty.
std::string writeBeside(llvm::StringRef Real, llvm::StringRef Tag,
                        const std::string &Content, unsigned Mode,
                        TemporaryFile &Temp, const std::string &Path) {
  llvm::SmallString<256> Model(llvm::sys::path::parent_path(Real));
  llvm::sys::path::append(Model, "." + llvm::sys::path::filename(Real).str() +
                                     Tag + "%%%%%%");
  if (std::error_code EC = Temp.create(Model, Mode))
    return "cannot create a temporary file next to '" + Path +
           "': " + EC.message();
  llvm::raw_fd_ostream OS(Temp.fd(), /*shouldClose=*/false);
  OS << Content;
  OS.flush();
  if (OS.has_error()) {
    std::string Why = OS.error().message();
    OS.clear_error();
    return "cannot write next to '" + Path + "': " + Why;
  }
  // The mode asked for at creation is masked by the umask: set it again.
  if (std::error_code EC = llvm::sys::fs::setPermissions(
          Temp.fd(), static_cast<llvm::sys::fs::perms>(Mode)))
    return "cannot set permissions next to '" + Path + "': " + EC.message();
  return "";
}

/// "'a.cu' and 'k.cuh'".
std::string names(const std::vector<std::string> &Paths) {
  std::string Text;
  for (size_t I = 0; I < Paths.size(); ++I)
    Text += std::string(I == 0                  ? ""
                        : I + 1 == Paths.size() ? " and "
                                                : ", ") +
            "'" + Paths[I] + "'";
  return Text;
}

/// For a unit of several files: "; none of 'a.cu' and 'k.cuh' was
/// rewritten".
std::string noneRewritten(const std::vector<FileRewrite> &Files) {
  std::vector<std::string> Edited;
  for (const FileRewrite &F : Files)
    if (!F.Edits.empty())
      Edited.push_back(F.Path);
  if (Edited.size() < 2)
    return "";
  return "; none of " + names(Edited) + " was rewritten";
}

/// After a failed rename, puts back the files \p Prepared already
/// replaced; says which were restored and which could not be.
std::string rollBack(std::vector<PreparedFile> &Prepared) {
  std::vector<std::string> Restored, Stuck, Untouched;
  for (PreparedFile &P : Prepared) {
    if (!P.Replaced) {
      Untouched.push_back(P.Path);
      continue;
    }
    if (P.Backup.exists() && !P.Backup.keep(P.Real))
      Restored.push_back(P.Path);
    else
      Stuck.push_back(P.Path);
  }
  std::string Text;
  if (!Restored.empty())
    Text += "; " + names(Restored) + " restored";
  if (!Untouched.empty())
    Text += "; " + names(Untouched) + " left as " +
            (Untouched.size() == 1 ? "it was" : "they were");
  if (!Stuck.empty())
    Text += "; " + names(Stuck) + " already rewritten and not restored";
  return Text;
}

/// Checks \p F and writes its new content to a temporary file beside it;
/// the temporary is absent when the content does not change. Returns why
/// it cannot be written, or empty.
std::string prepare(const FileRewrite &F, PreparedFile &Out) {
  Out.Path = F.Path;
  Out.Analysed = &F.Analysed;
  // A symbolic link is followed: its target is rewritten, the link kept.
  if (std::error_code EC = llvm::sys::fs::real_path(F.Path, Out.Real))
    return "cannot resolve '" + F.Path + "': " + EC.message();
  if (std::string Changed = checkUnchanged(F.Path, Out.Real, F.Analysed);
      !Changed.empty())
    return Changed;
  std::string Error;
  std::string NewContent = applyEdits(F.Analysed, F.Edits, Error);
  if (!Error.empty())
    return "cannot apply the fixes to '" + F.Path + "': " + Error;
  if (NewContent == F.Analysed)
    return "";

  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Out.Real, Status))
    return "cannot stat '" + F.Path + "': " + EC.message();
  // Read-only by its mode bits (root could still write it) or by access.
  if (!(Status.permissions() & llvm::sys::fs::owner_write) ||
      llvm::sys::fs::access(Out.Real, llvm::sys::fs::AccessMode::Write))
    return "'" + F.Path + "' is not writable; not rewritten";
  Out.Mode = Status.permissions();

  // The new content goes to a temporary file beside the target, which
  // SIGINT, SIGTERM and the like remove (llvm::sys::RemoveFileOnSignal),
  // then replaces the target in one rename: an interruption leaves the old
  // file or the new one, never a part.
  return writeBeside(Out.Real, ".bankfix-", NewContent, Out.Mode, Out.Temp,
                     F.Path);
}

} // namespace

std::string rewriteFiles(const std::vector<FileRewrite> &Files) {
  size_t Count = 0;
  for (const FileRewrite &F : Files)
    Count += !F.Edits.empty();
  // Not resized later: a PreparedFile owns its temporary file and is not
  // moved.
  std::vector<PreparedFile> Prepared(Count);
  if (Count == 0)
    return "";
  runTestHook("before-check");
  size_t Next = 0;
  for (const FileRewrite &F : Files) {
    if (F.Edits.empty())
      continue;
    if (std::string Why = prepare(F, Prepared[Next++]); !Why.empty()) {
      discardAll(Prepared);
      return Why + noneRewritten(Files);
    }
  }
  runTestHook("before-rename");
  // The files may have changed while the new ones were written.
  for (PreparedFile &P : Prepared)
    if (std::string Changed = checkUnchanged(P.Path, P.Real, *P.Analysed);
        !Changed.empty()) {
      discardAll(Prepared);
      return Changed + noneRewritten(Files);
    }
  // With several files, each old content is kept beside its file until
  // every rename is done: a failed rename puts back the files already
  // replaced.
  size_t Changing =
      std::count_if(Prepared.begin(), Prepared.end(),
                    [](const PreparedFile &P) { return P.Temp.exists(); });
  for (PreparedFile &P : Prepared)
    if (Changing > 1 && P.Temp.exists())
      if (std::string Why = writeBeside(P.Real, ".bankfix-old-", *P.Analysed,
                                        P.Mode, P.Backup, P.Path);
          !Why.empty()) {
        discardAll(Prepared);
        return Why + noneRewritten(Files);
      }
  for (PreparedFile &P : Prepared) {
    if (!P.Temp.exists())
      continue;
    if (std::error_code EC = P.Temp.keep(P.Real)) {
      std::string Why = "cannot replace '" + P.Path + "': " + EC.message();
      if (Prepared.size() > 1)
        Why += rollBack(Prepared);
      discardAll(Prepared);
      return Why;
    }
    P.Replaced = true;
  }
  discardAll(Prepared);
  return "";
}

std::string rewriteFile(const std::string &Path, const std::string &Analysed,
                        const std::vector<TextEdit> &Edits) {
  return rewriteFiles({{Path, Analysed, Edits}});
}

} // namespace bankfix
