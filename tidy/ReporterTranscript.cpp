//===- ReporterTranscript.cpp - bankfix's diagnostics, read back ----------===//

#include "tidy/ReporterTranscript.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Regex.h"

namespace bankfix {

static std::optional<TranscriptEntry::Kind> kindOf(llvm::StringRef Level) {
  if (Level == "warning")
    return TranscriptEntry::Warning;
  if (Level == "note")
    return TranscriptEntry::Note;
  if (Level == "remark")
    return TranscriptEntry::Remark;
  return std::nullopt;
}

std::vector<TranscriptEntry> readTranscript(llvm::StringRef Text) {
  // "FILE:LINE:COL: LEVEL: MESSAGE" or "LEVEL: MESSAGE". Snippet lines start
  // with the line-number gutter's blanks, caret and fix-it lines with "|".
  static const llvm::Regex Placed(
      "^([^ |].*):([0-9]+):([0-9]+): (warning|note|remark): (.*)$");
  static const llvm::Regex Unplaced("^(warning|note|remark): (.*)$");
  static const llvm::Regex CheckName(" \\[[a-z0-9.-]+\\]$");
  std::vector<TranscriptEntry> Entries;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    llvm::SmallVector<llvm::StringRef, 6> M;
    TranscriptEntry E;
    llvm::StringRef Level, Message;
    if (Placed.match(Line, &M)) {
      E.File = M[1].str();
      M[2].getAsInteger(10, E.Line);
      M[3].getAsInteger(10, E.Column);
      Level = M[4];
      Message = M[5];
    } else if (Unplaced.match(Line, &M)) {
      Level = M[1];
      Message = M[2];
    } else {
      continue;
    }
    E.Level = *kindOf(Level);
    if (E.Level == TranscriptEntry::Note &&
        Message.starts_with("expanded from macro '"))
      continue;
    E.Message = E.Level == TranscriptEntry::Note ? Message.str()
                                                 : CheckName.sub("", Message);
    Entries.push_back(std::move(E));
  }
  return Entries;
}

} // namespace bankfix
