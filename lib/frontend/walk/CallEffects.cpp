// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CallEffects.cpp - What a call does to the accesses nvcc merges -----===//

#include "frontend/walk/CallEffects.h"

#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace bankfix {

namespace {

// clang-format off
/// CUDA's device functions that compile to straight-line code without
/// shared-memory accesses and that nvcc's scheduling was seen to move
/// loads across: integer and bit intrinsics, minimum, maximum and absolute
/// values, fused multiply-adds, the fast (approximate) math intrinsics,
/// expf, and the conversions.
const llvm::StringSet<> &straightLineFunctions() {
  static const llvm::StringSet<> Names = {
      "__popc", "__popcll", "__clz", "__clzll", "__ffs", "__ffsll", "__brev",
      "__brevll", "__byte_perm", "__funnelshift_l", "__funnelshift_lc",
      "__funnelshift_r", "__funnelshift_rc", "__mul24", "__umul24", "__mulhi",
      "__umulhi", "__mul64hi", "__umul64hi", "__sad", "__usad", "__hadd",
      "__uhadd", "__rhadd", "__urhadd", "min", "max", "umin", "umax",
      "llmin", "llmax", "ullmin", "ullmax", "abs", "labs", "llabs", "fabs",
      "fabsf", "fmin", "fminf", "fmax", "fmaxf", "fma", "fmaf", "__fmaf_rn",
      "__fmaf_rz", "__fmaf_ru", "__fmaf_rd", "__fma_rn", "__fmul_rn",
      "__fmul_rz", "__fmul_ru", "__fmul_rd", "__fadd_rn", "__fadd_rz",
      "__fadd_ru", "__fadd_rd", "__fsub_rn", "__fsub_rz", "__fsub_ru",
      "__fsub_rd", "__dmul_rn", "__dadd_rn", "__dsub_rn", "__expf",
      "__exp10f", "__logf", "__log2f", "__log10f", "__sinf", "__cosf",
      "__powf", "__fdividef", "__saturatef", "expf", "exp2f", "floorf",
      "ceilf", "truncf", "rintf", "roundf", "copysignf", "floor", "ceil",
      "trunc", "rint", "__float2int_rn", "__float2int_rz", "__float2int_ru",
      "__float2int_rd", "__float2uint_rn", "__float2uint_rz",
      "__float2uint_ru", "__float2uint_rd", "__int2float_rn",
      "__int2float_rz", "__int2float_ru", "__int2float_rd",
      "__uint2float_rn", "__uint2float_rz", "__uint2float_ru",
      "__uint2float_rd", "__float_as_int", "__int_as_float",
      "__float_as_uint", "__uint_as_float", "__double_as_longlong",
      "__longlong_as_double", "__float2half", "__half2float",
      "__float2half_rn", "__ldg", "__ldcg", "__ldca", "__ldcs", "__ldlu",
      "__ldcv"};
  return Names;
}
// clang-format on

/// Memory fences: nothing merges across them.
const llvm::StringSet<> &fences() {
  static const llvm::StringSet<> Names = {
      "__threadfence", "__threadfence_block", "__threadfence_system"};
  return Names;
}

} // namespace

CallEffect invisibleCallEffect(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier())
    return CallEffect::MaySplit;
  StringRef Name = Callee->getName();
  // CUDA's threadIdx, blockIdx, blockDim and gridDim.
  if (Name.starts_with("__fetch_builtin_"))
    return CallEffect::None;
  if (straightLineFunctions().contains(Name))
    return CallEffect::None;
  if (fences().contains(Name))
    return CallEffect::Splits;
  return CallEffect::MaySplit;
}

bool exchangesWithinWarp(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier())
    return false;
  StringRef Name = Callee->getName();
  // CUB's own shuffles (cub::ShuffleUp, ...), whose code is not walked.
  if (Name.starts_with("Shuffle"))
    if (const auto *NS = dyn_cast<NamespaceDecl>(
            Callee->getDeclContext()->getEnclosingNamespaceContext()))
      if (NS->getName() == "cub" ||
          (NS->getParent()->isNamespace() &&
           cast<NamespaceDecl>(NS->getParent())->getName() == "cub"))
        return true;
  return Name.starts_with("__shfl") || Name.starts_with("__nvvm_shfl") ||
         Name.starts_with("__nvvm_vote") || Name.starts_with("__nvvm_match") ||
         Name == "__ballot_sync" || Name == "__any_sync" ||
         Name == "__all_sync" || Name == "__uni_sync" ||
         Name == "__activemask" || Name.starts_with("__match_");
}

} // namespace bankfix
