// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- JsonReport.cpp - --format=json -------------------------------------===//

#include "frontend/report/JsonReport.h"

#include "frontend/report/CoverageStats.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <tuple>

namespace bankfix {

static llvm::json::Array shapeArray(const BlockShape &S) {
  return llvm::json::Array{S.Dim[0], S.Dim[1], S.Dim[2]};
}

static llvm::json::Object memoryObject(const BlockSharedMemory &M) {
  return llvm::json::Object{{"static", int64_t(M.Static)},
                            {"dynamic", int64_t(M.Dynamic)},
                            {"total", int64_t(M.total())}};
}

static llvm::json::Object fixObject(const FixRecord &F) {
  llvm::json::Object O{
      {"file", F.File},   {"line", F.Line},   {"column", F.Column},
      {"array", F.Array}, {"style", F.Style}, {"offered", F.Offered},
  };
  if (!F.OtherWhyNot.empty())
    O["otherStyle"] = F.OtherWhyNot;
  if (!F.WhyNot.empty()) {
    O["whyNot"] = F.WhyNot;
    return O;
  }
  if (!F.NoGain.empty())
    O["whyNot"] = F.NoGain;
  O["pad"] = F.Pad;
  if (F.Period)
    O["period"] = int64_t(F.Period);
  if (F.SwizzleRows)
    O["swizzle"] =
        llvm::json::Object{{"granuleBytes", int64_t(F.SwizzleGranule)},
                           {"rows", int64_t(F.SwizzleRows)}};
  O["wavefrontsBefore"] = int64_t(F.WavefrontsBefore);
  O["wavefrontsAfter"] = int64_t(F.WavefrontsAfter);
  if (!F.Change.empty())
    O["change"] = F.Change;
  if (!F.Refusal.empty())
    O["refusal"] = F.Refusal;
  if (F.Offered) {
    O["edits"] = F.Edits;
    llvm::json::Array Files;
    for (const std::string &File : F.EditedFiles)
      Files.push_back(File);
    O["editedFiles"] = std::move(Files);
  }
  llvm::json::Array Budgets;
  for (const FixRecord::Budget &B : F.Budgets)
    Budgets.push_back(llvm::json::Object{
        {"function", B.Kernel},
        {"block", shapeArray(B.Shape)},
        {"sharedBytesBefore", memoryObject(B.Before)},
        {"sharedBytesAfter", memoryObject(B.After)},
        {"blocksPerSmBefore", B.BlocksPerSmBefore},
        {"blocksPerSmAfter", B.BlocksPerSmAfter},
        {"lowersBlocksPerSm", B.BlocksPerSmAfter < B.BlocksPerSmBefore},
        {"dynamicUnknown", B.DynamicUnknown},
    });
  if (!Budgets.empty())
    O["budget"] = std::move(Budgets);
  if (!F.LaunchNote.empty())
    O["launchNote"] = F.LaunchNote;
  return O;
}

namespace {

llvm::json::Object accessObject(const AccessRecord &R) {
  llvm::json::Object A{
      {"file", R.File},
      {"line", R.Line},
      {"column", R.Column},
      {"array", R.Array},
      {"kind", R.Kind},
      {"function", R.Function},
      {"block", shapeArray(R.Shape)},
      {"blockOrigin", R.ShapeOrigin},
      {"blockSource", R.ShapeSource},
      {"judged", R.Judged},
  };
  if (R.Iterations)
    A["iterations"] = *R.Iterations;
  if (!R.Merge.empty())
    A["merge"] = R.Merge;
  if (R.Library)
    A["library"] = llvm::json::Object{{"function", R.Library->Function},
                                      {"file", R.Library->At.File},
                                      {"line", R.Library->At.Line},
                                      {"column", R.Library->At.Column}};
  if (!R.SuppressedBy.empty()) {
    A["suppressed"] = true;
    A["suppressedBy"] = R.SuppressedBy;
  }
  if (!R.Judged) {
    A["problem"] = R.Problem;
    return A;
  }
  A["wavefrontsPerWarp"] = R.WavefrontsPerWarp;
  A["idealPerWarp"] = R.IdealPerWarp;
  A["nWay"] = R.NWay;
  A["conflict"] = R.conflict();
  A["blockWavefronts"] = int64_t(R.BlockWavefronts);
  A["blockIdeal"] = int64_t(R.BlockIdeal);
  A["excessWavefrontsPerBlock"] = int64_t(R.blockExcess());
  A["exact"] = R.WorstCase.empty();
  if (!R.WorstCase.empty())
    A["worstCase"] = R.WorstCase;
  if (!R.ForEvery.empty())
    A["forEvery"] = R.ForEvery;
  return A;
}

/// One object per kernel and block shape, in the order they first appear:
/// its accesses' totals.
llvm::json::Array kernelObjects(const std::vector<AccessRecord> &Records) {
  struct Totals {
    uint64_t Wavefronts = 0, Ideal = 0;
    unsigned Accesses = 0, Conflicts = 0, Unjudged = 0;
    std::string Origin;
  };
  using Key = std::tuple<std::string, std::string, BlockShape>;
  std::map<Key, Totals> PerKernel;
  std::vector<Key> Order;
  for (const AccessRecord &R : Records) {
    Key K{R.File, R.Function, R.Shape};
    auto [It, New] = PerKernel.try_emplace(K);
    if (New)
      Order.push_back(K);
    Totals &T = It->second;
    T.Origin = R.ShapeOrigin;
    ++T.Accesses;
    if (!R.Judged) {
      ++T.Unjudged;
      continue;
    }
    T.Wavefronts += R.BlockWavefronts;
    T.Ideal += R.BlockIdeal;
    T.Conflicts += R.conflict();
  }
  llvm::json::Array Kernels;
  for (const Key &K : Order) {
    const Totals &T = PerKernel[K];
    const BlockShape &Shape = std::get<2>(K);
    llvm::json::Object Kernel{
        {"file", std::get<0>(K)},
        {"function", std::get<1>(K)},
        {"block", shapeArray(Shape)},
        {"accesses", T.Accesses},
        {"conflicts", T.Conflicts},
        {"unjudged", T.Unjudged},
        {"blockWavefronts", int64_t(T.Wavefronts)},
        {"blockIdeal", int64_t(T.Ideal)},
        {"excessWavefrontsPerBlock", int64_t(T.Wavefronts - T.Ideal)},
    };
    // Launches of one shape with different parameter values: which.
    if (Shape.ArgumentSet != 0)
      Kernel["blockOrigin"] = T.Origin;
    Kernels.push_back(std::move(Kernel));
  }
  return Kernels;
}

} // namespace

std::string renderJson(const std::vector<AccessRecord> &Records,
                       const std::vector<FixRecord> &Fixes,
                       const std::vector<RemarkRecord> &Remarks,
                       const std::vector<Finding> &Errors) {
  llvm::json::Array Accesses;
  for (const AccessRecord &R : Records)
    Accesses.push_back(accessObject(R));
  Coverage C = coverageOf(Records);
  llvm::json::Object Root{{"version", 1},
                          {"accesses", std::move(Accesses)},
                          {"kernels", kernelObjects(Records)},
                          {"coverage", llvm::json::Object{
                                           {"found", C.Found},
                                           {"judged", C.Judged},
                                           {"conflicting", C.Conflicting},
                                           {"notJudged", C.NotJudged},
                                           {"worstCase", C.WorstCase},
                                           {"blockShapes",
                                            llvm::json::Object{
                                                {"launch", C.ShapeFromLaunch},
                                                {"option", C.ShapeFromOption},
                                                {"any", C.ShapeAnyBlock},
                                                {"assumed", C.ShapeAssumed},
                                            }},
                                       }}};
  if (!Errors.empty()) {
    llvm::json::Array ErrorArray;
    for (const Finding &F : Errors)
      ErrorArray.push_back(llvm::json::Object{{"check", F.RuleId},
                                              {"file", F.File},
                                              {"line", F.Region.StartLine},
                                              {"column", F.Region.StartColumn},
                                              {"message", F.Message}});
    Root["errors"] = std::move(ErrorArray);
  }
  if (!Remarks.empty()) {
    llvm::json::Array RemarkArray;
    for (const RemarkRecord &R : Remarks)
      RemarkArray.push_back(llvm::json::Object{{"file", R.File},
                                               {"line", R.Line},
                                               {"column", R.Column},
                                               {"message", R.Message}});
    Root["remarks"] = std::move(RemarkArray);
  }
  if (!Fixes.empty()) {
    llvm::json::Array FixArray;
    for (const FixRecord &F : Fixes)
      FixArray.push_back(fixObject(F));
    Root["fixes"] = std::move(FixArray);
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
  return Out;
}

} // namespace bankfix
