// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RunMerger.cpp - Merging one straight line's executions -------------===//

#include "core/codegen/RunMerger.h"

#include <algorithm>

namespace bankfix {

namespace {

/// "nvcc merges it with the following loads into one 8-byte load".
void noteMerge(MergeCandidate &Keep, MergeCandidate &Drop, bool Loop,
               unsigned Width) {
  bool Store = Keep.Instance->Desc.Kind == AccessKind::Store;
  Drop.Instance->MergedAway = true;
  Drop.Instance->MergedInto = true;
  Drop.Instance->MergeNote = "nvcc merges it into the " + Keep.Label;
  Keep.Instance->MergeNote =
      "nvcc merges it with the " +
      (Loop ? std::string(Store ? "previous iterations" : "next iterations")
            : std::string(Store ? "preceding " : "following ") +
                  accessKindName(Drop.Instance->Desc.Kind) + "s") +
      " into one " + std::to_string(Width) + "-byte " +
      accessKindName(Keep.Instance->Desc.Kind);
}

/// Loads of 4-byte elements that cover three or four words of one aligned
/// 16-byte chunk, in every lane (the same place in it for all): nvcc loads
/// the whole chunk with one 16-byte load, the word not used too (measured:
/// `t[r][k + 1]` for k < 8 is LDS.128, LDS.128, LDS).
void widenToChunks(RunMerger &Merger, std::vector<Unit> &Chain) {
  constexpr uint64_t Chunk = 16;
  std::vector<Unit> Next;
  for (size_t I = 0; I < Chain.size();) {
    MergeCandidate &First = *Chain[I].Keep;
    const SharedArrayLayout &Layout = *First.Layout;
    // A chunk takes two loads at least: the last has none to join.
    std::optional<std::vector<uint64_t>> A0;
    if (I + 1 < Chain.size() && Chain[I].BaseWidth == 4 &&
        Layout.StartModulo16 && startAlignment(Layout) >= Chunk &&
        First.Instance->Desc.Width < Chunk)
      A0 = laneAddresses(Layout, *First.Instance, Merger.shapes());
    size_t End = I + 1;
    uint64_t Bytes = First.Instance->Desc.Width;
    std::vector<std::vector<uint64_t>> Starts;
    if (A0 && !A0->empty() && (*A0)[0] != UINT64_MAX)
      Starts.push_back(*A0);
    while (!Starts.empty() && End < Chain.size()) {
      std::string Why;
      if (Chain[End].Keep->Instance->Desc.Width >= Chunk ||
          !Merger.mayJoin(Chain[End - 1], Chain[End], Why))
        break;
      std::optional<std::vector<uint64_t>> A =
          laneAddresses(Layout, *Chain[End].Keep->Instance, Merger.shapes());
      if (!A || A->size() != A0->size())
        break;
      // Lanes that do not run (a partial last warp) run neither.
      bool SameChunk = true;
      for (size_t L = 0; L < A->size() && SameChunk; ++L)
        SameChunk =
            ((*A)[L] == UINT64_MAX) == ((*A0)[L] == UINT64_MAX) &&
            ((*A)[L] == UINT64_MAX || ((*A)[L] / Chunk == (*A0)[L] / Chunk &&
                                       (*A)[L] % Chunk == (*A)[0] % Chunk &&
                                       (*A0)[L] % Chunk == (*A0)[0] % Chunk));
      // Its bytes must not overlap those already taken.
      uint64_t At = (*A)[0] % Chunk,
               Width = Chain[End].Keep->Instance->Desc.Width;
      for (size_t K = 0; K < Starts.size() && SameChunk; ++K) {
        uint64_t From = Starts[K][0] % Chunk,
                 To = From + Chain[I + K].Keep->Instance->Desc.Width;
        SameChunk = At + Width <= From || At >= To;
      }
      if (!SameChunk)
        break;
      Starts.push_back(*A);
      Bytes += Chain[End].Keep->Instance->Desc.Width;
      ++End;
    }
    if (End - I < 2 || 4 * Bytes < 3 * Chunk) {
      Next.push_back(Chain[I]);
      ++I;
      continue;
    }
    // The lowest of them starts the chunk's load, moved down to its start.
    size_t Low = I;
    for (size_t K = I; K < End; ++K)
      if (Starts[K - I][0] < Starts[Low - I][0])
        Low = K;
    SharedAccessDesc Wide = Chain[Low].Keep->Instance->Desc;
    Wide.WidenedDownBy += Starts[Low - I][0] % Chunk;
    Wide.Width = unsigned(Chunk);
    if (!First.Instance->Unmerged)
      First.Instance->Unmerged = First.Instance->Desc;
    First.Instance->Desc = Wide;
    for (size_t K = I + 1; K < End; ++K) {
      MergeCandidate &Drop = *Chain[K].Keep;
      Drop.Instance->MergedAway = true;
      Drop.Instance->MergedInto = true;
      Drop.Instance->MergeNote = "nvcc merges it into the " + First.Label;
    }
    First.Instance->MergeNote =
        "nvcc loads it with the following loads as one 16-byte load of the "
        "aligned 16 bytes around them";
    Next.push_back({&First, Chain[I].First, Chain[End - 1].Last, 4});
    I = End;
  }
  Chain = std::move(Next);
}

} // namespace

void mergeChain(RunMerger &Merger, std::vector<Unit> Chain) {
  for (bool Merged = true; Merged;) {
    Merged = false;
    std::vector<Unit> Next;
    for (size_t I = 0; I < Chain.size(); ++I) {
      std::string Why;
      bool Reversed = false;
      Decision D = I + 1 < Chain.size()
                       ? Merger.decide(Chain[I], Chain[I + 1], Why, &Reversed)
                       : Decision::Never;
      // The merged access starts at the lower address.
      const Unit &Low = Reversed ? Chain[I + 1] : Chain[I];
      if (D == Decision::Uncertain) {
        SharedAccessDesc Wide = Low.Keep->Instance->Desc;
        Wide.Width *= 2;
        for (size_t K : {I, I + 1}) {
          const MergeCandidate &Other = *Chain[K == I ? I + 1 : I].Keep;
          Chain[K].Keep->Instance->UncertainMerge =
              "nvcc may or may not merge it with the " + Other.Label + ": " +
              Why;
          Chain[K].Keep->Instance->UncertainWide = Wide;
        }
      }
      if (D != Decision::Merges) {
        Next.push_back(Chain[I]);
        continue;
      }
      Unit &X = Chain[I], &Y = Chain[I + 1];
      // nvcc's line table puts a merged load at its first access and a
      // merged store at its last: that one makes the wide access.
      bool Store = X.Keep->Instance->Desc.Kind == AccessKind::Store;
      MergeCandidate &Keep = Store ? *Y.Keep : *X.Keep;
      MergeCandidate &Drop = Store ? *X.Keep : *Y.Keep;
      SharedAccessDesc Wide = Low.Keep->Instance->Desc;
      Wide.Width *= 2;
      if (!Keep.Instance->Unmerged)
        Keep.Instance->Unmerged = Keep.Instance->Desc;
      Keep.Instance->Desc = Wide;
      noteMerge(Keep, Drop, X.Keep->Expression == Y.Keep->Expression,
                Wide.Width);
      Next.push_back({&Keep, X.First, Y.Last, X.BaseWidth});
      Merged = true;
      ++I;
    }
    Chain = std::move(Next);
  }
  if (!Chain.empty() &&
      Chain.front().Keep->Instance->Desc.Kind == AccessKind::Load)
    widenToChunks(Merger, Chain);
}

} // namespace bankfix
