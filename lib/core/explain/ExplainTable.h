// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExplainTable.h - An access's bank map as a text table --------------===//
//
// --explain's text: one row per lane (threadIdx, index values, byte
// address, word, bank and phase, before and after the padding), then how
// many distinct words each of the 32 banks serves in each phase, and the
// wavefronts that makes. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_EXPLAINTABLE_H
#define BANKFIX_EXPLAINTABLE_H

#include "core/explain/AccessExplanation.h"

#include <string>

namespace bankfix {

std::string renderExplainTable(const AccessExplanation &E);

/// "32 wavefronts, ideal 1: 32-way conflict" (with the phases' values for
/// 8- and 16-byte accesses), and with \p NameBanks the banks that serve
/// the most words.
std::string describeWavefronts(const WarpBankMap &Map, bool NameBanks = true);

} // namespace bankfix

#endif // BANKFIX_EXPLAINTABLE_H
