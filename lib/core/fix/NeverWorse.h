// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NeverWorse.h - A layout no worse than the one it replaces ----------===//
//
// Where an address depends on a value known only to be a power of two (a
// variable a loop doubles or halves) and no layout takes every access to
// its ideal at every such value, a layout is still safe to offer when, at
// each value, it takes no access of any warp above the layout as it is.
// An access judged with a guard taken as true (`if (threadIdx.x < d)`,
// d not known) runs on whichever lanes the guard leaves on, and a layout
// better for all of them may be worse for some: the comparison covers
// every set of lanes such a guard can leave, the contiguous runs of lanes
// a threshold on threadIdx.x of a one-dimensional block selects. Guards of
// other forms, and lanes that data switches on, are not compared: the
// layout is then not shown safe. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_NEVERWORSE_H
#define BANKFIX_NEVERWORSE_H

#include "core/access/AccessSummary.h"

#include <string>

namespace bankfix {

/// Whether \p Candidate, the same access under another layout at the same
/// values, takes no more wavefronts than \p AsIs in any warp of any
/// execution for every set of lanes its guards taken as true may leave
/// running; false with \p Why otherwise. An execution \p AsIs could not
/// judge at these values because of them (every lane out of the array, an
/// address not defined), or that neither could, is skipped (the program
/// does not run it there), unless the budget stopped it. Executions are
/// paired in order and must agree in iteration and count.
bool neverWorse(const AccessSummary &AsIs, const AccessSummary &Candidate,
                std::string &Why);

/// Whether the two layouts compile the access to the same executions, of
/// the same widths: not so where nvcc merges it with a neighbour under one
/// layout only (a rewritten subscript splits `s[2 * i]` and
/// `s[2 * i + 1]`).
bool sameExecutions(const AccessSummary &AsIs, const AccessSummary &Candidate);

/// For accesses the two layouts compile differently (sameExecutions
/// false): each access nvcc merges under one layout only, taken with the
/// pieces it is split into under the other (the executions of the same
/// kind, block shape, guards, iteration and count; one merged access to a
/// set, its pieces of the same width in all, each running its lanes), takes
/// no more wavefronts under the candidate in any warp, for every run of
/// lanes their guards taken as true may leave on (as neverWorse); false
/// with \p Why otherwise, and where the executions do not pair so.
bool neverWorseTogether(const std::vector<const AccessSummary *> &AsIs,
                        const std::vector<const AccessSummary *> &Candidate,
                        std::string &Why);

} // namespace bankfix

#endif // BANKFIX_NEVERWORSE_H
