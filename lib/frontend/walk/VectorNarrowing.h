// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- VectorNarrowing.h - Vector loads nvcc narrows to what is used ------===//
//
// A vector (float4, int4, float2, double2, ...) loaded into a local variable
// of which only some components are ever read is loaded narrower in nvcc's
// code. Measured on the GPU (docs/bank-model.md, "What nvcc 13 merges"):
// three or four components used load the whole vector; one component
// loads that component alone (`float4` .z: 4 bytes at offset 8); two
// components that form an aligned half (.x and .y, .z and .w) load that
// half (an LDS.64); two others (.y and .z, .x and .z) load as two separate
// accesses, which bankfix does not judge.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_VECTORNARROWING_H
#define BANKFIX_VECTORNARROWING_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <optional>
#include <string>

namespace bankfix {

/// What nvcc loads of a vector variable.
struct NarrowedLoad {
  unsigned Offset = 0, Width = 0; ///< bytes, within the vector
  /// Set when nvcc loads the components used as two accesses: which.
  std::string TwoLoads;
};

/// What nvcc loads for the local vector variable \p V when its uses read
/// only some of its components; nullopt when it loads the whole vector.
std::optional<NarrowedLoad> narrowedVectorLoad(clang::ASTContext &Ctx,
                                               const clang::VarDecl &V);

} // namespace bankfix

#endif // BANKFIX_VECTORNARROWING_H
