// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ToolkitVersion.cpp - The version of a CUDA toolkit -----------------===//

#include "ToolkitVersion.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

namespace bankfix {

std::string cudaToolkitVersion(const std::string &ToolkitPath) {
  llvm::SmallString<256> Header(ToolkitPath);
  llvm::sys::path::append(Header, "include", "cuda.h");
  auto Buffer = llvm::MemoryBuffer::getFile(Header);
  if (!Buffer)
    return "";
  static const llvm::Regex Define("#define[ \t]+CUDA_VERSION[ \t]+([0-9]+)");
  llvm::SmallVector<llvm::StringRef, 2> Match;
  unsigned Number = 0;
  if (!Define.match((*Buffer)->getBuffer(), &Match) ||
      Match[1].getAsInteger(10, Number))
    return "";
  return std::to_string(Number / 1000) + "." +
         std::to_string(Number % 1000 / 10);
}

} // namespace bankfix
