// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CooperativeGroups.cpp - Cooperative groups as threadIdx expressions-===//

#include "frontend/walk/CooperativeGroups.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace bankfix {

namespace {

/// The group class of the object a method is called on: "thread_block",
/// "thread_block_tile" (with its size), or empty.
struct GroupKind {
  std::string Name;
  std::optional<uint64_t> TileSize;
};

bool inCooperativeGroups(const Decl *D) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *N = dyn_cast<NamespaceDecl>(C))
      if (N->getName() == "cooperative_groups")
        return true;
  return false;
}

GroupKind groupKindOf(QualType T) {
  const CXXRecordDecl *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!R || !inCooperativeGroups(R))
    return {};
  GroupKind K;
  K.Name = R->getName().str();
  if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(R)) {
    const TemplateArgumentList &Args = S->getTemplateArgs();
    if (Args.size() > 0 && Args[0].getKind() == TemplateArgument::Integral)
      K.TileSize = Args[0].getAsIntegral().getZExtValue();
  }
  return K;
}

LaneExprPtr constant(uint64_t V) {
  return LaneExpr::constant(int64_t(V), IntType::unsignedTy());
}

LaneExprPtr mul(LaneExprPtr A, LaneExprPtr B) {
  return LaneExpr::binary(BinaryOp::Mul, A, B, IntType::unsignedTy());
}

/// The object a method call is made on (as written, before any conversion
/// to a base class), and the method's name; static methods called on an
/// object (`block.thread_rank()`) included.
std::pair<const Expr *, StringRef> methodCall(const CallExpr *C) {
  const auto *M = dyn_cast<MemberExpr>(C->getCallee()->IgnoreImpCasts());
  const auto *D = M ? dyn_cast<CXXMethodDecl>(M->getMemberDecl()) : nullptr;
  if (!D || !D->getIdentifier())
    return {nullptr, ""};
  return {M->getBase()->IgnoreImpCasts(), D->getName()};
}

} // namespace

LaneExprPtr linearThreadIndex(const std::array<LaneExprPtr, 3> &BlockDim) {
  IntType U = IntType::unsignedTy();
  LaneExprPtr Y = mul(LaneExpr::threadIdx(1), BlockDim[0]);
  LaneExprPtr Z = mul(LaneExpr::threadIdx(2), mul(BlockDim[0], BlockDim[1]));
  return LaneExpr::binary(
      BinaryOp::Add,
      LaneExpr::binary(BinaryOp::Add, LaneExpr::threadIdx(0), Y, U), Z, U);
}

LaneExprPtr groupQueryValue(const CallExpr *C,
                            const std::array<LaneExprPtr, 3> &BlockDim) {
  auto [Object, Method] = methodCall(C);
  if (!Object)
    return nullptr;
  GroupKind K = groupKindOf(Object->getType());
  LaneExprPtr Threads = mul(mul(BlockDim[0], BlockDim[1]), BlockDim[2]);
  IntType U = IntType::unsignedTy();
  if (K.Name == "thread_block") {
    if (Method == "thread_rank")
      return linearThreadIndex(BlockDim);
    if (Method == "size" || Method == "num_threads")
      return Threads;
    return nullptr;
  }
  if (K.Name == "thread_block_tile" && K.TileSize && *K.TileSize > 0) {
    LaneExprPtr N = constant(*K.TileSize);
    if (Method == "thread_rank")
      return LaneExpr::binary(BinaryOp::Rem, linearThreadIndex(BlockDim), N, U);
    if (Method == "meta_group_rank")
      return LaneExpr::binary(BinaryOp::Div, linearThreadIndex(BlockDim), N, U);
    if (Method == "size" || Method == "num_threads")
      return N;
    if (Method == "meta_group_size")
      return LaneExpr::binary(BinaryOp::Div,
                              LaneExpr::binary(BinaryOp::Add, Threads,
                                               constant(*K.TileSize - 1), U),
                              N, U);
  }
  return nullptr;
}

LaneExprPtr groupIndexComponent(const MemberExpr *M,
                                const std::array<LaneExprPtr, 3> &BlockDim) {
  const auto *Call =
      dyn_cast<CallExpr>(M->getBase()->IgnoreImplicit()->IgnoreParens());
  if (!Call)
    return nullptr;
  auto [Object, Method] = methodCall(Call);
  if (!Object || groupKindOf(Object->getType()).Name != "thread_block")
    return nullptr;
  StringRef Field = M->getMemberDecl()->getName();
  unsigned Dim = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : 3;
  if (Dim == 3)
    return nullptr;
  if (Method == "thread_index")
    return LaneExpr::threadIdx(Dim);
  if (Method == "group_dim" || Method == "dim_threads")
    return BlockDim[Dim];
  if (Method == "group_index")
    return LaneExpr::uniform(std::string("blockIdx.") + "xyz"[Dim],
                             IntType::unsignedTy());
  return nullptr;
}

bool isBarrierCall(const CallExpr *C) {
  const FunctionDecl *F = C->getDirectCallee();
  if (!F || !F->getIdentifier())
    return false;
  StringRef Name = F->getName();
  if (Name == "__syncthreads" || Name == "__syncwarp" ||
      Name.starts_with("__syncthreads_") || Name == "__barrier_sync")
    return true;
  if (Name != "sync")
    return false;
  if (auto [Object, Method] = methodCall(C); Object)
    return !groupKindOf(Object->getType()).Name.empty();
  return inCooperativeGroups(F);
}

} // namespace bankfix
