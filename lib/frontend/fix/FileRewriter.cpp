//===- FileRewriter.cpp - Apply edits to a source file, safely ------------===//

#include "frontend/fix/FileRewriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace bankfix {

std::string applyEdits(const std::string &Content, std::vector<TextEdit> Edits,
                       std::string &Error) {
  Error.clear();
  std::sort(
      Edits.begin(), Edits.end(),
      [](const TextEdit &A, const TextEdit &B) { return A.Offset < B.Offset; });
  Edits.erase(std::unique(Edits.begin(), Edits.end()), Edits.end());
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

std::string rewriteFile(const std::string &Path, const std::string &Analysed,
                        const std::vector<TextEdit> &Edits) {
  if (Edits.empty())
    return "";
  // A symbolic link is followed: its target is rewritten, the link kept.
  llvm::SmallString<256> Real;
  if (std::error_code EC = llvm::sys::fs::real_path(Path, Real))
    return "cannot resolve '" + Path + "': " + EC.message();

  runTestHook("before-check");
  if (std::string Changed = checkUnchanged(Path, Real, Analysed);
      !Changed.empty())
    return Changed;

  std::string Error;
  std::string NewContent = applyEdits(Analysed, Edits, Error);
  if (!Error.empty())
    return "cannot apply the fixes to '" + Path + "': " + Error;
  if (NewContent == Analysed)
    return "";

  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Real, Status))
    return "cannot stat '" + Path + "': " + EC.message();
  // Read-only by its mode bits (root could still write it) or by access.
  if (!(Status.permissions() & llvm::sys::fs::owner_write) ||
      llvm::sys::fs::access(Real, llvm::sys::fs::AccessMode::Write))
    return "'" + Path + "' is not writable; not rewritten";

  // The new content goes to a temporary file beside the target, which
  // SIGINT, SIGTERM and the like remove (llvm::sys::RemoveFileOnSignal),
  // then replaces the target in one rename: an interruption leaves the old
  // file or the new one, never a part.
  llvm::SmallString<256> Model(llvm::sys::path::parent_path(Real));
  llvm::sys::path::append(Model, "." + llvm::sys::path::filename(Real).str() +
                                     ".bankfix-%%%%%%");
  llvm::Expected<llvm::sys::fs::TempFile> Temp =
      llvm::sys::fs::TempFile::create(Model, Status.permissions());
  if (!Temp)
    return "cannot create a temporary file next to '" + Path +
           "': " + llvm::toString(Temp.takeError());
  auto Discard = [&](std::string Why) {
    llvm::consumeError(Temp->discard());
    return Why;
  };
  {
    llvm::raw_fd_ostream OS(Temp->FD, /*shouldClose=*/false);
    OS << NewContent;
    OS.flush();
    if (OS.has_error()) {
      std::string Why = OS.error().message();
      OS.clear_error();
      return Discard("cannot write the new '" + Path + "': " + Why);
    }
  }
  // The mode asked for at creation is masked by the umask: set it again.
  if (std::error_code EC =
          llvm::sys::fs::setPermissions(Temp->FD, Status.permissions()))
    return Discard("cannot set permissions on the new '" + Path +
                   "': " + EC.message());

  runTestHook("before-rename");
  // The file may have changed while the new one was written.
  if (std::string Changed = checkUnchanged(Path, Real, Analysed);
      !Changed.empty())
    return Discard(Changed);
  if (llvm::Error E = Temp->keep(Real))
    return Discard("cannot replace '" + Path +
                   "': " + llvm::toString(std::move(E)));
  return "";
}

} // namespace bankfix
