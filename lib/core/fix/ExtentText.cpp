// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExtentText.cpp - An array extent as written, made larger -----------===//

#include "core/fix/ExtentText.h"

#include "core/fix/FixPlan.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace bankfix {

namespace {

std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t\r\n");
  if (B == std::string::npos)
    return "";
  size_t E = S.find_last_not_of(" \t\r\n");
  return S.substr(B, E - B + 1);
}

/// A decimal literal with an optional u/l suffix: its value and suffix.
bool decimalLiteral(const std::string &S, uint64_t &Value,
                    std::string &Suffix) {
  size_t I = 0;
  Value = 0;
  while (I < S.size() && std::isdigit(static_cast<unsigned char>(S[I]))) {
    if (Value > UINT64_MAX / 10 - 9)
      return false;
    Value = Value * 10 + unsigned(S[I] - '0');
    ++I;
  }
  if (I == 0 || (S[0] == '0' && I > 1)) // none, or octal
    return false;
  Suffix = S.substr(I);
  for (char C : Suffix)
    if (C != 'u' && C != 'U' && C != 'l' && C != 'L')
      return false;
  return true;
}

/// Whether a character outside every parenthesis and bracket of \p S is
/// one of \p Operators.
bool hasTopLevel(const std::string &S, const char *Operators) {
  int Depth = 0;
  for (char C : S) {
    if (C == '(' || C == '[')
      ++Depth;
    else if (C == ')' || C == ']')
      --Depth;
    else if (Depth == 0 && C != '\0' && std::strchr(Operators, C))
      return true;
  }
  return false;
}

/// Operators that bind more loosely than `+`: adding to such an expression
/// needs parentheses.
bool hasLooserOperator(const std::string &S) {
  return hasTopLevel(S, "?:<>&|^=,");
}

/// `+` or `-` outside parentheses: dividing such an expression needs them.
bool hasAdditiveOperator(const std::string &S) { return hasTopLevel(S, "+-"); }

/// \p Written as an operand of a binary operator: as it is when it is a
/// name, a literal, a member (`a.b`, `p->c`) or already in parentheses
/// that close at its end (`(a + b)`), else parenthesised.
std::string operand(const std::string &Written) {
  std::string S = trim(Written);
  std::string Plain = S;
  for (size_t At; (At = Plain.find("->")) != std::string::npos;)
    Plain.replace(At, 2, ".");
  bool Simple =
      !Plain.empty() && std::all_of(Plain.begin(), Plain.end(), [](char C) {
        return std::isalnum(static_cast<unsigned char>(C)) || C == '_' ||
               C == '.';
      });
  int Depth = 0;
  bool Wrapped = S.size() > 1 && S.front() == '(';
  for (size_t I = 0; Wrapped && I < S.size(); ++I) {
    Depth += S[I] == '(' ? 1 : S[I] == ')' ? -1 : 0;
    if (Depth == 0 && I + 1 < S.size())
      Wrapped = false;
  }
  return Simple || (Wrapped && Depth == 0) ? S : "(" + S + ")";
}

} // namespace

std::string grownSizeText(const std::string &Written, uint64_t Extra,
                          uint64_t UnitBytes, const std::string &UnitSpelling) {
  std::string S = trim(Written);
  uint64_t Value;
  std::string Suffix;
  if (decimalLiteral(S, Value, Suffix))
    return std::to_string(Value + Extra * UnitBytes) + Suffix;
  std::string Added =
      UnitSpelling.empty() || UnitBytes == 1
          ? std::to_string(Extra * UnitBytes)
          : std::to_string(Extra) + " * sizeof(" + UnitSpelling + ")";
  return (hasLooserOperator(S) ? "(" + S + ")" : S) + " + " + Added;
}

std::string grownBytesText(const std::string &Written, uint64_t Period,
                           unsigned Pad, uint64_t UnitBytes,
                           const std::string &UnitSpelling) {
  std::string S = trim(Written);
  bool Looser = hasLooserOperator(S);
  std::string First = Looser ? "(" + S + ")" : S;
  std::string Dividend = Looser || hasAdditiveOperator(S) ? "(" + S + ")" : S;
  bool Spelled = !UnitSpelling.empty() && UnitBytes > 1;
  std::string Unit = "sizeof(" + UnitSpelling + ")";
  std::string Divisor = Spelled
                            ? "(" + std::to_string(Period) + " * " + Unit + ")"
                            : std::to_string(Period * UnitBytes);
  std::string Added = !Spelled ? std::to_string(Pad * UnitBytes)
                      : Pad == 1
                          ? Unit
                          : "(" + std::to_string(Pad) + " * " + Unit + ")";
  return First + " + " + Dividend + " / " + Divisor + " * " + Added;
}

std::string paddedIndexText(const std::string &Written, uint64_t Period,
                            unsigned Pad) {
  std::string S = trim(Written);
  uint64_t Value;
  std::string Suffix;
  if (decimalLiteral(S, Value, Suffix))
    return std::to_string(Value + Value / Period * Pad) + Suffix;
  bool Looser = hasLooserOperator(S);
  std::string First = Looser ? "(" + S + ")" : S;
  std::string Dividend = Looser || hasAdditiveOperator(S) ? "(" + S + ")" : S;
  std::string Text = First + " + " + Dividend + " / " + std::to_string(Period);
  if (Pad != 1)
    Text += " * " + std::to_string(Pad);
  return Text;
}

std::string shiftedPaddedIndexText(const std::string &Written, int64_t Start,
                                   uint64_t Period, unsigned Pad) {
  std::string S = trim(Written);
  int64_t W = int64_t(Period), P = Pad;
  int64_t Before = Start / W * P;
  uint64_t Value;
  std::string Suffix;
  if (decimalLiteral(S, Value, Suffix) && Value <= uint64_t(INT64_MAX / 2))
    return std::to_string(int64_t(Value) + (int64_t(Value) + Start) / W * P -
                          Before) +
           Suffix;
  bool Looser = hasLooserOperator(S);
  std::string First = Looser ? "(" + S + ")" : S;
  std::string Shifted =
      First + (Start < 0 ? " - " : " + ") + std::to_string(std::abs(Start));
  std::string Text = First + " + (" + Shifted + ") / " + std::to_string(W);
  if (P != 1)
    Text += " * " + std::to_string(P);
  if (Before != 0)
    Text += (Before < 0 ? " + " : " - ") + std::to_string(std::abs(Before));
  return Text;
}

std::string roundedStrideText(const std::string &Written, unsigned RoundTo) {
  std::string S = trim(Written);
  uint64_t Value;
  std::string Suffix;
  if (decimalLiteral(S, Value, Suffix))
    return std::to_string(roundedStride(Value, RoundTo)) + Suffix;
  if (RoundTo <= 1)
    return "(" + operand(S) + " | 1)";
  std::string R = std::to_string(RoundTo);
  return "((" + S + " + " + std::to_string(RoundTo - 1) + ") / " + R + " * " +
         R + " | " + R + ")";
}

std::string swizzledIndexText(const std::string &Column, const std::string &Row,
                              uint64_t Rows, uint64_t Factor) {
  std::string Mask = operand(Row) + " % " + std::to_string(Rows);
  if (Factor != 1)
    Mask += " * " + std::to_string(Factor);
  return operand(Column) + " ^ (" + Mask + ")";
}

std::string reversedRowIndexText(const std::string &Written, uint64_t Period) {
  std::string S = trim(Written);
  uint64_t Value;
  std::string Suffix;
  if (decimalLiteral(S, Value, Suffix))
    return std::to_string(Value ^ (Value / Period % 2 * (Period - 1))) + Suffix;
  std::string I = operand(S);
  return I + " ^ (" + I + " / " + std::to_string(Period) + " % 2 * " +
         std::to_string(Period - 1) + ")";
}

std::string paddedExtentText(const std::string &Written, unsigned Pad) {
  std::string S = trim(Written);
  uint64_t Value;
  std::string Suffix;
  if (decimalLiteral(S, Value, Suffix))
    return std::to_string(Value + Pad) + Suffix;
  if (hasLooserOperator(S))
    return "(" + S + ") + " + std::to_string(Pad);
  // `X + k` becomes `X + (k + Pad)`.
  size_t Plus = S.rfind('+');
  if (Plus != std::string::npos && Plus > 0) {
    std::string Tail = trim(S.substr(Plus + 1));
    std::string Head = trim(S.substr(0, Plus));
    bool Binary = !Head.empty() && Head.back() != '+' && Head.back() != '-' &&
                  Head.back() != '*' && Head.back() != '/' &&
                  Head.back() != '%';
    if (Binary && decimalLiteral(Tail, Value, Suffix) && Suffix.empty())
      return Head + " + " + std::to_string(Value + Pad);
  }
  return S + " + " + std::to_string(Pad);
}

} // namespace bankfix
