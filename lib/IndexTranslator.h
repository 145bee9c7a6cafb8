//===- IndexTranslator.h - Clang expressions to LaneExprs -----------------===//
//
// Turns an index (or a guard condition) written in CUDA into a LaneExpr the
// evaluator can run per lane: threadIdx/blockDim components, constants of any
// spelling (literals, macros, constexpr/const variables, enumerators,
// template arguments), C's integer operators and conversions, locals that
// are initialised once and never written again, and warp-uniform terms
// (blockIdx, gridDim, kernel parameters) as symbols. Anything else becomes
// an Unknown leaf that names the term.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_INDEXTRANSLATOR_H
#define BANKFIX_INDEXTRANSLATOR_H

#include "LaneExpr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace bankfix {

class IndexTranslator {
public:
  /// \p Function is the function whose body holds the expressions.
  IndexTranslator(clang::ASTContext &Ctx, const clang::FunctionDecl &Function);

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
  const clang::FunctionDecl &Function;
  /// Locals of Function that are written after their initialisation.
  llvm::DenseSet<const clang::VarDecl *> Written;
  /// Translated initialisers of locals, so that a chain of locals is a DAG.
  llvm::DenseMap<const clang::VarDecl *, LaneExprPtr> Locals;
  unsigned Depth = 0;
};

} // namespace bankfix

#endif // BANKFIX_INDEXTRANSLATOR_H
