// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReachedBytes.h - How far into its array an access reaches ----------===//
//
// The end of the bytes an access touches in its array, over every lane of
// every warp of a block and every execution: what a launch must give an
// extern buffer at least. Known only where every execution was evaluated
// lane by lane with exact values (an instance standing for several loop
// iterations holds the addresses of one of them). No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_REACHEDBYTES_H
#define BANKFIX_REACHEDBYTES_H

#include "core/access/AccessSummary.h"

#include <cstdint>
#include <optional>

namespace bankfix {

/// One past the last byte of its array that \p Summary's access touches,
/// or nullopt when that is not known exactly (or no lane runs it).
std::optional<uint64_t> bytesReached(const AccessSummary &Summary);

} // namespace bankfix

#endif // BANKFIX_REACHEDBYTES_H
