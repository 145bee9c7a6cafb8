// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MemberReload.cpp - 16-byte loads nvcc splits after a member load ---===//

#include "core/codegen/MemberReload.h"

#include "core/expr/CompileTimeValue.h"
#include "core/expr/LaneEvaluator.h"

#include <map>

namespace bankfix {

namespace {

/// Shapes of other sizes, where thread indices that the analysed shapes
/// make equal (tid and lane in a one-warp block) differ.
const std::vector<BlockShape> &otherShapes() {
  static const std::vector<BlockShape> Shapes = {
      BlockShape{{96, 3, 1}}, BlockShape{{40, 5, 2}}, BlockShape{{7, 9, 3}}};
  return Shapes;
}

/// Whether Member's address is Whole's plus ReloadingMemberOffset in every
/// active lane of \p Shape, with the same lanes active; nullopt when
/// either is not judged there.
std::optional<bool> sameElementIn(const SharedArrayLayout &Layout,
                                  const AccessInstance &Member,
                                  const AccessInstance &Whole,
                                  const BlockShape &Shape) {
  AccessEvaluation EM = evaluateAccess(Layout, Member.Desc, Shape);
  AccessEvaluation EW = evaluateAccess(Layout, Whole.Desc, Shape);
  if (!EM.judged() || !EW.judged())
    return std::nullopt;
  if (EM.Warps.size() != EW.Warps.size())
    return false;
  for (size_t I = 0; I < EM.Warps.size(); ++I)
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      const std::optional<uint64_t> &M = EM.Warps[I].Addresses[Lane];
      const std::optional<uint64_t> &W = EW.Warps[I].Addresses[Lane];
      if (M.has_value() != W.has_value() ||
          (M && (*W % 16 != 0 || *M != *W + ReloadingMemberOffset)))
        return false;
    }
  return true;
}

/// \p Access's byte address for one thread, guards and bounds aside;
/// nullopt when it is not a number there.
std::optional<int64_t> byteAddress(const SharedArrayLayout &Layout,
                                   const SharedAccessDesc &Access,
                                   const LaneEnv &Env) {
  int64_t Element = 0;
  for (size_t D = 0; D < Access.Indices.size(); ++D) {
    std::optional<int64_t> V = evaluateLaneConcrete(*Access.Indices[D], Env);
    if (!V)
      return std::nullopt;
    int64_t Extent =
        D < Layout.Dims.size() ? int64_t(Layout.Dims[D]) : int64_t(1);
    Element = Element * Extent + *V;
  }
  int64_t Scale = Access.FlatBytes ? 1 : int64_t(Layout.ElementSize);
  return Element * Scale + int64_t(Access.ByteOffset);
}

/// Whether the two addresses are the same function of the thread index,
/// the block size and the warp-uniform terms (kernel parameters,
/// blockIdx): equal, but for the offset, for every thread of the shapes
/// of otherShapes(), with the uniform terms at two sets of values.
bool sameFunction(const SharedArrayLayout &Layout, const AccessInstance &Member,
                  const AccessInstance &Whole) {
  std::map<std::string, IntType> Symbols;
  for (const AccessInstance *I : {&Member, &Whole})
    for (const LaneExprPtr &Index : I->Desc.Indices)
      collectUniforms(*Index, Symbols);
  for (int64_t Seed : {5, 37}) {
    UniformBindings Values;
    for (const auto &Symbol : Symbols)
      Values.emplace_back(Symbol.first, Seed + int64_t(Values.size()) * 11);
    for (const BlockShape &Shape : otherShapes())
      for (unsigned X = 0; X < Shape.Dim[0]; ++X)
        for (unsigned Y = 0; Y < Shape.Dim[1]; ++Y)
          for (unsigned Z = 0; Z < Shape.Dim[2]; ++Z) {
            LaneEnv Env{{X, Y, Z}, Shape.Dim, &Values};
            std::optional<int64_t> M = byteAddress(Layout, Member.Desc, Env);
            std::optional<int64_t> W = byteAddress(Layout, Whole.Desc, Env);
            if (!M || !W || *M != *W + int64_t(ReloadingMemberOffset))
              return false;
          }
  }
  return true;
}

} // namespace

bool readsThirdWordOf(const SharedArrayLayout &Layout,
                      const AccessInstance &Member, const AccessInstance &Whole,
                      const std::vector<BlockShape> &Shapes) {
  if (Member.Desc.Kind != AccessKind::Load ||
      Whole.Desc.Kind != AccessKind::Load || Member.Desc.Width != 4 ||
      Whole.Desc.Width != 16)
    return false;
  // Code that runs under a condition the member load does not share (the
  // other side of an if) is not what nvcc splits.
  if (Member.Desc.Guard &&
      !(Whole.Desc.Guard &&
        sameLaneExpr(*Member.Desc.Guard, *Whole.Desc.Guard)))
    return false;
  bool Any = false;
  for (const BlockShape &Shape : Shapes) {
    if (!Member.runsFor(Shape) || !Whole.runsFor(Shape))
      continue;
    std::optional<bool> Same = sameElementIn(Layout, Member, Whole, Shape);
    if (Same && !*Same)
      return false;
    Any = Any || Same.has_value();
  }
  return Any && sameFunction(Layout, Member, Whole);
}

} // namespace bankfix
