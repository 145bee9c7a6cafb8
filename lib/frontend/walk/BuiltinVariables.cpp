// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BuiltinVariables.cpp - threadIdx, blockDim and their kin as parsed -===//

#include "frontend/walk/BuiltinVariables.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace bankfix {

StringRef builtinVariableName(const PseudoObjectExpr *E) {
  const auto *Prop =
      dyn_cast<MSPropertyRefExpr>(E->getSyntacticForm()->IgnoreParens());
  if (!Prop)
    return "";
  const Expr *Base = Prop->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *Opaque = dyn_cast<OpaqueValueExpr>(Base))
    Base = Opaque->getSourceExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  if (!Ref || !Ref->getDecl()->getIdentifier())
    return "";
  StringRef Name = Ref->getDecl()->getName();
  return Name == "threadIdx" || Name == "blockIdx" || Name == "blockDim" ||
                 Name == "gridDim"
             ? Name
             : "";
}

} // namespace bankfix
