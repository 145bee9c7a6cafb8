// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ApplyUnits.cpp - Which files --apply rewrites together -------------===//

#include "frontend/fix/ApplyUnits.h"

#include "frontend/parse/RealPath.h"

#include <algorithm>

namespace bankfix {

namespace {

/// The file of \p Unit at \p Real, or null.
FileRewrite *fileAt(ApplyUnit &Unit, const std::string &Real) {
  for (FileRewrite &F : Unit.Files)
    if (realPathOr(F.Path) == Real)
      return &F;
  return nullptr;
}

bool shareAFile(ApplyUnit &A, const ApplyUnit &B) {
  return std::any_of(B.Files.begin(), B.Files.end(), [&](const FileRewrite &F) {
    return fileAt(A, realPathOr(F.Path)) != nullptr;
  });
}

/// Adds \p From's files, edits and fixes to \p Into.
void mergeInto(ApplyUnit &Into, const ApplyUnit &From) {
  for (const FileRewrite &F : From.Files) {
    FileRewrite *Same = fileAt(Into, realPathOr(F.Path));
    if (!Same) {
      Into.Files.push_back(F);
      continue;
    }
    for (const TextEdit &E : F.Edits)
      if (std::none_of(
              Same->Edits.begin(), Same->Edits.end(),
              [&](const TextEdit &Other) { return sameReplacement(E, Other); }))
        Same->Edits.push_back(E);
  }
  Into.Arrays.insert(From.Arrays.begin(), From.Arrays.end());
}

/// The unit of one file's fixes.
ApplyUnit unitOf(const FileFixes &File) {
  ApplyUnit Unit;
  std::string MainReal = realPathOr(File.Path);
  for (const FileAnalysis::Fix &Fix : File.Fixes) {
    for (const TextEdit &E : Fix.Edits) {
      std::string Real = realPathOr(E.File);
      FileRewrite *F = fileAt(Unit, Real);
      if (!F) {
        auto Content = File.ParsedContents.find(E.File);
        if (Content == File.ParsedContents.end())
          continue;
        FileRewrite New{
            Real == MainReal ? File.Path : E.File, Content->second, {}};
        if (Real == MainReal)
          Unit.Files.insert(Unit.Files.begin(), New);
        else
          Unit.Files.push_back(New);
        F = fileAt(Unit, Real);
      }
      F->Edits.push_back(E);
    }
    Unit.Arrays.insert({realPathOr(Fix.File), Fix.Offset});
  }
  return Unit;
}

} // namespace

std::vector<ApplyUnit> applyUnits(const std::vector<FileFixes> &Files) {
  std::vector<ApplyUnit> Out;
  for (const FileFixes &File : Files) {
    if (File.Failed || File.Fixes.empty())
      continue;
    ApplyUnit U = unitOf(File);
    if (U.Files.empty())
      continue;
    // Every unit it shares a file with joins the first of them.
    auto First = Out.end();
    for (auto It = Out.begin(); It != Out.end();) {
      if (!shareAFile(*It, U)) {
        ++It;
        continue;
      }
      if (First == Out.end()) {
        First = It++;
        continue;
      }
      mergeInto(*First, *It);
      It = Out.erase(It);
    }
    if (First == Out.end())
      Out.push_back(std::move(U));
    else
      mergeInto(*First, U);
  }
  return Out;
}

} // namespace bankfix
