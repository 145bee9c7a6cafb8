// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- TextEdit.h - One replacement in a source file, as plain data -------===//

#ifndef BANKFIX_TEXTEDIT_H
#define BANKFIX_TEXTEDIT_H

#include <string>

namespace bankfix {

struct TextEdit {
  std::string File; ///< as clang names it
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;

  bool operator==(const TextEdit &O) const {
    return File == O.File && Offset == O.Offset && Length == O.Length &&
           Text == O.Text;
  }
};

/// The same replacement of one file's text, whatever spelling of the
/// file's path each names (`k.cuh`, `./k.cuh`).
inline bool sameReplacement(const TextEdit &A, const TextEdit &B) {
  return A.Offset == B.Offset && A.Length == B.Length && A.Text == B.Text;
}

} // namespace bankfix

#endif // BANKFIX_TEXTEDIT_H
