// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NolintComments.cpp - clang-tidy's NOLINT comments in source text ---===//

#include "core/text/NolintComments.h"

#include <algorithm>
#include <cctype>
#include <optional>

namespace bankfix {

namespace {

enum class DirectiveKind { Line, NextLine, Begin, End };

struct Directive {
  DirectiveKind Kind;
  unsigned Line, Column;
  std::string ListText; ///< the text between the parentheses, as written
  std::vector<std::string> Checks;
};

bool isIdentifierChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

std::string_view trim(std::string_view S) {
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.front())))
    S.remove_prefix(1);
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.back())))
    S.remove_suffix(1);
  return S;
}

std::vector<std::string> splitChecks(std::string_view List) {
  std::vector<std::string> Checks;
  while (!List.empty()) {
    size_t Comma = List.find(',');
    std::string_view Item = trim(List.substr(0, Comma));
    if (!Item.empty())
      Checks.emplace_back(Item);
    if (Comma == std::string_view::npos)
      break;
    List.remove_prefix(Comma + 1);
  }
  return Checks;
}

/// The directive starting at \p Pos in \p Text (which holds "NOLINT"
/// there), if it is one: not part of a longer word, and a check list with
/// its closing parenthesis.
std::optional<Directive> directiveAt(std::string_view Text, size_t Pos) {
  if (Pos > 0 && isIdentifierChar(Text[Pos - 1]))
    return std::nullopt;
  size_t End = Pos + 6; // "NOLINT"
  Directive D{DirectiveKind::Line, 0, 0, "", {}};
  for (auto [Suffix, Kind] :
       {std::pair{std::string_view("NEXTLINE"), DirectiveKind::NextLine},
        std::pair{std::string_view("BEGIN"), DirectiveKind::Begin},
        std::pair{std::string_view("END"), DirectiveKind::End}})
    if (Text.substr(End, Suffix.size()) == Suffix) {
      D.Kind = Kind;
      End += Suffix.size();
      break;
    }
  if (End < Text.size() && isIdentifierChar(Text[End]))
    return std::nullopt;
  if (End < Text.size() && Text[End] == '(') {
    size_t Close = Text.find(')', End);
    size_t Newline = Text.find('\n', End);
    if (Close == std::string_view::npos || Close > Newline)
      return std::nullopt;
    D.ListText = std::string(trim(Text.substr(End + 1, Close - End - 1)));
    D.Checks = splitChecks(D.ListText);
    // `NOLINT()` names no check: it suppresses nothing.
    if (D.Checks.empty())
      return std::nullopt;
  }
  return D;
}

const char *spelling(DirectiveKind Kind) {
  return Kind == DirectiveKind::Begin ? "NOLINTBEGIN" : "NOLINTEND";
}

} // namespace

bool matchesCheckGlob(std::string_view Glob, std::string_view Check) {
  size_t Star = Glob.find('*');
  if (Star == std::string_view::npos)
    return Glob == Check;
  std::string_view Prefix = Glob.substr(0, Star);
  if (Check.substr(0, Prefix.size()) != Prefix)
    return false;
  std::string_view Rest = Glob.substr(Star + 1);
  for (size_t I = Prefix.size(); I <= Check.size(); ++I)
    if (matchesCheckGlob(Rest, Check.substr(I)))
      return true;
  return false;
}

NolintComments::NolintComments(std::string_view Source) {
  std::vector<Directive> Directives;
  unsigned Line = 1;
  size_t LineStart = 0;
  for (size_t Pos = 0; Pos < Source.size(); ++Pos) {
    if (Source[Pos] == '\n') {
      ++Line;
      LineStart = Pos + 1;
      continue;
    }
    if (Source.compare(Pos, 6, "NOLINT") != 0)
      continue;
    if (std::optional<Directive> D = directiveAt(Source, Pos)) {
      D->Line = Line;
      D->Column = unsigned(Pos - LineStart + 1);
      Directives.push_back(std::move(*D));
    }
  }

  std::vector<const Directive *> Open;
  for (const Directive &D : Directives) {
    switch (D.Kind) {
    case DirectiveKind::Line:
      Suppressions.push_back({D.Line, D.Line, D.Checks});
      break;
    case DirectiveKind::NextLine:
      Suppressions.push_back({D.Line + 1, D.Line + 1, D.Checks});
      break;
    case DirectiveKind::Begin:
      Open.push_back(&D);
      break;
    case DirectiveKind::End: {
      auto It = Open.rbegin();
      while (It != Open.rend() && (*It)->ListText != D.ListText)
        ++It;
      if (It == Open.rend()) {
        Problems.push_back({D.Line, D.Column,
                            "unmatched 'NOLINTEND' comment without a "
                            "previous 'NOLINTBEGIN' comment"});
        break;
      }
      Suppressions.push_back({(*It)->Line, D.Line, D.Checks});
      Open.erase(std::next(It).base());
      break;
    }
    }
  }
  for (const Directive *D : Open)
    Problems.push_back({D->Line, D->Column,
                        std::string("unmatched '") + spelling(D->Kind) +
                            "' comment without a subsequent 'NOLINTEND' "
                            "comment"});
  std::stable_sort(Problems.begin(), Problems.end(),
                   [](const NolintProblem &A, const NolintProblem &B) {
                     return A.Line < B.Line;
                   });
}

bool NolintComments::suppresses(unsigned Line, std::string_view Check) const {
  for (const Suppression &S : Suppressions) {
    if (Line < S.First || Line > S.Last)
      continue;
    if (S.Checks.empty())
      return true;
    for (const std::string &Glob : S.Checks)
      if (matchesCheckGlob(Glob, Check))
        return true;
  }
  return false;
}

} // namespace bankfix
