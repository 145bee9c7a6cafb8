// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchScope.cpp - Which launches of a header's kernel a run sees ---===//

#include "frontend/fix/LaunchScope.h"

#include "frontend/parse/RealPath.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

namespace bankfix {

std::optional<DeclaringHeader> declaringHeader(const clang::SourceManager &SM,
                                               const clang::VarDecl &Decl) {
  clang::SourceLocation Loc = SM.getExpansionLoc(Decl.getLocation());
  clang::FileID File = SM.getFileID(Loc);
  if (File == SM.getMainFileID())
    return std::nullopt;
  clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  if (!Entry)
    return std::nullopt;
  return DeclaringHeader{Entry->getName().str(), realPathOr(Entry->getName()),
                         SM.getFileOffset(Loc)};
}

std::string unseenLaunchRefusal(const clang::SourceManager &SM,
                                const clang::VarDecl &Buffer,
                                const LaunchScope *Scope) {
  std::optional<DeclaringHeader> Header = declaringHeader(SM, Buffer);
  if (!Header)
    return "";
  std::string Why =
      Scope ? Scope->unseenIncluders(Header->RealPath, Header->Name)
            : "clang-tidy checks one file at a time; bankfix --apply -p "
              "BUILD_DIR grows them all together";
  if (Why.empty())
    return "";
  return "'" + Buffer.getNameAsString() + "' is declared in the header '" +
         Header->Name +
         "': the fix grows every launch of its kernels, in every file that "
         "includes the header: " +
         Why;
}

} // namespace bankfix
