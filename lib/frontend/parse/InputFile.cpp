// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- InputFile.cpp - Checks on a source file before it is parsed --------===//

#include "frontend/parse/InputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

namespace bankfix {

std::string checkInputFile(const std::string &Path) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Path, Status))
    return "cannot open '" + Path + "': " + EC.message();
  if (llvm::sys::fs::is_directory(Status))
    return "'" + Path + "' is a directory, not a source file";
  if (!llvm::sys::fs::is_regular_file(Status))
    return "'" + Path + "' is not a regular file";
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return "cannot read '" + Path + "': " + Buffer.getError().message();
  llvm::StringRef Text = (*Buffer)->getBuffer();
  if (Text.trim().empty())
    return "'" + Path + "' is empty";
  // A NUL byte in the first 64 KiB: not source text.
  if (Text.take_front(65536).contains('\0'))
    return "'" + Path + "' is a binary file, not CUDA source";
  return "";
}

} // namespace bankfix
