// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExplainSvg.cpp - An access's bank map as an SVG heatmap ------------===//

#include "core/explain/ExplainSvg.h"

#include "core/explain/ExplainTable.h"

#include <algorithm>

namespace bankfix {

namespace {

constexpr int Cell = 13;  ///< a cell's side
constexpr int Pitch = 14; ///< a cell and the gap after it
constexpr int Grid = Pitch * 32;
constexpr int LabelWidth = 84; ///< lane and threadIdx left of a grid
constexpr int MapWidth = LabelWidth + Grid;
constexpr int Gap = 40;
constexpr int Margin = 16;
constexpr int MinWidth = 1000; ///< room for the header's lines
constexpr int Top = 128;       ///< the grids' first row
constexpr int Bottom = 176;    ///< below the grids: counts and legend

std::string escape(const std::string &S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string text(int X, int Y, const std::string &S,
                 const std::string &Attrs = "") {
  return "<text x=\"" + std::to_string(X) + "\" y=\"" + std::to_string(Y) +
         "\"" + (Attrs.empty() ? "" : " " + Attrs) + ">" + escape(S) +
         "</text>\n";
}

std::string tid(const std::array<unsigned, 3> &T) {
  return "(" + std::to_string(T[0]) + "," + std::to_string(T[1]) + "," +
         std::to_string(T[2]) + ")";
}

/// One grid at (X, Top): lanes down, banks across.
std::string renderMap(const AccessExplanation &E, const ExplainedLayout &L,
                      const char *Name, int X) {
  const WarpBankMap &Map = L.Map;
  std::string S = "<g class=\"map\" id=\"" + std::string(Name) +
                  "\" transform=\"translate(" + std::to_string(X) + "," +
                  std::to_string(Top) + ")\">\n";
  S += text(0, -46, std::string(Name) + ": " + L.TypeSpelling, "class=\"h\"");
  S += text(0, -30, describeWavefronts(Map, /*NameBanks=*/false),
            Map.Result.hasConflict() ? "class=\"bad\"" : "class=\"ok\"");
  S += text(LabelWidth - 4, -6, "threadIdx lane",
            "class=\"s\" text-anchor=\"end\"");
  S += text(LabelWidth, -20, "bank", "class=\"s\"");
  for (unsigned B = 0; B < NumBanks; ++B)
    S += text(LabelWidth + B * Pitch + Cell / 2, -6, std::to_string(B),
              "class=\"s\" text-anchor=\"middle\"");
  for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
    const ExplainedLane &EL = E.Lanes[Lane];
    const LaneBankUse &U = Map.Lanes[Lane];
    S += "<g class=\"lane\" transform=\"translate(" +
         std::to_string(LabelWidth) + "," + std::to_string(Lane * Pitch) +
         ")\">";
    std::string Label = std::to_string(Lane);
    if (EL.Exists)
      Label = tid(EL.ThreadIdx) + " " + Label;
    S += "<text x=\"-4\" y=\"10\" class=\"" +
         std::string(U.Active ? "s" : "s off") + "\" text-anchor=\"end\">" +
         escape(Label) + "</text>";
    for (unsigned B = 0; B < NumBanks; ++B) {
      std::string X = std::to_string(B * Pitch);
      if (!U.touches(B)) {
        S += "<use href=\"#n\" x=\"" + X + "\"/>";
        continue;
      }
      S += "<use href=\"#" + std::string(Map.collides(Lane, B) ? "x" : "h") +
           "\" x=\"" + X + "\"><title>lane " + std::to_string(Lane) +
           ": address " + std::to_string(U.Address) + ", word " +
           std::to_string(U.FirstWord +
                          (B + NumBanks - U.FirstBank) % NumBanks) +
           ", bank " + std::to_string(B) + ", " +
           std::to_string(Map.WordsPerBank[U.Phase][B]) +
           " distinct word(s) in this bank</title></use>";
    }
    S += "</g>\n";
  }
  // Phase boundaries.
  unsigned PhaseLanes = lanesPerPhase(Map.Width);
  for (unsigned P = 1; P < Map.phases(); ++P)
    S += "<line x1=\"" + std::to_string(LabelWidth - 2) + "\" x2=\"" +
         std::to_string(LabelWidth + Grid) + "\" y1=\"" +
         std::to_string(P * PhaseLanes * Pitch - 1) + "\" y2=\"" +
         std::to_string(P * PhaseLanes * Pitch - 1) + "\" class=\"phase\"/>\n";
  // Distinct words per bank, per phase.
  for (unsigned P = 0; P < Map.phases(); ++P) {
    int Y = Grid + 14 + int(P) * 13;
    S += text(LabelWidth - 4, Y,
              Map.phases() > 1 ? "words ph" + std::to_string(P) : "words",
              "class=\"s\" text-anchor=\"end\"");
    for (unsigned B = 0; B < NumBanks; ++B) {
      unsigned N = Map.WordsPerBank[P][B];
      S += text(LabelWidth + B * Pitch + Cell / 2, Y,
                N ? std::to_string(N) : ".",
                std::string("class=\"") + (N > 1 ? "s bad" : "s") +
                    "\" text-anchor=\"middle\"");
    }
  }
  return S + "</g>\n";
}

} // namespace

std::string renderExplainSvg(const AccessExplanation &E) {
  int Maps = E.After ? 2 : 1;
  int Width =
      std::max(MinWidth, 2 * Margin + Maps * MapWidth + (Maps - 1) * Gap);
  int Height = Top + Grid + Bottom;
  std::string W = std::to_string(Width), H = std::to_string(Height);
  std::string S = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + W +
                  "\" height=\"" + H + "\" viewBox=\"0 0 " + W + " " + H +
                  "\">\n";
  std::string Index;
  for (const std::string &I : E.Index)
    Index += "[" + I + "]";
  std::string Title = E.Place + ": " + E.Access + " in '" + E.Function + "'";
  S += "<title>" + escape(Title) + "</title>\n";
  S += "<style>text{font:11px monospace;fill:#222}.s{font-size:9px}"
       ".h{font-weight:bold}.bad{fill:#b00020}.ok{fill:#1b7a2e}"
       ".off{fill:#aaa}.phase{stroke:#333;stroke-width:1.5}</style>\n";
  S += "<defs><rect id=\"n\" width=\"13\" height=\"13\" fill=\"#eceff1\"/>"
       "<rect id=\"h\" width=\"13\" height=\"13\" fill=\"#3b7dd8\"/>"
       "<rect id=\"x\" width=\"13\" height=\"13\" fill=\"#d32f2f\"/></defs>\n";
  S += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
  S += text(Margin, 18, Title, "class=\"h\"");
  S += text(Margin, 36,
            "index " + Index + ", " + std::to_string(E.Width) +
                " bytes per lane; bank = (address / 4) % 32");
  std::string Where = "warp " + std::to_string(E.Warp) + " of block " + E.Block;
  if (!E.Iteration.empty())
    Where += "; iteration " + E.Iteration;
  S += text(Margin, 52, Where);
  if (!E.Problem.empty()) {
    S += text(Margin, 60, "cannot explain it: " + E.Problem, "class=\"bad\"");
    return S + "</svg>\n";
  }
  S += renderMap(E, E.Before, "before", Margin);
  if (E.After)
    S += renderMap(E, *E.After, "after", Margin + MapWidth + Gap);
  int Y = Top + Grid + 14 + int(E.Before.Map.phases()) * 13 + 14;
  S += "<g class=\"legend\" transform=\"translate(" + std::to_string(Margin) +
       "," + std::to_string(Y) + ")\">";
  S += "<use href=\"#h\" y=\"0\"/>" +
       text(18, 11, "the lane touches the bank; the bank serves one word");
  S += "<use href=\"#x\" y=\"16\"/>" +
       text(18, 27,
            "the bank serves several distinct words in the "
            "lane's phase: a conflict");
  S += "<use href=\"#n\" y=\"32\"/>" + text(18, 43, "not touched");
  S += text(0, 59,
            "words: the distinct words each bank serves (per phase); the "
            "most in one bank is the phase's wavefronts");
  if (!E.NoAfter.empty())
    S += text(0, 80, "no after: " + E.NoAfter);
  S += "</g>\n";
  return S + "</svg>\n";
}

} // namespace bankfix
