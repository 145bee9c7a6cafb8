// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CodeClimateReport.cpp - --format=codeclimate -----------------------===//

#include "frontend/report/CodeClimateReport.h"

#include "frontend/report/DiagnosticSink.h"
#include "frontend/report/PathUnderRoot.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/raw_ostream.h"

namespace bankfix {

namespace {

const char *severityOf(FindingLevel L) {
  return L == FindingLevel::Error    ? "critical"
         : L == FindingLevel::Remark ? "info"
                                     : "major";
}

/// Code Climate's category of a bankfix check.
const char *categoryOf(const std::string &RuleId) {
  if (RuleId == LaunchBoundsCheck)
    return "Bug Risk";
  if (RuleId == NolintCheck)
    return "Style";
  return "Performance";
}

std::string fingerprint(llvm::StringRef Key, unsigned Occurrence) {
  llvm::MD5 Hash;
  Hash.update(Key);
  Hash.update(std::to_string(Occurrence));
  llvm::MD5::MD5Result Result;
  Hash.final(Result);
  return std::string(Result.digest());
}

} // namespace

std::string renderCodeClimate(const std::vector<Finding> &Findings,
                              const std::string &WorkingDirectory) {
  llvm::json::Array Issues;
  llvm::StringMap<unsigned> Seen;
  for (const Finding &F : Findings) {
    if (F.SuppressedByNolint)
      continue;
    std::string Path = placePath(WorkingDirectory, F.File).Path;
    std::string Key = F.RuleId + '\0' + Path + '\0' + F.Message;
    unsigned Occurrence = Seen[Key]++;
    Issues.push_back(llvm::json::Object{
        {"type", "issue"},
        {"check_name", F.RuleId},
        {"description", F.Message},
        {"categories", llvm::json::Array{categoryOf(F.RuleId)}},
        {"severity", severityOf(F.Level)},
        {"fingerprint", fingerprint(Key, Occurrence)},
        {"location",
         llvm::json::Object{
             {"path", Path},
             {"lines", llvm::json::Object{{"begin", F.Region.StartLine},
                                          {"end", F.Region.EndLine}}}}},
    });
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Issues))) << "\n";
  return Out;
}

} // namespace bankfix
