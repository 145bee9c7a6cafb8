//===- CallEffects.cpp - What a call does to the accesses nvcc merges -----===//

#include "frontend/walk/CallEffects.h"

#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace bankfix {

namespace {

/// CUDA's device functions that compile to straight-line code without
/// shared-memory accesses: the warp intrinsics, integer and bit intrinsics,
/// minimum, maximum and absolute values, fused multiply-adds, the fast
/// (approximate) math intrinsics and the conversions.
const llvm::StringSet<> &straightLineFunctions() {
  static const llvm::StringSet<> Names = {"__shfl",
                                          "__shfl_up",
                                          "__shfl_down",
                                          "__shfl_xor",
                                          "__shfl_sync",
                                          "__shfl_up_sync",
                                          "__shfl_down_sync",
                                          "__shfl_xor_sync",
                                          "__ballot",
                                          "__ballot_sync",
                                          "__any",
                                          "__all",
                                          "__any_sync",
                                          "__all_sync",
                                          "__uni_sync",
                                          "__activemask",
                                          "__match_any_sync",
                                          "__match_all_sync",
                                          "__reduce_add_sync",
                                          "__reduce_min_sync",
                                          "__reduce_max_sync",
                                          "__reduce_and_sync",
                                          "__reduce_or_sync",
                                          "__reduce_xor_sync",
                                          "__popc",
                                          "__popcll",
                                          "__clz",
                                          "__clzll",
                                          "__ffs",
                                          "__ffsll",
                                          "__brev",
                                          "__brevll",
                                          "__byte_perm",
                                          "__funnelshift_l",
                                          "__funnelshift_lc",
                                          "__funnelshift_r",
                                          "__funnelshift_rc",
                                          "__mul24",
                                          "__umul24",
                                          "__mulhi",
                                          "__umulhi",
                                          "__mul64hi",
                                          "__umul64hi",
                                          "__sad",
                                          "__usad",
                                          "__hadd",
                                          "__uhadd",
                                          "__rhadd",
                                          "__urhadd",
                                          "min",
                                          "max",
                                          "umin",
                                          "umax",
                                          "llmin",
                                          "llmax",
                                          "ullmin",
                                          "ullmax",
                                          "abs",
                                          "labs",
                                          "llabs",
                                          "fabs",
                                          "fabsf",
                                          "fmin",
                                          "fminf",
                                          "fmax",
                                          "fmaxf",
                                          "fma",
                                          "fmaf",
                                          "__fmaf_rn",
                                          "__fmaf_rz",
                                          "__fmaf_ru",
                                          "__fmaf_rd",
                                          "__fma_rn",
                                          "__fmul_rn",
                                          "__fmul_rz",
                                          "__fmul_ru",
                                          "__fmul_rd",
                                          "__fadd_rn",
                                          "__fadd_rz",
                                          "__fadd_ru",
                                          "__fadd_rd",
                                          "__fsub_rn",
                                          "__fsub_rz",
                                          "__fsub_ru",
                                          "__fsub_rd",
                                          "__dmul_rn",
                                          "__dadd_rn",
                                          "__dsub_rn",
                                          "__expf",
                                          "__exp10f",
                                          "__logf",
                                          "__log2f",
                                          "__log10f",
                                          "__sinf",
                                          "__cosf",
                                          "__powf",
                                          "__fdividef",
                                          "__saturatef",
                                          "expf",
                                          "exp2f",
                                          "floorf",
                                          "ceilf",
                                          "truncf",
                                          "rintf",
                                          "roundf",
                                          "copysignf",
                                          "floor",
                                          "ceil",
                                          "trunc",
                                          "rint",
                                          "__float2int_rn",
                                          "__float2int_rz",
                                          "__float2int_ru",
                                          "__float2int_rd",
                                          "__float2uint_rn",
                                          "__float2uint_rz",
                                          "__float2uint_ru",
                                          "__float2uint_rd",
                                          "__int2float_rn",
                                          "__int2float_rz",
                                          "__int2float_ru",
                                          "__int2float_rd",
                                          "__uint2float_rn",
                                          "__uint2float_rz",
                                          "__uint2float_ru",
                                          "__uint2float_rd",
                                          "__float_as_int",
                                          "__int_as_float",
                                          "__float_as_uint",
                                          "__uint_as_float",
                                          "__double_as_longlong",
                                          "__longlong_as_double",
                                          "__float2half",
                                          "__half2float",
                                          "__float2half_rn",
                                          "__ldg",
                                          "__ldcg",
                                          "__ldca",
                                          "__ldcs",
                                          "__ldlu",
                                          "__ldcv"};
  return Names;
}

/// Device functions whose code branches to a slow path: nothing merges
/// across them.
const llvm::StringSet<> &branchingFunctions() {
  static const llvm::StringSet<> Names = {"sqrtf",
                                          "sqrt",
                                          "__fsqrt_rn",
                                          "__fsqrt_rz",
                                          "__fsqrt_ru",
                                          "__fsqrt_rd",
                                          "__dsqrt_rn",
                                          "__fdiv_rn",
                                          "__fdiv_rz",
                                          "__fdiv_ru",
                                          "__fdiv_rd",
                                          "__ddiv_rn",
                                          "__frcp_rn",
                                          "__drcp_rn",
                                          "__threadfence",
                                          "__threadfence_block",
                                          "__threadfence_system"};
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
  if (branchingFunctions().contains(Name))
    return CallEffect::Splits;
  return CallEffect::MaySplit;
}

} // namespace bankfix
