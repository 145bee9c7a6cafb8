// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SarifReport.cpp - --format=sarif -----------------------------------===//

#include "frontend/report/SarifReport.h"

#include "frontend/report/ConflictReporter.h"
#include "frontend/report/PathUnderRoot.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>

namespace bankfix {

namespace {

constexpr const char *SourceRoot = "%SRCROOT%";

struct Rule {
  const char *Id;
  const char *Short;
  const char *Full;
};

constexpr Rule Rules[] = {
    {BankConflictCheck, "Shared-memory bank conflict",
     "A warp's load or store of a __shared__ array needs more shared-memory "
     "wavefronts than the ideal, because several of its lanes use different "
     "4-byte words of the same bank. bankfix evaluates the index for every "
     "lane of every warp of the block and counts the wavefronts with a bank "
     "model measured on an H100; padding the array's innermost dimension "
     "usually spreads the lanes over the banks."},
    {LaunchBoundsCheck, "Launch gives too little dynamic shared memory",
     "A kernel's extern __shared__ buffer is as large as the dynamic shared "
     "memory its launch gives; an access of the buffer, evaluated for every "
     "lane of the launch's block shape, reaches past it: the kernel reads or "
     "writes out of bounds."},
    {NolintCheck, "Unmatched NOLINTBEGIN or NOLINTEND",
     "A NOLINTBEGIN comment without a NOLINTEND after it with the same check "
     "list, or a NOLINTEND without a NOLINTBEGIN before it. It suppresses "
     "nothing."},
};

/// \p Path percent-encoded for a URI (its '/' kept).
std::string encodeUri(llvm::StringRef Path) {
  std::string Out;
  for (char C : Path) {
    unsigned char U = static_cast<unsigned char>(C);
    if (std::isalnum(U) || llvm::StringRef("-._~/").contains(C))
      Out += C;
    else
      Out += llvm::formatv("%{0:X2}", unsigned(U)).str();
  }
  return Out;
}

class Locator {
public:
  explicit Locator(const std::string &WorkingDirectory)
      : Root(WorkingDirectory) {}

  /// The artifactLocation of \p File.
  llvm::json::Object locate(const std::string &File) const {
    PlacedPath P = placePath(Root, File);
    if (P.UnderRoot)
      return llvm::json::Object{{"uri", encodeUri(P.Path)},
                                {"uriBaseId", SourceRoot}};
    return llvm::json::Object{{"uri", "file://" + encodeUri(P.Path)}};
  }

  /// "file:///dir/": the value of %SRCROOT%.
  std::string rootUri() const {
    std::string Uri = "file://" + encodeUri(placePath(Root, Root).Path);
    if (Uri.back() != '/')
      Uri += '/';
    return Uri;
  }

private:
  std::string Root;
};

llvm::json::Object region(const SourceRegion &R) {
  return llvm::json::Object{{"startLine", R.StartLine},
                            {"startColumn", R.StartColumn},
                            {"endLine", R.EndLine},
                            {"endColumn", R.EndColumn}};
}

llvm::json::Array rules() {
  llvm::json::Array Out;
  for (const Rule &R : Rules)
    Out.push_back(llvm::json::Object{
        {"id", R.Id},
        {"name", R.Id},
        {"shortDescription", llvm::json::Object{{"text", R.Short}}},
        {"fullDescription", llvm::json::Object{{"text", R.Full}}},
        {"help", llvm::json::Object{{"text", R.Full}}},
        {"defaultConfiguration", llvm::json::Object{{"level", "warning"}}},
    });
  return Out;
}

/// A SARIF fix: one replacement in one file.
/// One artifactChange per file, in the order the files first appear.
llvm::json::Object fix(const Finding::FixDescription &F, const Locator &Where) {
  std::vector<std::string> Files;
  for (const Finding::Replacement &R : F.Replacements)
    if (std::find(Files.begin(), Files.end(), R.File) == Files.end())
      Files.push_back(R.File);
  llvm::json::Array Changes;
  for (const std::string &File : Files) {
    llvm::json::Array Replacements;
    for (const Finding::Replacement &R : F.Replacements)
      if (R.File == File)
        Replacements.push_back(llvm::json::Object{
            {"deletedRegion", region(R.Region)},
            {"insertedContent", llvm::json::Object{{"text", R.Text}}}});
    Changes.push_back(
        llvm::json::Object{{"artifactLocation", Where.locate(File)},
                           {"replacements", std::move(Replacements)}});
  }
  return llvm::json::Object{
      {"description", llvm::json::Object{{"text", F.Description}}},
      {"artifactChanges", std::move(Changes)}};
}

int64_t ruleIndex(const std::string &Id) {
  for (size_t I = 0; I < std::size(Rules); ++I)
    if (Id == Rules[I].Id)
      return int64_t(I);
  return -1;
}

const char *levelName(FindingLevel L) {
  return L == FindingLevel::Error    ? "error"
         : L == FindingLevel::Remark ? "note"
                                     : "warning";
}

llvm::json::Object physicalLocation(const std::string &File,
                                    const SourceRegion &Region,
                                    const Locator &Where) {
  return llvm::json::Object{{"artifactLocation", Where.locate(File)},
                            {"region", region(Region)}};
}

/// One result: the finding at its place, its notes as related locations
/// (a note without a place keeps only its message), its fix, and a NOLINT
/// comment's suppression.
llvm::json::Object result(const Finding &F, const Locator &Where) {
  llvm::json::Object Result{
      {"ruleId", F.RuleId},
      {"level", levelName(F.Level)},
      {"message", llvm::json::Object{{"text", F.Message}}},
      {"locations",
       llvm::json::Array{llvm::json::Object{
           {"physicalLocation", physicalLocation(F.File, F.Region, Where)}}}},
  };
  if (int64_t Index = ruleIndex(F.RuleId); Index >= 0)
    Result["ruleIndex"] = Index;
  if (!F.Notes.empty()) {
    llvm::json::Array Related;
    for (size_t I = 0; I < F.Notes.size(); ++I) {
      const Finding::Note &N = F.Notes[I];
      llvm::json::Object Location{
          {"id", int64_t(I + 1)},
          {"message", llvm::json::Object{{"text", N.Message}}}};
      if (!N.File.empty())
        Location["physicalLocation"] =
            physicalLocation(N.File, N.Region, Where);
      Related.push_back(std::move(Location));
    }
    Result["relatedLocations"] = std::move(Related);
  }
  if (!F.Fixes.empty()) {
    llvm::json::Array Fixes;
    for (const Finding::FixDescription &Fix : F.Fixes)
      Fixes.push_back(fix(Fix, Where));
    Result["fixes"] = std::move(Fixes);
  }
  if (F.SuppressedByNolint)
    Result["suppressions"] = llvm::json::Array{llvm::json::Object{
        {"kind", "inSource"},
        {"justification", "a NOLINT comment suppresses " + F.RuleId}}};
  return Result;
}

/// The run's one invocation: successful unless it holds an error.
llvm::json::Object
invocation(const std::vector<ToolNotification> &Notifications,
           const Locator &Where) {
  bool Successful = true;
  llvm::json::Array Out;
  for (const ToolNotification &N : Notifications) {
    Successful &= !N.Error;
    llvm::json::Object Notification{
        {"level", N.Error ? "error" : "warning"},
        {"message", llvm::json::Object{{"text", N.Message}}}};
    if (!N.File.empty())
      Notification["locations"] = llvm::json::Array{llvm::json::Object{
          {"physicalLocation",
           llvm::json::Object{{"artifactLocation", Where.locate(N.File)}}}}};
    Out.push_back(std::move(Notification));
  }
  llvm::json::Object Invocation{{"executionSuccessful", Successful}};
  if (!Out.empty())
    Invocation["toolExecutionNotifications"] = std::move(Out);
  return Invocation;
}

} // namespace

std::string renderSarif(const std::vector<Finding> &Findings,
                        const std::vector<ToolNotification> &Notifications,
                        const std::string &ToolVersion,
                        const std::string &WorkingDirectory) {
  Locator Where(WorkingDirectory);
  llvm::json::Array Results;
  for (const Finding &F : Findings)
    Results.push_back(result(F, Where));

  llvm::json::Object Driver{
      {"name", "bankfix"}, {"version", ToolVersion}, {"rules", rules()}};
  llvm::json::Object Run{
      {"tool", llvm::json::Object{{"driver", std::move(Driver)}}},
      {"invocations", llvm::json::Array{invocation(Notifications, Where)}},
      {"originalUriBaseIds",
       llvm::json::Object{
           {SourceRoot, llvm::json::Object{{"uri", Where.rootUri()}}}}},
      {"results", std::move(Results)},
  };
  llvm::json::Object Log{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", llvm::json::Array{std::move(Run)}},
  };
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Log))) << "\n";
  return Out;
}

} // namespace bankfix
