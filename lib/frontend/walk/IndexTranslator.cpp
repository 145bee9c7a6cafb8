// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IndexTranslator.cpp - Clang expressions to LaneExprs ---------------===//

#include "frontend/walk/IndexTranslator.h"

#include "frontend/walk/CooperativeGroups.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace bankfix {

namespace {

std::optional<BinaryOp> binaryOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
    return BinaryOp::Add;
  case BO_Sub:
    return BinaryOp::Sub;
  case BO_Mul:
    return BinaryOp::Mul;
  case BO_Div:
    return BinaryOp::Div;
  case BO_Rem:
    return BinaryOp::Rem;
  case BO_Shl:
    return BinaryOp::Shl;
  case BO_Shr:
    return BinaryOp::Shr;
  case BO_And:
    return BinaryOp::And;
  case BO_Or:
    return BinaryOp::Or;
  case BO_Xor:
    return BinaryOp::Xor;
  case BO_LT:
    return BinaryOp::LT;
  case BO_GT:
    return BinaryOp::GT;
  case BO_LE:
    return BinaryOp::LE;
  case BO_GE:
    return BinaryOp::GE;
  case BO_EQ:
    return BinaryOp::EQ;
  case BO_NE:
    return BinaryOp::NE;
  case BO_LAnd:
    return BinaryOp::LAnd;
  case BO_LOr:
    return BinaryOp::LOr;
  default:
    return std::nullopt;
  }
}

/// Nesting that translation follows before it gives up (locals that refer
/// to locals, ...). Clang itself limits parentheses to 256 levels.
constexpr unsigned MaxDepth = 512;

} // namespace

IndexTranslator::IndexTranslator(
    ASTContext &Ctx, const LocalValues &Values, const CallResults *Calls,
    std::optional<std::array<unsigned, 3>> BlockDim)
    : Ctx(Ctx), Values(Values), Calls(Calls), KnownBlockDim(BlockDim) {}

LaneExprPtr IndexTranslator::blockDim(unsigned Dim) const {
  if (KnownBlockDim)
    return LaneExpr::constant((*KnownBlockDim)[Dim], IntType::unsignedTy());
  return LaneExpr::blockDim(Dim);
}

std::array<LaneExprPtr, 3> IndexTranslator::blockDims() const {
  return {blockDim(0), blockDim(1), blockDim(2)};
}

IntType IndexTranslator::intTypeOf(QualType T) const {
  T = T.getCanonicalType().getNonReferenceType();
  if (T->isBooleanType())
    return IntType::boolTy();
  if (!T->isIntegralOrEnumerationType())
    return IntType::intTy();
  unsigned Bits = Ctx.getIntWidth(T);
  return {Bits > 64 ? 64 : Bits, T->isSignedIntegerOrEnumerationType(), false};
}

std::string IndexTranslator::spelling(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(E->getSourceRange());
  Range = Lexer::makeFileCharRange(Range, SM, Ctx.getLangOpts());
  StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  if (Text.empty() || Text.size() > 80)
    return "expression";
  return Text.str();
}

LaneExprPtr IndexTranslator::unknown(const Expr *E, std::string Reason) {
  return LaneExpr::unknown(spelling(E), std::move(Reason));
}

LaneExprPtr IndexTranslator::translate(const Expr *E) {
  if (Depth >= MaxDepth)
    return unknown(E, "is nested too deeply to follow");
  ++Depth;
  LaneExprPtr Result = translateUncached(E);
  --Depth;
  return Result;
}

LaneExprPtr IndexTranslator::translateUncached(const Expr *E) {
  if (E->isValueDependent() || E->isTypeDependent())
    return unknown(E, "depends on a template parameter");

  // Any integer constant expression, whatever its spelling.
  if (E->getType()->isIntegralOrEnumerationType()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx) && R.Val.isInt()) {
      const llvm::APSInt &V = R.Val.getInt();
      if (V.getBitWidth() <= 64)
        return LaneExpr::constant(V.isSigned() ? V.getSExtValue()
                                               : int64_t(V.getZExtValue()),
                                  intTypeOf(E->getType()));
    }
  }

  if (const auto *P = dyn_cast<ParenExpr>(E))
    return translate(P->getSubExpr());
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
      return translate(C->getSubExpr());
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_BooleanToSignedIntegral:
      return LaneExpr::cast(translate(C->getSubExpr()),
                            intTypeOf(C->getType()));
    default:
      return unknown(E, "is a conversion bankfix does not follow");
    }
  }
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    return translateBuiltinVariable(PO);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return translateVariable(Ref);
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return translateBinary(B);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return translateUnary(U);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return LaneExpr::conditional(
        translate(CO->getCond()), translate(CO->getTrueExpr()),
        translate(CO->getFalseExpr()), intTypeOf(CO->getType()));
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return translate(S->getReplacement());
  if (const auto *F = dyn_cast<FullExpr>(E))
    return translate(F->getSubExpr());
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return translate(D->getExpr());
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return translate(M->getSubExpr());
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return translateMember(M);
  if (isa<ArraySubscriptExpr>(E))
    return unknown(E, "is read from memory");
  if (const auto *C = dyn_cast<CallExpr>(E))
    return translateCall(C);
  return unknown(E, "cannot be evaluated");
}

LaneExprPtr
IndexTranslator::translateBuiltinVariable(const PseudoObjectExpr *E) {
  const auto *Prop =
      dyn_cast<MSPropertyRefExpr>(E->getSyntacticForm()->IgnoreParens());
  if (!Prop)
    return unknown(E, "cannot be evaluated");
  const Expr *BaseExpr = Prop->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *Opaque = dyn_cast<OpaqueValueExpr>(BaseExpr))
    BaseExpr = Opaque->getSourceExpr()->IgnoreParenImpCasts();
  const auto *Base = dyn_cast<DeclRefExpr>(BaseExpr);
  StringRef Field = Prop->getPropertyDecl()->getName();
  unsigned Dim = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : 3;
  if (!Base || Dim == 3)
    return unknown(E, "cannot be evaluated");
  StringRef Var = Base->getDecl()->getName();
  if (Var == "threadIdx")
    return LaneExpr::threadIdx(Dim);
  if (Var == "blockDim")
    return blockDim(Dim);
  if (Var == "blockIdx" || Var == "gridDim")
    return LaneExpr::uniform((Var + "." + Field).str(), IntType::unsignedTy());
  return unknown(E, "cannot be evaluated");
}

LaneExprPtr IndexTranslator::translateVariable(const DeclRefExpr *Ref) {
  const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
  if (!Var)
    return unknown(Ref, "cannot be evaluated");
  if (Var->getType()->isReferenceType() && HoldsPlace && HoldsPlace(Var))
    return unknown(Ref, "is read from memory");
  if (LaneExprPtr Known = Values.lookup(Var))
    return Known;
  std::string Name = Var->getNameAsString();
  if (Var->hasLocalStorage())
    return LaneExpr::unknown(Name, "has no known value here");
  return LaneExpr::unknown(Name, "is a variable whose value is not known");
}

LaneExprPtr IndexTranslator::translateCall(const CallExpr *C) {
  if (LaneExprPtr Group = groupQueryValue(C, blockDims()))
    return Group;
  if (Calls)
    if (LaneExprPtr Result = Calls->lookup(C))
      return Result;
  return unknown(C, "is the result of a call");
}

LaneExprPtr IndexTranslator::translateMember(const MemberExpr *M) {
  if (LaneExprPtr Component = groupIndexComponent(M, blockDims()))
    return Component;
  if (MemberValue)
    if (LaneExprPtr Field = MemberValue(M))
      return Field;
  return unknown(M, "is read from memory");
}

LaneExprPtr IndexTranslator::translateBinary(const BinaryOperator *B) {
  if (B->getOpcode() == BO_Comma)
    return translate(B->getRHS());
  // The distance between two pointers counts elements, not bytes.
  if (B->getLHS()->getType()->isPointerType() ||
      B->getRHS()->getType()->isPointerType())
    return unknown(B, "is pointer arithmetic bankfix does not follow here");
  std::optional<BinaryOp> Op = binaryOp(B->getOpcode());
  if (!Op)
    return unknown(B, "assigns a value");
  return LaneExpr::binary(*Op, translate(B->getLHS()), translate(B->getRHS()),
                          intTypeOf(B->getType()));
}

LaneExprPtr IndexTranslator::translateUnary(const UnaryOperator *U) {
  IntType T = intTypeOf(U->getType());
  switch (U->getOpcode()) {
  case UO_Plus:
  case UO_Extension:
    return LaneExpr::cast(translate(U->getSubExpr()), T);
  case UO_Minus:
    return LaneExpr::unary(UnaryOp::Minus, translate(U->getSubExpr()), T);
  case UO_Not:
    return LaneExpr::unary(UnaryOp::BitNot, translate(U->getSubExpr()), T);
  case UO_LNot:
    return LaneExpr::unary(UnaryOp::LogicalNot, translate(U->getSubExpr()), T);
  case UO_Deref:
    return unknown(U, "is read from memory");
  case UO_PostInc:
  case UO_PostDec:
    return translate(U->getSubExpr()); // the value before the change
  case UO_PreInc:
  case UO_PreDec:
    return LaneExpr::binary(
        U->getOpcode() == UO_PreInc ? BinaryOp::Add : BinaryOp::Sub,
        translate(U->getSubExpr()), LaneExpr::constant(1, T), T);
  default:
    return unknown(U, "changes a variable");
  }
}

} // namespace bankfix
