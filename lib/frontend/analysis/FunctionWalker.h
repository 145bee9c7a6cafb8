//===- FunctionWalker.h - Walk a device function's statements in order ----===//
//
// Follows a function body statement by statement, keeping what the walk
// knows: the value of each local variable (reassignments, compound
// assignments, increments; at the end of an if/else the two branches'
// values merge into `cond ? a : b`), and the conditions under which the
// current statement runs (if, ?:, &&, ||, and early returns). Loops whose
// trip count is known are unrolled, the body walked once per iteration;
// other loops are walked once with the variables they change made unknown
// (or warp-uniform symbols when every change is warp-uniform). Every shared
// element access met on the way is handed to the sink with its indices and
// guard translated for the evaluator.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_FUNCTIONWALKER_H
#define BANKFIX_FUNCTIONWALKER_H

#include "frontend/analysis/ElementAccess.h"
#include "frontend/analysis/IndexTranslator.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <functional>
#include <string>

namespace bankfix {

/// Receives each access: the element, load or store, the indices and guard
/// as LaneExprs, and the loop iteration ("j = 8"; empty outside unrolled
/// loops).
using AccessSink = std::function<void(
    const ElementAccess &, AccessKind, std::vector<LaneExprPtr> Indices,
    LaneExprPtr Guard, const std::string &Iteration)>;

/// Walks \p Function's body, calling \p Sink for every shared access.
void walkFunction(clang::ASTContext &Ctx, const clang::FunctionDecl &Function,
                  const AccessSink &Sink);

} // namespace bankfix

#endif // BANKFIX_FUNCTIONWALKER_H
