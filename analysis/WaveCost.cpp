//===- WaveCost.cpp - Bank cycles of one wave's access: the core rule -----===//
//
// docs/hardware.md, "The cost of one wave's access": split the wave into
// the rule's lane groups; a group costs the largest number of distinct
// 4-byte words one bank must serve; the groups add up. NVIDIA loads merge
// groups two by two when every aligned lane pair asks for one address.
//
//===----------------------------------------------------------------------===//

#include "analysis/ConflictAnalyzer.h"

#include <algorithm>
#include <tuple>

namespace lds {

namespace {

int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && ((A < 0) != (B < 0))) ? Q - 1 : Q;
}

int64_t floorMod(int64_t A, int64_t B) { return A - floorDiv(A, B) * B; }

struct GroupCost {
  unsigned Cycles = 0;
  unsigned BusiestBank = 0;
  std::vector<unsigned> LanesOnBank;
  unsigned ActiveLanes = 0;
};

GroupCost costOfGroup(const BankRule &R, unsigned Width, const WaveAddresses &W,
                      const std::vector<unsigned> &Lanes, bool WantLanes) {
  GroupCost Cost;
  std::vector<WordRequest> Requests = wordRequests(R, Width, W, Lanes, &Cost.ActiveLanes);
  std::sort(Requests.begin(), Requests.end(),
            [](const WordRequest &A, const WordRequest &B) { return A.key() < B.key(); });

  // Distinct keys per bank; the requests are sorted by bank first.
  for (size_t I = 0; I < Requests.size();) {
    size_t End = I;
    unsigned Distinct = 0;
    while (End < Requests.size() && Requests[End].Bank == Requests[I].Bank) {
      if (End == I || Requests[End].key() != Requests[End - 1].key())
        ++Distinct;
      ++End;
    }
    if (Distinct > Cost.Cycles) {
      Cost.Cycles = Distinct;
      Cost.BusiestBank = static_cast<unsigned>(Requests[I].Bank);
      if (WantLanes) {
        Cost.LanesOnBank.clear();
        for (size_t J = I; J < End; ++J)
          Cost.LanesOnBank.push_back(Requests[J].Lane);
        std::sort(Cost.LanesOnBank.begin(), Cost.LanesOnBank.end());
        Cost.LanesOnBank.erase(std::unique(Cost.LanesOnBank.begin(), Cost.LanesOnBank.end()),
                               Cost.LanesOnBank.end());
      }
    }
    I = End;
  }
  return Cost;
}

/// NVIDIA: if every aligned pair whose two lanes are both active asks for
/// one address, the hardware serves twice the lanes per cycle (measured:
/// oracle rows ld_f4_dup_all, ld_f2_even_disjoint2way, ...).
bool pairsMerge(const WaveAddresses &W) {
  size_t N = std::min(W.Bytes.size(), W.Active.size());
  for (size_t L = 0; L + 1 < N; L += 2)
    if (W.Active[L] && W.Active[L + 1] && W.Bytes[L] != W.Bytes[L + 1])
      return false;
  return true;
}

} // namespace

std::vector<WordRequest> wordRequests(const BankRule &R, unsigned Width, const WaveAddresses &W,
                                      const std::vector<unsigned> &Lanes, unsigned *ActiveLanes) {
  std::vector<WordRequest> Requests;
  const int64_t Banks = std::max(R.Banks, 1u);
  unsigned Active = 0;
  for (unsigned L : Lanes) {
    if (L >= W.Bytes.size() || L >= W.Active.size() || !W.Active[L])
      continue;
    ++Active;
    int64_t First = W.Bytes[L];
    int64_t Last = First + std::max(Width, 1u) - 1;
    for (int64_t Word = floorDiv(First, 4); Word <= floorDiv(Last, 4); ++Word) {
      WordRequest Q{floorMod(Word, Banks), Word, 0, 3, L};
      if (!R.SubwordShares) {
        Q.FirstByte = static_cast<unsigned>(std::max(First, Word * 4) - Word * 4);
        Q.LastByte = static_cast<unsigned>(std::min(Last, Word * 4 + 3) - Word * 4);
      }
      Requests.push_back(Q);
    }
  }
  if (ActiveLanes)
    *ActiveLanes = Active;
  return Requests;
}

Direction directionOf(AccessKind K) {
  return K == AccessKind::Load ? Direction::Read : Direction::Write;
}

double ConflictAnalyzer::wavePasses(const BankRule &R, unsigned WidthBytes, Direction Dir,
                                    const WaveAddresses &W, ConflictWitness *Witness) {
  bool Merged = R.PairMerge && Dir == Direction::Read && R.Groups.size() > 1 && pairsMerge(W);
  std::vector<std::vector<unsigned>> MergedGroups;
  const std::vector<std::vector<unsigned>> *Groups = &R.Groups;
  if (Merged) {
    for (size_t G = 0; G < R.Groups.size(); G += 2) {
      MergedGroups.push_back(R.Groups[G]);
      if (G + 1 < R.Groups.size())
        MergedGroups.back().insert(MergedGroups.back().end(), R.Groups[G + 1].begin(),
                                   R.Groups[G + 1].end());
    }
    Groups = &MergedGroups;
  }

  unsigned Total = 0;
  GroupCost Worst;
  size_t WorstGroup = 0;
  for (size_t G = 0; G < Groups->size(); ++G) {
    GroupCost C = costOfGroup(R, WidthBytes, W, (*Groups)[G], Witness != nullptr);
    Total += C.Cycles;
    if (G == 0 || C.Cycles > Worst.Cycles) {
      Worst = std::move(C);
      WorstGroup = G;
    }
  }

  if (Witness) {
    Witness->GroupLanes = Groups->empty() ? std::vector<unsigned>() : (*Groups)[WorstGroup];
    std::sort(Witness->GroupLanes.begin(), Witness->GroupLanes.end());
    Witness->ActiveLanesInGroup = Worst.ActiveLanes;
    Witness->Bank = Worst.BusiestBank;
    Witness->LanesOnBank = Worst.LanesOnBank;
    Witness->WordsOnBank = Worst.Cycles;
    Witness->Merged = Merged;
  }
  return Total;
}

} // namespace lds
