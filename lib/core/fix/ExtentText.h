//===- ExtentText.h - An array extent as written, made larger -------------===//
//
// The fix-it keeps the user's spelling: `32` -> `33`, `TILE_DIM` ->
// `TILE_DIM + 1`, `N + 1` -> `N + 2`, `A << 5` -> `(A << 5) + 1`.
// No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_EXTENTTEXT_H
#define BANKFIX_EXTENTTEXT_H

#include <string>

namespace bankfix {

/// \p Written (an array extent's source text) plus \p Pad.
std::string paddedExtentText(const std::string &Written, unsigned Pad);

} // namespace bankfix

#endif // BANKFIX_EXTENTTEXT_H
