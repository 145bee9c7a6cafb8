//===- VectorNarrowing.cpp - Vector loads nvcc narrows to what is used ----===//

#include "frontend/walk/VectorNarrowing.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace bankfix {

namespace {

/// The components of one variable that are read, and whether it is used
/// whole (copied, passed, its address taken).
class ComponentUses : public RecursiveASTVisitor<ComponentUses> {
public:
  explicit ComponentUses(const VarDecl &V) : V(V) {}

  bool TraverseMemberExpr(MemberExpr *M) {
    const auto *Ref =
        dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts());
    if (Ref && Ref->getDecl() == &V && !M->isArrow()) {
      Fields.push_back(M->getMemberDecl()->getName().str());
      return true;
    }
    return RecursiveASTVisitor::TraverseMemberExpr(M);
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() == &V)
      Whole = true;
    return true;
  }

  const VarDecl &V;
  std::vector<std::string> Fields;
  bool Whole = false;
};

} // namespace

std::optional<unsigned> narrowedVectorWidth(ASTContext &Ctx, const VarDecl &V) {
  const RecordDecl *R = V.getType()->getAsRecordDecl();
  const auto *F = dyn_cast<FunctionDecl>(V.getDeclContext());
  if (!R || !F || !F->getBody() || V.getType().isVolatileQualified())
    return std::nullopt;
  // A CUDA vector of four 4-byte components: x, y, z, w.
  std::vector<std::string> Names;
  for (const FieldDecl *Field : R->fields()) {
    if (!Field->getType()->isScalarType() ||
        Ctx.getTypeSizeInChars(Field->getType()).getQuantity() != 4)
      return std::nullopt;
    Names.push_back(Field->getName().str());
  }
  if (Names != std::vector<std::string>{"x", "y", "z", "w"})
    return std::nullopt;
  ComponentUses Uses(V);
  Uses.TraverseStmt(F->getBody());
  if (Uses.Whole)
    return std::nullopt;
  bool X = false, Y = false;
  for (const std::string &Field : Uses.Fields) {
    if (Field == "z" || Field == "w")
      return std::nullopt;
    X = X || Field == "x";
    Y = Y || Field == "y";
  }
  if (Y)
    return 8u;
  if (X)
    return 4u;
  return std::nullopt;
}

} // namespace bankfix
