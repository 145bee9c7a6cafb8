//===- FileRewriter.cpp - Apply edits to a source file, safely ------------===//

#include "FileRewriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
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

std::string rewriteFile(const std::string &Path, const std::string &Analysed,
                        const std::vector<TextEdit> &Edits) {
  if (Edits.empty())
    return "";
  llvm::SmallString<256> Real;
  if (std::error_code EC = llvm::sys::fs::real_path(Path, Real))
    return "cannot resolve '" + Path + "': " + EC.message();

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Now =
      llvm::MemoryBuffer::getFile(Real, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!Now)
    return "cannot read '" + Path + "': " + Now.getError().message();
  if ((*Now)->getBuffer() != Analysed)
    return "'" + Path + "' changed after it was analysed; not rewritten";

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

  llvm::SmallString<256> Temp;
  llvm::SmallString<256> Model(llvm::sys::path::parent_path(Real));
  llvm::sys::path::append(Model, "." + llvm::sys::path::filename(Real).str() +
                                     ".bankfix-%%%%%%");
  int FD;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp))
    return "cannot create a temporary file next to '" + Path +
           "': " + EC.message();
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << NewContent;
    OS.flush();
    if (OS.has_error()) {
      OS.clear_error();
      llvm::sys::fs::remove(Temp);
      return "cannot write the new '" + Path + "'";
    }
  }
  if (std::error_code EC =
          llvm::sys::fs::setPermissions(Temp, Status.permissions())) {
    llvm::sys::fs::remove(Temp);
    return "cannot set permissions on the new '" + Path + "': " + EC.message();
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Real)) {
    llvm::sys::fs::remove(Temp);
    return "cannot replace '" + Path + "': " + EC.message();
  }
  return "";
}

} // namespace bankfix
