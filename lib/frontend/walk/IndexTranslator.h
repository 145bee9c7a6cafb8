// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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

#include <functional>

namespace bankfix {

/// The value each local variable (and parameter) holds at a point of a
/// function, as the walk of its statements has worked it out.
using LocalValues = llvm::DenseMap<const clang::VarDecl *, LaneExprPtr>;

/// The integer results of the calls a walk has followed.
using CallResults = llvm::DenseMap<const clang::Expr *, LaneExprPtr>;

class IndexTranslator {
public:
  /// \p Values and \p Calls are read at every translate() call. With
  /// \p BlockDim, blockDim is that constant.
  IndexTranslator(clang::ASTContext &Ctx, const LocalValues &Values,
                  const CallResults *Calls = nullptr,
                  std::optional<std::array<unsigned, 3>> BlockDim = {});

  LaneExprPtr translate(const clang::Expr *E);

  /// \p HoldsPlace tells the references whose value in Values is the
  /// place they are bound to (a shared element's offset): read, they give
  /// the element, which is memory.
  void setPlaces(std::function<bool(const clang::VarDecl *)> HoldsPlace) {
    this->HoldsPlace = std::move(HoldsPlace);
  }

  /// \p MemberValue gives the value of an integer field an expression
  /// reads (null: not known).
  void setMembers(
      std::function<LaneExprPtr(const clang::MemberExpr *)> MemberValue) {
    this->MemberValue = std::move(MemberValue);
  }

  IntType intTypeOf(clang::QualType T) const;

  /// A value not known, named by \p E's spelling.
  LaneExprPtr unknown(const clang::Expr *E, std::string Reason);

private:
  LaneExprPtr translateUncached(const clang::Expr *E);
  LaneExprPtr translateBuiltinVariable(const clang::PseudoObjectExpr *E);
  LaneExprPtr translateVariable(const clang::DeclRefExpr *Ref);
  LaneExprPtr translateBinary(const clang::BinaryOperator *B);
  LaneExprPtr translateUnary(const clang::UnaryOperator *U);
  LaneExprPtr translateCall(const clang::CallExpr *C);
  LaneExprPtr translateMember(const clang::MemberExpr *M);
  LaneExprPtr blockDim(unsigned Dim) const;
  std::array<LaneExprPtr, 3> blockDims() const;
  std::string spelling(const clang::Expr *E) const;

  clang::ASTContext &Ctx;
  const LocalValues &Values;
  const CallResults *Calls;
  std::optional<std::array<unsigned, 3>> KnownBlockDim;
  std::function<bool(const clang::VarDecl *)> HoldsPlace;
  std::function<LaneExprPtr(const clang::MemberExpr *)> MemberValue;
  unsigned Depth = 0;
};

} // namespace bankfix

#endif // BANKFIX_INDEXTRANSLATOR_H
