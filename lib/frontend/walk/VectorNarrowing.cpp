// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- VectorNarrowing.cpp - Vector loads nvcc narrows to what is used ----===//

#include "frontend/walk/VectorNarrowing.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"

using namespace clang;

namespace bankfix {

namespace {

/// The components of one variable that are read, and whether it is used
/// whole (copied, passed, its address taken).
class ComponentUses : public DynamicRecursiveASTVisitor {
public:
  explicit ComponentUses(const VarDecl &V) : V(V) {}

  bool TraverseMemberExpr(MemberExpr *M) override {
    const auto *Ref =
        dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts());
    if (Ref && Ref->getDecl() == &V && !M->isArrow()) {
      Fields.push_back(M->getMemberDecl()->getName().str());
      return true;
    }
    return DynamicRecursiveASTVisitor::TraverseMemberExpr(M);
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
    if (Ref->getDecl() == &V)
      Whole = true;
    return true;
  }

  const VarDecl &V;
  std::vector<std::string> Fields;
  bool Whole = false;
};

} // namespace

std::optional<NarrowedLoad> narrowedVectorLoad(ASTContext &Ctx,
                                               const VarDecl &V) {
  const RecordDecl *R = V.getType()->getAsRecordDecl();
  const auto *F = dyn_cast<FunctionDecl>(V.getDeclContext());
  if (!R || !F || !F->getBody() || V.getType().isVolatileQualified())
    return std::nullopt;
  // A CUDA vector of 2 or 4 components of 4 or 8 bytes: x, y[, z, w].
  static const char *const Components[] = {"x", "y", "z", "w"};
  std::vector<std::string> Names;
  uint64_t Size = 0;
  for (const FieldDecl *Field : R->fields()) {
    uint64_t S = Ctx.getTypeSizeInChars(Field->getType()).getQuantity();
    if (!Field->getType()->isScalarType() || (S != 4 && S != 8) ||
        (Size && S != Size) || Names.size() >= 4 ||
        Field->getName() != Components[Names.size()])
      return std::nullopt;
    Size = S;
    Names.push_back(Field->getName().str());
  }
  if (Names.size() != 2 && Names.size() != 4)
    return std::nullopt;
  ComponentUses Uses(V);
  Uses.TraverseStmt(F->getBody());
  if (Uses.Whole)
    return std::nullopt;
  unsigned Used = 0, Count = 0;
  for (const std::string &Field : Uses.Fields)
    for (unsigned K = 0; K < Names.size(); ++K)
      if (Field == Names[K] && !(Used & (1u << K))) {
        Used |= 1u << K;
        ++Count;
      }
  if (Count == 0 || Count >= 3 || Count == Names.size())
    return std::nullopt;
  unsigned First = unsigned(__builtin_ctz(Used));
  if (Count == 1)
    return NarrowedLoad{unsigned(First * Size), unsigned(Size), ""};
  if (Used == 0x3u || Used == 0xcu)
    return NarrowedLoad{unsigned(First * Size), unsigned(2 * Size), ""};
  unsigned Second = unsigned(31 - __builtin_clz(Used));
  return NarrowedLoad{0, 0,
                      "nvcc loads its ." + Names[First] + " and ." +
                          Names[Second] + " as two separate accesses"};
}

} // namespace bankfix
