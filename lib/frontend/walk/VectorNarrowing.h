//===- VectorNarrowing.h - Vector loads nvcc narrows to what is used ------===//
//
// A 16-byte vector (float4, int4, ...) loaded into a local variable of
// which only .x, or only .x and .y, are ever read becomes a 4- or 8-byte
// load in nvcc's code (docs/bank-model.md, "What nvcc 13 merges": `float4 v =
// ((float4 *)row)[k]` with only v.x, v.y used is an LDS.64).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_VECTORNARROWING_H
#define BANKFIX_VECTORNARROWING_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <optional>

namespace bankfix {

/// The bytes nvcc loads for the local vector variable \p V when its uses
/// read only a prefix of its components (x, or x and y) narrower than the
/// whole; nullopt otherwise.
std::optional<unsigned> narrowedVectorWidth(clang::ASTContext &Ctx,
                                            const clang::VarDecl &V);

} // namespace bankfix

#endif // BANKFIX_VECTORNARROWING_H
