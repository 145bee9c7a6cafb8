// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MemberReload.h - 16-byte loads nvcc splits after a member load -----===//
//
// After a load of the third 4-byte member of a 16-byte element (`s[i].z` of
// an int4 or float4), nvcc compiles the next whole load of that element
// (`int4 v = s[i];`) to LDS.128 plus a 4-byte LDS of its last member; when
// the two follow each other in straight-line code (no barrier between),
// the member load becomes an 8-byte LDS of the last two members instead.
// Measured on an H100 with Nsight Compute
// (test/differential/findings/int4_member_reload.cu,
// member_reload_forms.cu): so for int4, uint4, float4 read through a
// float array, and a 16-byte struct of floats; the `.x`, `.y` and `.w`
// members, another element, a whole load before the member load, 8-byte
// elements and double2's 8-byte `.y` change nothing.
// Neither access is then one instruction of the width written, so bankfix
// does not judge it. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_MEMBERRELOAD_H
#define BANKFIX_MEMBERRELOAD_H

#include "core/access/AccessSummary.h"

#include <vector>

namespace bankfix {

/// The byte offset, in a 16-byte element, of the member whose earlier load
/// makes nvcc split the element's next whole load.
constexpr uint64_t ReloadingMemberOffset = 8;

/// Whether \p Member, a 4-byte load, reads bytes 8 to 11 of the 16-byte
/// element that \p Whole, a 16-byte load, reads: in every lane of every
/// shape in \p Shapes where both are judged (one at least), and as the
/// same function of the thread index, block size and uniform terms (nvcc
/// reuses an address only then), which is checked on every thread of a
/// few shapes of other sizes, guards and bounds aside. A guarded member
/// load counts only before a whole load under the same guard.
bool readsThirdWordOf(const SharedArrayLayout &Layout,
                      const AccessInstance &Member, const AccessInstance &Whole,
                      const std::vector<BlockShape> &Shapes);

} // namespace bankfix

#endif // BANKFIX_MEMBERRELOAD_H
