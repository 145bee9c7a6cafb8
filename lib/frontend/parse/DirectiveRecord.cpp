// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DirectiveRecord.cpp - What the preprocessor read and skipped -------===//

#include "frontend/parse/DirectiveRecord.h"

#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/PPCallbacks.h"

using namespace clang;

namespace bankfix {

namespace {

class Recorder : public PPCallbacks {
public:
  Recorder(Preprocessor &PP, DirectiveRecord &Record)
      : PP(PP), Record(Record) {}

  using PPCallbacks::Elifdef;
  using PPCallbacks::Elifndef;

  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    if (PP.isParsingIfOrElifDirective())
      read(Name);
  }
  void Defined(const Token &Name, const MacroDefinition &,
               SourceRange) override {
    read(Name);
  }
  void Ifdef(SourceLocation, const Token &Name,
             const MacroDefinition &) override {
    read(Name);
  }
  void Ifndef(SourceLocation, const Token &Name,
              const MacroDefinition &) override {
    read(Name);
  }
  void Elifdef(SourceLocation, const Token &Name,
               const MacroDefinition &) override {
    read(Name);
  }
  void Elifndef(SourceLocation, const Token &Name,
                const MacroDefinition &) override {
    read(Name);
  }
  void MacroUndefined(const Token &Name, const MacroDefinition &,
                      const MacroDirective *) override {
    read(Name);
  }
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    Record.Skipped.push_back(Range);
  }

private:
  void read(const Token &Name) {
    if (const IdentifierInfo *II = Name.getIdentifierInfo())
      Record.ReadByDirectives.insert(II->getName().str());
  }

  Preprocessor &PP;
  DirectiveRecord &Record;
};

} // namespace

void recordDirectives(Preprocessor &PP, DirectiveRecord &Record) {
  PP.addPPCallbacks(std::make_unique<Recorder>(PP, Record));
}

} // namespace bankfix
