// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixExport.cpp - --export-fixes in clang-tidy's YAML format ---------===//

#include "frontend/fix/FixExport.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"

namespace bankfix {

static std::string absolute(const std::string &Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

std::string renderFixesYaml(const std::string &MainFile,
                            const std::vector<FileAnalysis::Fix> &Fixes) {
  clang::tooling::TranslationUnitDiagnostics TU;
  TU.MainSourceFile = absolute(MainFile);
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  for (const FileAnalysis::Fix &F : Fixes) {
    clang::tooling::Diagnostic D;
    D.DiagnosticName = "bankfix-bank-conflict";
    D.DiagLevel = clang::tooling::Diagnostic::Warning;
    D.BuildDirectory = Cwd.str().str();
    D.Message.Message = F.Message;
    D.Message.FilePath = absolute(F.File);
    D.Message.FileOffset = F.Offset;
    for (const TextEdit &E : F.Edits) {
      std::string File = absolute(E.File);
      llvm::consumeError(D.Message.Fix[File].add(
          clang::tooling::Replacement(File, E.Offset, E.Length, E.Text)));
    }
    TU.Diagnostics.push_back(std::move(D));
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::yaml::Output YAML(OS);
  YAML << TU;
  OS.flush();
  return Out;
}

} // namespace bankfix
