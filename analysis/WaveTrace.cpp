//===- WaveTrace.cpp - One wave's access, lane by lane and bank by bank ---===//

#include "analysis/WaveTrace.h"
#include "analysis/BlockCost.h"
#include "analysis/ConflictAnalyzer.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <tuple>

namespace lds {

namespace {

using Binding = std::map<std::string, int64_t>;

/// As the analyzer's free-symbol samples (ConflictAnalyzer.cpp): the cost of
/// an exact result does not depend on them, any sample that executes will do.
const int64_t FreeSamples[] = {0, 1, 2, 3, 5, 7, 16, 31, 64, 1000};
/// Enumerated bindings tried when the cost varies and no worst one is known.
constexpr size_t MaxCombos = 512;
/// When the cost does not vary with the iteration, the first few bindings
/// stand for all of them (only their active lanes may differ).
constexpr size_t MaxCombosUniform = 16;
constexpr double Eps = 1e-9;

struct BlockAddresses {
  bool Ok = true;
  std::string Why;
  std::vector<WaveAddresses> Waves;
};

/// The analyzer's own addresses (ConflictAnalyzer.h), so the picture shows
/// exactly what was costed.
BlockAddresses addressesOf(const Access &A, unsigned WaveSize, const Binding &B) {
  BlockAddresses Out;
  Out.Ok = blockAddresses(A.ByteOffset, A.Predicate, A.Block, WaveSize, B, Out.Waves, Out.Why);
  return Out;
}

/// The block's cost at one binding and its worst wave.
struct BlockCost {
  bool Ok = false;
  bool Executed = false;
  double Passes = 0, Ideal = 0;
  unsigned WorstWave = 0;
  unsigned ExecutingWaves = 0;
  BlockAddresses Addr;
};

BlockCost costOf(const Access &A, const BlockCostRule &Rule, unsigned WaveSize, const Binding &B) {
  BlockCost C;
  C.Addr = addressesOf(A, WaveSize, B);
  if (!C.Addr.Ok)
    return C;
  C.Ok = true;
  BlockPasses P = Rule.cost(C.Addr.Waves);
  C.Executed = P.Executed;
  C.Passes = P.Passes;
  C.Ideal = P.IdealPasses;
  C.WorstWave = P.WorstWave;
  C.ExecutingWaves = P.ExecutingWaves;
  return C;
}

double degreeOf(const BlockCost &C) { return conflictDegree(C.Passes, C.Ideal); }

/// A request as a bank sees it; lanes with equal keys share a cycle.
struct Request {
  int64_t Word;
  unsigned FirstByte, LastByte;
  auto key() const { return std::tie(Word, FirstByte, LastByte); }
  bool operator<(const Request &O) const { return key() < O.key(); }
  bool operator==(const Request &O) const { return key() == O.key(); }
};

GroupTrace traceGroup(const BankRule &R, unsigned Width, const WaveAddresses &W,
                      std::vector<unsigned> Lanes) {
  GroupTrace G;
  std::sort(Lanes.begin(), Lanes.end());
  G.Lanes = Lanes;
  const int64_t Banks = std::max(R.Banks, 1u);
  G.Banks.assign(Banks, BankUse());
  std::vector<std::set<Request>> Keys(Banks);
  std::vector<std::vector<std::pair<unsigned, Request>>> LaneRequests(Lanes.size());
  // The cost rule's own requests (WaveCost.cpp), in lane order.
  size_t I = 0;
  for (const WordRequest &WR : wordRequests(R, Width, W, Lanes, &G.ActiveLanes)) {
    while (Lanes[I] != WR.Lane)
      ++I;
    unsigned Bank = static_cast<unsigned>(WR.Bank);
    Request Q{WR.Word, WR.FirstByte, WR.LastByte};
    Keys[Bank].insert(Q);
    LaneRequests[I].push_back({Bank, Q});
    BankUse &U = G.Banks[Bank];
    if (U.Lanes.empty() || U.Lanes.back() != WR.Lane)
      U.Lanes.push_back(WR.Lane);
  }
  unsigned Total = 0;
  for (int64_t B = 0; B < Banks; ++B) {
    BankUse &U = G.Banks[B];
    U.Requests = static_cast<unsigned>(Keys[B].size());
    Total += U.Requests;
    for (const Request &Q : Keys[B])
      if (U.Words.empty() || U.Words.back() != Q.Word)
        U.Words.push_back(Q.Word);
    if (U.Requests > G.Cycles) {
      G.Cycles = U.Requests;
      G.BusiestBank = static_cast<unsigned>(B);
    }
  }
  G.FloorCycles = G.ActiveLanes ? std::max<unsigned>(1, (Total + Banks - 1) / Banks) : 0;
  G.Hits.resize(Lanes.size());
  for (size_t I = 0; I < Lanes.size(); ++I)
    for (const auto &[Bank, Q] : LaneRequests[I]) {
      const std::set<Request> &K = Keys[Bank];
      unsigned Index = static_cast<unsigned>(std::distance(K.begin(), K.find(Q)));
      G.Hits[I].push_back({Bank, Q.Word, Index});
    }
  return G;
}

} // namespace

std::string compactList(const std::vector<unsigned> &Sorted) {
  // Runs of consecutive numbers as "a-b"; other arithmetic runs of five or
  // more as "a,b,...,z" (lanes 0,2,4,...,30 of a stride-2 access).
  std::string S;
  for (size_t I = 0; I < Sorted.size();) {
    size_t J = I;
    while (J + 1 < Sorted.size() && Sorted[J + 1] == Sorted[J] + 1)
      ++J;
    if (!S.empty())
      S += ",";
    if (J == I && I + 4 < Sorted.size()) {
      unsigned Step = Sorted[I + 1] - Sorted[I];
      size_t K = I + 1;
      while (K + 1 < Sorted.size() && Sorted[K + 1] - Sorted[K] == Step)
        ++K;
      if (K >= I + 4) {
        S += std::to_string(Sorted[I]) + "," + std::to_string(Sorted[I + 1]) + ",...," +
             std::to_string(Sorted[K]);
        I = K + 1;
        continue;
      }
    }
    S += std::to_string(Sorted[I]);
    if (J == I + 1)
      S += "," + std::to_string(Sorted[J]);
    else if (J > I)
      S += "-" + std::to_string(Sorted[J]);
    I = J + 1;
  }
  return S;
}

WaveTrace traceWorstWave(const Access &A, const TargetModel &T, const AccessResult &R,
                         const Binding &Assumptions) {
  WaveTrace Out;
  Out.Target = T.Name;
  Out.WaveSize = T.WaveSize;
  Out.WidthBytes = A.WidthBytes;
  if (R.Status == ResultStatus::Unknown) {
    Out.Why = R.Reason;
    return Out;
  }
  Direction Dir = directionOf(A.Kind);
  const BankRule *Rule = T.findRule(Dir, A.WidthBytes, A.Matrix);
  if (!Rule || !A.ByteOffset || T.WaveSize == 0 || A.Block.threads() == 0) {
    Out.Why = "the access cannot be drawn on " + T.Name;
    return Out;
  }
  Out.Banks = Rule->Banks;

  // Which values each symbol the access reads gets.
  std::set<std::string> Used = symbolsRead(A);
  Binding Fixed;
  std::vector<std::string> EnumNames, FreeNames;
  std::vector<std::vector<int64_t>> EnumValues;
  for (const std::string &Name : Used) {
    if (auto It = Assumptions.find(Name); It != Assumptions.end()) {
      Fixed[Name] = It->second;
      continue;
    }
    if (auto It = R.WorstBinding.find(Name); It != R.WorstBinding.end()) {
      Fixed[Name] = It->second;
      continue;
    }
    auto It = A.Symbols.find(Name);
    if (It != A.Symbols.end() && !It->second.Vals.empty()) {
      if (It->second.Dom == SymbolInfo::Values) {
        EnumNames.push_back(Name);
        EnumValues.push_back(It->second.Vals);
        continue;
      }
      if (It->second.Dom == SymbolInfo::Assumed) {
        Fixed[Name] = It->second.Vals.front();
        continue;
      }
    }
    FreeNames.push_back(Name);
  }

  uint64_t Total = 1;
  for (const auto &V : EnumValues)
    Total = std::min<uint64_t>(Total * V.size(), uint64_t(1) << 40);
  uint64_t Count = std::min<uint64_t>(Total, R.VariesWithIteration ? MaxCombos : MaxCombosUniform);

  const BlockCostRule BlockRule(*Rule, A.WidthBytes, Dir);
  std::optional<BlockCost> Best;
  Binding BestBinding;
  std::string LastWhy;
  for (uint64_t I = 0; I < Count; ++I) {
    uint64_t Index = Count == Total ? I : I * Total / Count;
    Binding B = Fixed;
    for (size_t S = EnumNames.size(); S-- > 0;) {
      const std::vector<int64_t> &V = EnumValues[S];
      B[EnumNames[S]] = V[Index % V.size()];
      Index /= V.size();
    }
    // The first free sample that executes stands for all of them.
    for (int64_t Sample : FreeSamples) {
      for (const std::string &Name : FreeNames)
        B[Name] = Sample;
      BlockCost C = costOf(A, BlockRule, T.WaveSize, B);
      if (!C.Ok) {
        LastWhy = C.Addr.Why;
        continue;
      }
      if (!C.Executed) {
        if (FreeNames.empty())
          break;
        continue;
      }
      if (!Best || C.Passes > Best->Passes + Eps ||
          (std::fabs(C.Passes - Best->Passes) <= Eps && degreeOf(C) > degreeOf(*Best) + Eps)) {
        Best = std::move(C);
        BestBinding = B;
      }
      break;
    }
  }
  if (!Best) {
    Out.Why = LastWhy.empty() ? "no lane of the block executes the access" : LastWhy;
    return Out;
  }

  Out.Ok = true;
  Out.Binding = BestBinding;
  Out.Wave = Best->WorstWave;
  Out.Waves = static_cast<unsigned>(Best->Addr.Waves.size());
  Out.ExecutingWaves = Best->ExecutingWaves;
  Out.BlockPasses = Best->Passes;
  Out.BlockIdealPasses = Best->Ideal;
  const WaveAddresses &W = Best->Addr.Waves[Out.Wave];
  Out.Bytes = W.Bytes;
  Out.Active = W.Active;

  ConflictWitness Witness;
  Out.WavePasses = ConflictAnalyzer::wavePasses(*Rule, A.WidthBytes, Dir, W, &Witness);
  Out.WaveIdealPasses = BlockRule.idealPasses(W);
  Out.Merged = Witness.Merged;
  std::vector<std::vector<unsigned>> Groups;
  if (Out.Merged) {
    for (size_t G = 0; G < Rule->Groups.size(); G += 2) {
      Groups.push_back(Rule->Groups[G]);
      if (G + 1 < Rule->Groups.size())
        Groups.back().insert(Groups.back().end(), Rule->Groups[G + 1].begin(),
                             Rule->Groups[G + 1].end());
    }
  } else {
    Groups = Rule->Groups;
  }
  for (size_t G = 0; G < Groups.size(); ++G) {
    Out.Groups.push_back(traceGroup(*Rule, A.WidthBytes, W, Groups[G]));
    if (Out.Groups[G].Cycles > Out.Groups[Out.WorstGroup].Cycles)
      Out.WorstGroup = static_cast<unsigned>(G);
  }
  if (Out.Groups.empty()) {
    Out.Ok = false;
    Out.Why = "the bank model of " + T.Name + " has no lane groups";
  }
  return Out;
}

} // namespace lds
