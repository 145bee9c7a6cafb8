// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExplainTable.cpp - An access's bank map as a text table ------------===//

#include "core/explain/ExplainTable.h"

#include <algorithm>

namespace bankfix {

namespace {

std::string pad(const std::string &S, size_t Width, bool Right = false) {
  if (S.size() >= Width)
    return S;
  std::string Fill(Width - S.size(), ' ');
  return Right ? Fill + S : S + Fill;
}

/// \p S without spaces at the ends of its lines.
std::string trimLines(const std::string &S) {
  std::string Out;
  size_t Start = 0;
  while (Start < S.size()) {
    size_t End = S.find('\n', Start);
    if (End == std::string::npos)
      End = S.size();
    size_t Last = S.find_last_not_of(' ', End == Start ? Start : End - 1);
    if (Last != std::string::npos && Last >= Start && End > Start)
      Out += S.substr(Start, Last - Start + 1);
    if (End < S.size())
      Out += "\n";
    Start = End + 1;
  }
  return Out;
}

std::string range(uint64_t First, unsigned Count, uint64_t Modulo = 0) {
  uint64_t Last = First + Count - 1;
  if (Modulo)
    Last %= Modulo;
  if (Count == 1)
    return std::to_string(First);
  return std::to_string(First) + "-" + std::to_string(Last);
}

std::string plural(uint64_t N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

std::string tidText(const std::array<unsigned, 3> &T) {
  return "(" + std::to_string(T[0]) + "," + std::to_string(T[1]) + "," +
         std::to_string(T[2]) + ")";
}

/// The address, word(s) and bank(s) columns, as wide as their widest cell.
struct MapColumns {
  size_t Address = 7, Word = 4, Bank = 4;

  static std::array<std::string, 3> cells(const LaneBankUse &L) {
    return {std::to_string(L.Address), range(L.FirstWord, L.Words),
            range(L.FirstBank, L.Words, NumBanks)};
  }
  void fit(const WarpBankMap &Map) {
    for (const LaneBankUse &L : Map.Lanes) {
      if (!L.Active)
        continue;
      std::array<std::string, 3> C = cells(L);
      Address = std::max(Address, C[0].size());
      Word = std::max(Word, C[1].size());
      Bank = std::max(Bank, C[2].size());
    }
  }
  std::string header() const {
    return " " + pad("address", Address, true) + "  " +
           pad(Word > 4 ? "words" : "word", Word, true) + "  " +
           pad(Bank > 4 ? "banks" : "bank", Bank, true) + " ";
  }
  std::string row(const LaneBankUse &L) const {
    if (!L.Active)
      return pad("", header().size());
    std::array<std::string, 3> C = cells(L);
    return " " + pad(C[0], Address, true) + "  " + pad(C[1], Word, true) +
           "  " + pad(C[2], Bank, true) + " ";
  }
};

/// The banks that serve the most words, for the verdict.
std::string worstBanks(const WarpBankMap &Map) {
  unsigned Most = 0;
  for (const auto &Phase : Map.WordsPerBank)
    for (unsigned N : Phase)
      Most = std::max(Most, N);
  if (Most < 2)
    return "";
  std::vector<unsigned> Banks;
  for (const auto &Phase : Map.WordsPerBank)
    for (unsigned B = 0; B < NumBanks; ++B)
      if (Phase[B] == Most &&
          std::find(Banks.begin(), Banks.end(), B) == Banks.end())
        Banks.push_back(B);
  std::sort(Banks.begin(), Banks.end());
  std::string S = Banks.size() == 1 ? " (bank " : " (banks ";
  for (size_t I = 0; I < Banks.size(); ++I) {
    if (I == 4 && Banks.size() > 5) {
      S += ", ...";
      break;
    }
    S += (I ? ", " : "") + std::to_string(Banks[I]);
  }
  return S + (Banks.size() == 1 ? " serves " : " serve ") +
         std::to_string(Most) + " distinct words" +
         (Map.phases() > 1 ? " in one phase)" : ")");
}

} // namespace

std::string describeWavefronts(const WarpBankMap &Map, bool NameBanks) {
  const WarpAccessResult &R = Map.Result;
  if (R.Ideal == 0)
    return "no lane of this warp runs it";
  std::string S = plural(R.Wavefronts, "wavefront");
  if (R.OneAddressLoad)
    return S + ", ideal " + std::to_string(R.Ideal) +
           ": every active lane loads one address";
  if (R.GroupedUnits)
    return S + ", ideal " + std::to_string(R.Ideal) + ": " +
           (Map.Width == 8 ? "both half-warps"
                           : "the quarter-warps of a half-warp") +
           " served in one wavefront (their words fit the banks)";
  if (Map.phases() > 1) {
    std::string Sum;
    for (const PhaseResult &P : R.Phases)
      if (P.Active)
        Sum += (Sum.empty() ? "" : " + ") + std::to_string(P.Wavefronts);
    S += " (" + Sum + ")";
  }
  S += ", ideal " + std::to_string(R.Ideal) + ": ";
  if (!R.hasConflict())
    return S + "no conflict";
  return S + std::to_string(R.NWay) + "-way conflict" +
         (NameBanks ? worstBanks(Map) : "");
}

namespace {

/// The lines above the table: where, which warp, the index and the values
/// not known, and what the padding would be.
std::string renderHeading(const AccessExplanation &E) {
  std::string Out;
  Out += E.Place + ": " + E.Access + " in '" + E.Function + "', warp " +
         std::to_string(E.Warp) + " of block " + E.Block;
  if (E.WorstWarp)
    Out += ", the worst warp";
  else if (E.SameInEveryWarp)
    Out += ", every warp alike";
  if (!E.Iteration.empty())
    Out += ", iteration " + E.Iteration +
           (E.SameInEveryIteration ? ", every iteration alike" : ", the worst");
  Out += "\n";
  std::string Index;
  for (const std::string &I : E.Index)
    Index += "[" + I + "]";
  if (!E.Problem.empty()) {
    Out += "  cannot explain it: " + E.Problem + "\n";
    return Out;
  }
  Out += "  index " + Index + ", " + plural(E.Width, "byte") +
         " per lane; word = address / 4, bank = word % 32";
  if (E.Before.Map.phases() > 1)
    Out += "; phases of " + std::to_string(lanesPerPhase(E.Width)) + " lanes";
  Out += "\n";
  if (!E.UniformOffset.empty())
    Out += "  addresses leave out " + E.UniformOffset +
           " bytes, the same for every lane\n";
  if (!E.Values.empty())
    Out += "  values not known: " + E.Values + "\n";
  Out += "  before: " + E.Before.TypeSpelling;
  if (E.After)
    Out += "; after: " + E.After->TypeSpelling +
           ", the padding bankfix "
           "proposes";
  else if (!E.NoAfter.empty())
    Out += "; no after: " + E.NoAfter;
  Out += "\n\n";
  return Out;
}

/// One row per lane: its thread, index, phase and bank columns, before
/// and after.
std::string renderLaneRows(const AccessExplanation &E) {
  size_t IndexWidth = 6;
  for (const ExplainedLane &L : E.Lanes) {
    size_t W = 0;
    for (const std::string &I : L.Indices)
      W += I.size() + 2;
    IndexWidth = std::max(IndexWidth, W);
  }
  bool Phases = E.Before.Map.phases() > 1;
  std::string Head = pad("lane", 4, true) + "  " + pad("threadIdx", 12) +
                     pad("index", IndexWidth + 1) + (Phases ? "phase " : "");
  MapColumns Columns;
  Columns.fit(E.Before.Map);
  if (E.After)
    Columns.fit(E.After->Map);
  std::string Cols = Columns.header();
  std::string Header = Head + "|" + Cols;
  if (E.After)
    Header += "|" + Cols;
  std::string Banner = pad("", Head.size()) + "|" + pad(" before", Cols.size());
  if (E.After)
    Banner += "| after";
  std::string Out = Banner + "\n" + Header + "\n";
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    const ExplainedLane &L = E.Lanes[Lane];
    const LaneBankUse &B = E.Before.Map.Lanes[Lane];
    std::string Row = pad(std::to_string(Lane), 4, true) + "  ";
    if (!L.Exists) {
      Out += Row + "(no thread in the block)\n";
      continue;
    }
    Row += pad(tidText(L.ThreadIdx), 12);
    if (!B.Active) {
      Out += Row + "inactive: its guard is false\n";
      continue;
    }
    std::string Idx;
    for (const std::string &I : L.Indices)
      Idx += "[" + I + "]";
    Row += pad(Idx, IndexWidth + 1);
    if (Phases)
      Row += pad(std::to_string(B.Phase), 6);
    Row += "|" + Columns.row(B);
    if (E.After)
      Row += "|" + Columns.row(E.After->Map.Lanes[Lane]);
    Out += Row + "\n";
  }
  return Out;
}

/// Distinct words per bank, per phase, before and after, and the
/// wavefronts they make.
std::string renderBankCounts(const AccessExplanation &E) {
  std::string Out = "\ndistinct words per bank ('.' for none):\n";
  std::string BankRow = pad("bank", 22);
  for (unsigned B = 0; B < NumBanks; ++B)
    BankRow += pad(std::to_string(B), 3, true);
  Out += BankRow + "\n";
  auto Counts = [&](const char *Name, const WarpBankMap &Map) {
    for (unsigned P = 0; P < Map.phases(); ++P) {
      const PhaseResult &PR = Map.Result.Phases[P];
      std::string Label = Name;
      if (Map.phases() > 1)
        Label += " lanes " + std::to_string(PR.FirstLane) + "-" +
                 std::to_string(PR.LastLane);
      std::string Row = pad(Label, 22);
      for (unsigned B = 0; B < NumBanks; ++B) {
        unsigned N = Map.WordsPerBank[P][B];
        Row += pad(N ? std::to_string(N) : ".", 3, true);
      }
      Out += Row + "\n";
    }
  };
  Counts("before", E.Before.Map);
  if (E.After)
    Counts("after", E.After->Map);
  Out += "before: " + describeWavefronts(E.Before.Map) + "\n";
  if (E.After)
    Out += "after:  " + describeWavefronts(E.After->Map) + "\n";
  return Out;
}

} // namespace

std::string renderExplainTable(const AccessExplanation &E) {
  std::string Out = renderHeading(E);
  if (!E.Problem.empty())
    return Out;
  Out += renderLaneRows(E);
  Out += renderBankCounts(E);
  return trimLines(Out);
}

} // namespace bankfix
