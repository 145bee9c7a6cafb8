//===- ApplyUnits.cpp - Which files --apply rewrites together -------------===//

#include "frontend/fix/ApplyUnits.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>

namespace bankfix {

namespace {

std::string realPath(const std::string &Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path;
  return Real.str().str();
}

/// The file of \p Unit at \p Real, or null.
FileRewrite *fileAt(ApplyUnit &Unit, const std::string &Real) {
  for (FileRewrite &F : Unit.Files)
    if (realPath(F.Path) == Real)
      return &F;
  return nullptr;
}

bool shareAFile(ApplyUnit &A, const ApplyUnit &B) {
  return std::any_of(B.Files.begin(), B.Files.end(), [&](const FileRewrite &F) {
    return fileAt(A, realPath(F.Path)) != nullptr;
  });
}

/// Adds \p From's files and edits to \p Into; its fixes count unless
/// every edit was there already (one header fixed from two files).
void mergeInto(ApplyUnit &Into, const ApplyUnit &From) {
  bool Added = false;
  for (const FileRewrite &F : From.Files) {
    FileRewrite *Same = fileAt(Into, realPath(F.Path));
    if (!Same) {
      Into.Files.push_back(F);
      Added = true;
      continue;
    }
    for (const TextEdit &E : F.Edits)
      if (std::none_of(Same->Edits.begin(), Same->Edits.end(),
                       [&](const TextEdit &Other) {
                         return Other.Offset == E.Offset &&
                                Other.Length == E.Length &&
                                Other.Text == E.Text;
                       })) {
        Same->Edits.push_back(E);
        Added = true;
      }
  }
  if (Added)
    Into.Arrays += From.Arrays;
}

} // namespace

void addApplyUnit(std::vector<ApplyUnit> &Units, const std::string &MainFile,
                  const FileAnalysis &Result) {
  ApplyUnit Unit;
  std::string MainReal = realPath(MainFile);
  for (const FileAnalysis::Fix &Fix : Result.Fixes) {
    for (const TextEdit &E : Fix.Edits) {
      std::string Real = realPath(E.File);
      FileRewrite *F = fileAt(Unit, Real);
      if (!F) {
        auto Content = Result.ParsedContents.find(E.File);
        if (Content == Result.ParsedContents.end())
          continue;
        FileRewrite New{
            Real == MainReal ? MainFile : E.File, Content->second, {}};
        if (Real == MainReal)
          Unit.Files.insert(Unit.Files.begin(), New);
        else
          Unit.Files.push_back(New);
        F = fileAt(Unit, Real);
      }
      F->Edits.push_back(E);
    }
    ++Unit.Arrays;
  }
  if (!Unit.Files.empty())
    Units.push_back(std::move(Unit));
}

std::vector<ApplyUnit> groupApplyUnits(std::vector<ApplyUnit> Units) {
  std::vector<ApplyUnit> Out;
  for (ApplyUnit &U : Units) {
    auto Shared = std::find_if(Out.begin(), Out.end(),
                               [&](ApplyUnit &O) { return shareAFile(O, U); });
    if (Shared == Out.end())
      Out.push_back(std::move(U));
    else
      mergeInto(*Shared, U);
  }
  return Out;
}

} // namespace bankfix
