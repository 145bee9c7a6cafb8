//===- IndexTranslator.h - Clang expressions to LaneExprs -----------------===//
//
// Turns an index (or a guard condition) written in CUDA into a LaneExpr the
// evaluator can run per lane: threadIdx/blockDim components, constants of any
// spelling (literals, macros, constexpr/const variables, enumerators,
// template arguments), C's integer operators and conversions, local
// variables through the values the caller's walk has given them, and
// warp-uniform terms (blockIdx, gridDim) as symbols. Anything else becomes an
// Unknown leaf that names the term.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_INDEXTRANSLATOR_H
#define BANKFIX_INDEXTRANSLATOR_H

#include "core/expr/LaneExpr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

namespace bankfix {

/// The value each local variable (and parameter) holds at a point of a
/// function, as the walk of its statements has worked it out.
using LocalValues = llvm::DenseMap<const clang::VarDecl *, LaneExprPtr>;

class IndexTranslator {
public:
  /// \p Values is read at every translate() call.
  IndexTranslator(clang::ASTContext &Ctx, const LocalValues &Values);

  LaneExprPtr translate(const clang::Expr *E);

  IntType intTypeOf(clang::QualType T) const;

private:
  LaneExprPtr translateUncached(const clang::Expr *E);
  LaneExprPtr translateBuiltinVariable(const clang::PseudoObjectExpr *E);
  LaneExprPtr translateVariable(const clang::DeclRefExpr *Ref);
  LaneExprPtr translateBinary(const clang::BinaryOperator *B);
  LaneExprPtr translateUnary(const clang::UnaryOperator *U);
  LaneExprPtr unknown(const clang::Expr *E, std::string Reason);
  std::string spelling(const clang::Expr *E) const;

  clang::ASTContext &Ctx;
  const LocalValues &Values;
  unsigned Depth = 0;
};

} // namespace bankfix

#endif // BANKFIX_INDEXTRANSLATOR_H
