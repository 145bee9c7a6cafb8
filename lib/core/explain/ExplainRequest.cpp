// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExplainRequest.cpp - Which accesses --explain lays out -------------===//

#include "core/explain/ExplainRequest.h"

#include <cctype>

namespace bankfix {

namespace {

/// A positive decimal number of at most 9 digits.
std::optional<unsigned> parsePositive(const std::string &S) {
  if (S.empty() || S.size() > 9)
    return std::nullopt;
  for (char C : S)
    if (!std::isdigit(static_cast<unsigned char>(C)))
      return std::nullopt;
  unsigned V = unsigned(std::stoul(S));
  if (V == 0)
    return std::nullopt;
  return V;
}

} // namespace

std::optional<ExplainPlace> parseExplainPlace(const std::string &Text,
                                              std::string &Error) {
  auto Fail = [&](const std::string &Why) -> std::optional<ExplainPlace> {
    Error = "'" + Text + "': " + Why;
    return std::nullopt;
  };
  size_t Last = Text.rfind(':');
  if (Last == std::string::npos)
    return Fail("expected FILE:LINE or FILE:LINE:COL");
  ExplainPlace Place;
  std::string Tail = Text.substr(Last + 1);
  std::string Head = Text.substr(0, Last);
  size_t Before = Head.rfind(':');
  std::optional<unsigned> Line;
  if (Before != std::string::npos &&
      (Line = parsePositive(Head.substr(Before + 1)))) {
    std::optional<unsigned> Column = parsePositive(Tail);
    if (!Column)
      return Fail("the column must be a number from 1");
    Place.File = Head.substr(0, Before);
    Place.Line = *Line;
    Place.Column = *Column;
  } else {
    Line = parsePositive(Tail);
    if (!Line)
      return Fail("the line must be a number from 1");
    Place.File = Head;
    Place.Line = *Line;
  }
  if (Place.File.empty())
    return Fail("no file before the line number");
  return Place;
}

} // namespace bankfix
