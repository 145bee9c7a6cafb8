// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CooperativeGroups.h - Cooperative groups as threadIdx expressions --===//
//
// The queries of cooperative_groups' thread_block and thread_block_tile<N>
// (thread_rank, meta_group_rank, size, thread_index, group_index, ...) are
// threadIdx and blockDim expressions; their sync() is a barrier. Recognised
// by the names of the method and of the group's class, so that the
// toolkit's implementation (intrinsics) need not be followed.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_COOPERATIVEGROUPS_H
#define BANKFIX_COOPERATIVEGROUPS_H

#include "core/expr/LaneExpr.h"

#include "clang/AST/ExprCXX.h"

namespace bankfix {

/// The value of a group query such as `block.thread_rank()`, or null when
/// \p C is not one. \p BlockDim gives blockDim.x/y/z (constants when the
/// block shape is known).
LaneExprPtr groupQueryValue(const clang::CallExpr *C,
                            const std::array<LaneExprPtr, 3> &BlockDim);

/// `block.thread_index().y`, `block.group_index().x`: the component, or
/// null when \p M is not a member of such a query.
LaneExprPtr groupIndexComponent(const clang::MemberExpr *M,
                                const std::array<LaneExprPtr, 3> &BlockDim);

/// __syncthreads(), __syncwarp(), `group.sync()`, `cg::sync(group)`.
bool isBarrierCall(const clang::CallExpr *C);

/// The threads of the block in x-fastest order: threadIdx.x + threadIdx.y *
/// blockDim.x + threadIdx.z * blockDim.x * blockDim.y.
LaneExprPtr linearThreadIndex(const std::array<LaneExprPtr, 3> &BlockDim);

} // namespace bankfix

#endif // BANKFIX_COOPERATIVEGROUPS_H
