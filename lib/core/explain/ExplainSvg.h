// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExplainSvg.h - An access's bank map as an SVG heatmap --------------===//
//
// --explain-svg's picture: a 32x32 grid per layout (lanes down, banks
// across), one cell per lane/bank pair, coloured when the lane touches the
// bank and red when that bank serves more than one distinct word in the
// lane's phase; the array as declared and padded side by side, with the
// distinct words per bank under each grid. Self-contained SVG 1.1/2 that a
// browser shows as is. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_EXPLAINSVG_H
#define BANKFIX_EXPLAINSVG_H

#include "core/explain/AccessExplanation.h"

#include <string>

namespace bankfix {

std::string renderExplainSvg(const AccessExplanation &E);

} // namespace bankfix

#endif // BANKFIX_EXPLAINSVG_H
