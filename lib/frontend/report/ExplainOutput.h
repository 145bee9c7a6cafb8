// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExplainOutput.h - Where --explain's tables and pictures go ---------===//
//
// The text tables, one after another, and the SVG pictures, one file per
// explanation in a directory (FILE-LINE-COL.svg, with the block shape or a
// number added when two explanations share a place).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_EXPLAINOUTPUT_H
#define BANKFIX_EXPLAINOUTPUT_H

#include "core/explain/AccessExplanation.h"

#include <string>
#include <vector>

namespace bankfix {

/// The tables of \p Explanations, each preceded by an empty line.
std::string renderExplainTables(const std::vector<AccessExplanation> &All);

/// Writes one SVG per explanation into \p Dir (created when missing) and
/// appends the paths written to \p Written. Returns an error message, or
/// an empty string.
std::string writeExplainSvgs(const std::string &Dir,
                             const std::vector<AccessExplanation> &All,
                             std::vector<std::string> &Written);

} // namespace bankfix

#endif // BANKFIX_EXPLAINOUTPUT_H
