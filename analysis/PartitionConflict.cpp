//===- PartitionConflict.cpp - gfx1250: both SIMD pairs on one LDS partition ===//

#include "analysis/PartitionConflict.h"

#include "analysis/ConflictAnalyzer.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace lds {

namespace {

using Binding = std::map<std::string, int64_t>;

/// Bindings beyond this are not enumerated: the result is unknown rather
/// than a sample (a sample could miss the colliding iteration).
constexpr uint64_t MaxBindings = 4096;
/// Evaluations of the whole block, counted iterations included.
constexpr uint64_t MaxEvaluations = 1 << 16;

/// Byte ranges [first, last] read by one pair, merged.
using Ranges = std::vector<std::pair<int64_t, int64_t>>;

Ranges merged(Ranges R) {
  std::sort(R.begin(), R.end());
  Ranges Out;
  for (const auto &X : R)
    if (!Out.empty() && X.first <= Out.back().second + 1)
      Out.back().second = std::max(Out.back().second, X.second);
    else
      Out.push_back(X);
  return Out;
}

bool overlap(const Ranges &A, const Ranges &B) {
  size_t I = 0, J = 0;
  while (I < A.size() && J < B.size()) {
    if (A[I].second < B[J].first)
      ++I;
    else if (B[J].second < A[I].first)
      ++J;
    else
      return true;
  }
  return false;
}

/// One binding's footprints; false with Why when a lane cannot be evaluated.
struct BindingFacts {
  std::vector<WarpFootprint> Warps;
  std::vector<unsigned> Colliding;
  bool SharedBytes = false;
  std::set<unsigned> Touched;
};

bool evaluateBinding(const PartitionQuery &Q, const Binding &B, BindingFacts &Out,
                     std::string &Why) {
  const Access &A = *Q.A;
  std::vector<WaveAddresses> Waves;
  if (!blockAddresses(A.ByteOffset, A.Predicate, A.Block, Q.WaveSize, B, Waves, Why))
    return false;
  const LdsPartitionModel &P = Q.Model;
  Ranges PairBytes[2];
  std::set<unsigned> PairParts[2];
  for (unsigned W = 0; W < Waves.size(); ++W) {
    WarpFootprint F;
    F.Warp = W;
    F.Simd = W % P.Simds;
    F.Pair = P.PairOfSimd[F.Simd];
    std::set<unsigned> Parts;
    for (size_t L = 0; L < Waves[W].Bytes.size(); ++L) {
      if (!Waves[W].Active[L])
        continue;
      int64_t First = static_cast<int64_t>(Q.ArrayOffset) + Waves[W].Bytes[L];
      int64_t Last = First + A.WidthBytes - 1;
      if (First < 0) {
        Why = "warp " + std::to_string(W) + " lane " + std::to_string(L) +
              " reads before the start of LDS";
        return false;
      }
      for (int64_t Part = First / P.Bytes; Part <= Last / static_cast<int64_t>(P.Bytes); ++Part)
        Parts.insert(static_cast<unsigned>(Part));
      PairBytes[F.Pair].push_back({First, Last});
    }
    if (Parts.empty())
      continue; // the warp skips the instruction
    F.Partitions.assign(Parts.begin(), Parts.end());
    PairParts[F.Pair].insert(Parts.begin(), Parts.end());
    Out.Touched.insert(Parts.begin(), Parts.end());
    Out.Warps.push_back(std::move(F));
  }
  std::set_intersection(PairParts[0].begin(), PairParts[0].end(), PairParts[1].begin(),
                        PairParts[1].end(), std::back_inserter(Out.Colliding));
  Out.SharedBytes = !Out.Colliding.empty() && overlap(merged(PairBytes[0]), merged(PairBytes[1]));
  return true;
}

/// A reassignment of whole warp footprints ("tiles") to warps under which
/// no partition is touched by both pairs: the footprints fall into groups
/// that share partitions (connected components); pair A must take groups
/// holding exactly as many footprints as it has warps. Empty if none.
std::map<unsigned, unsigned> separatingAssignment(const std::vector<WarpFootprint> &Warps) {
  size_t N = Warps.size();
  std::vector<size_t> Comp(N);
  std::iota(Comp.begin(), Comp.end(), 0);
  auto Find = [&](size_t X) {
    while (Comp[X] != X)
      X = Comp[X] = Comp[Comp[X]];
    return X;
  };
  for (size_t I = 0; I < N; ++I)
    for (size_t J = I + 1; J < N; ++J) {
      std::vector<unsigned> Common;
      std::set_intersection(Warps[I].Partitions.begin(), Warps[I].Partitions.end(),
                            Warps[J].Partitions.begin(), Warps[J].Partitions.end(),
                            std::back_inserter(Common));
      if (!Common.empty())
        Comp[Find(I)] = Find(J);
    }
  std::map<size_t, std::vector<size_t>> Groups; // root -> footprints, in warp order
  for (size_t I = 0; I < N; ++I)
    Groups[Find(I)].push_back(I);
  size_t PairA = std::count_if(Warps.begin(), Warps.end(), [](const WarpFootprint &W) {
    return W.Pair == 0;
  });
  if (Groups.size() < 2 || PairA == 0 || PairA == N)
    return {};
  // Subset sum over the groups, in order of their first footprint: the
  // first subset found gives pair A the lowest partitions.
  std::vector<std::vector<size_t>> G;
  for (auto &[Root, Members] : Groups)
    G.push_back(Members);
  std::sort(G.begin(), G.end());
  // Reach[I][S]: groups I.. can hold exactly S footprints together.
  std::vector<std::vector<bool>> Reach(G.size() + 1, std::vector<bool>(PairA + 1));
  Reach[G.size()][0] = true;
  for (size_t I = G.size(); I-- > 0;)
    for (size_t S = 0; S <= PairA; ++S)
      Reach[I][S] = Reach[I + 1][S] || (G[I].size() <= S && Reach[I + 1][S - G[I].size()]);
  if (!Reach[0][PairA])
    return {};
  // Pair A takes the earliest groups it can (the lowest partitions).
  std::vector<bool> TakenByA(G.size());
  for (size_t I = 0, Need = PairA; I < G.size(); ++I)
    if (G[I].size() <= Need && Reach[I + 1][Need - G[I].size()]) {
      TakenByA[I] = true;
      Need -= G[I].size();
    }
  std::vector<unsigned> Tiles[2];
  for (size_t I = 0; I < G.size(); ++I)
    for (size_t M : G[I])
      Tiles[TakenByA[I] ? 0 : 1].push_back(Warps[M].Warp);
  for (std::vector<unsigned> &T : Tiles)
    std::sort(T.begin(), T.end());
  std::map<unsigned, unsigned> TileOf;
  size_t Next[2] = {0, 0};
  for (const WarpFootprint &W : Warps)
    TileOf[W.Warp] = Tiles[W.Pair][Next[W.Pair]++];
  return TileOf;
}

} // namespace

PartitionResult analyzePartitions(const PartitionQuery &Q) {
  PartitionResult R;
  const Access &A = *Q.A;
  if (!Q.Model.present()) {
    R.Result = PartitionResult::Unknown;
    R.Why = "the target has no LDS partition rule";
    return R;
  }
  // The symbols the address uses: assumed, enumerated (loop counters with
  // known values), counted up to the loop's end (the iteration of a loop
  // whose start differs between lanes), or unknown.
  std::set<std::string> Used = symbolsRead(A);
  Binding Fixed;
  std::vector<std::string> EnumNames;
  std::vector<std::vector<int64_t>> EnumValues;
  std::string Open; // the counted iteration, if any
  ExprRef OpenCondition;
  uint64_t Total = 1;
  auto Unknown = [&](std::string Why) {
    R = PartitionResult();
    R.Result = PartitionResult::Unknown;
    R.Why = std::move(Why);
    return R;
  };
  for (const std::string &Name : Used) {
    if (auto It = Q.Assumptions.find(Name); It != Q.Assumptions.end()) {
      Fixed[Name] = It->second;
      continue;
    }
    auto It = A.Symbols.find(Name);
    if (It != A.Symbols.end() && !It->second.Vals.empty() &&
        It->second.Dom == SymbolInfo::Assumed) {
      Fixed[Name] = It->second.Vals.front();
      continue;
    }
    if (It != A.Symbols.end() && !It->second.Vals.empty() &&
        It->second.Dom == SymbolInfo::Values) {
      const SymbolInfo &S = It->second;
      // The bank model is content with a loop's first iterations; which
      // partition an address lies in is not: every iteration counts.
      if (S.CountsIterations) {
        if (!Open.empty() || !S.LoopCondition)
          return Unknown("the address depends on " + S.Description +
                         (S.LoopCondition ? ", inside another such loop"
                                          : ", a loop without a condition") +
                         ": not every iteration is followed here");
        Open = Name;
        OpenCondition = S.LoopCondition;
        continue;
      }
      if (S.Truncated)
        return Unknown("the address depends on " + S.Description +
                       ", whose loop's end is not known here (only its first " +
                       std::to_string(S.Vals.size()) + " iterations were followed)");
      EnumNames.push_back(Name);
      EnumValues.push_back(S.Vals);
      Total = std::min<uint64_t>(Total * S.Vals.size(), MaxBindings + 1);
      continue;
    }
    std::string What = It != A.Symbols.end() && !It->second.Description.empty()
                           ? It->second.Description
                           : "'" + Name + "'";
    return Unknown("the address depends on " + What +
                   ", whose value is not known (pass --assume " + Name + "=VALUE)");
  }
  if (Total > MaxBindings)
    return Unknown("its loop counters take more than " + std::to_string(MaxBindings) +
                   " values together, and a sample could miss the colliding one");

  std::set<unsigned> Footprint, AllColliding;
  uint64_t Evaluations = 0;
  bool First = true;
  for (uint64_t I = 0; I < Total; ++I) {
    Binding Counters;
    uint64_t Index = I;
    for (size_t S = EnumNames.size(); S-- > 0;) {
      Counters[EnumNames[S]] = EnumValues[S][Index % EnumValues[S].size()];
      Index /= EnumValues[S].size();
    }
    // Without a counted iteration, one pass; with one, iterations 0, 1, ...
    // while some lane of the block is still in the loop (a lane leaves at
    // its condition's first false).
    std::vector<WaveAddresses> InLoop;
    for (int64_t K = 0;; ++K) {
      Binding B = Fixed;
      B.insert(Counters.begin(), Counters.end());
      std::string Why;
      if (!Open.empty()) {
        B[Open] = Counters[Open] = K;
        std::vector<WaveAddresses> Cond;
        if (!blockAddresses(OpenCondition, OpenCondition, A.Block, Q.WaveSize, B, Cond, Why))
          return Unknown("the condition of its loop could not be evaluated: " + Why);
        bool Any = false;
        for (size_t W = 0; W < Cond.size(); ++W)
          for (size_t L = 0; L < Cond[W].Active.size(); ++L) {
            bool Stays = Cond[W].Active[L] && (K == 0 || InLoop[W].Active[L]);
            Cond[W].Active[L] = Stays;
            Any |= Stays;
          }
        InLoop = std::move(Cond);
        if (!Any)
          break;
      }
      if (++Evaluations > MaxEvaluations)
        return Unknown("its loops run more than " + std::to_string(MaxEvaluations) +
                       " iterations together");
      BindingFacts F;
      if (!evaluateBinding(Q, B, F, Why))
        return Unknown("its address could not be evaluated: " + Why);
      ++R.Bindings;
      Footprint.insert(F.Touched.begin(), F.Touched.end());
      if (!F.Colliding.empty()) {
        ++R.CollidingBindings;
        R.SharedBytes |= F.SharedBytes;
        AllColliding.insert(F.Colliding.begin(), F.Colliding.end());
      }
      if (First || F.Colliding.size() > R.Colliding.size()) {
        R.Warps = std::move(F.Warps);
        R.Colliding = std::move(F.Colliding);
        R.WorstBinding = Counters;
        First = false;
      }
      if (Open.empty())
        break;
    }
  }
  R.AllColliding.assign(AllColliding.begin(), AllColliding.end());
  R.Footprint.assign(Footprint.begin(), Footprint.end());
  R.Factor = R.Colliding.empty() ? 1 : 2;
  if (!R.Colliding.empty() && !R.SharedBytes)
    R.TileOf = separatingAssignment(R.Warps);
  return R;
}

std::string partitionList(const std::vector<unsigned> &Parts) {
  std::string S;
  for (size_t I = 0; I < Parts.size();) {
    size_t J = I;
    while (J + 1 < Parts.size() && Parts[J + 1] == Parts[J] + 1)
      ++J;
    S += (S.empty() ? "" : ", ") + std::to_string(Parts[I]);
    if (J > I)
      S += (J == I + 1 ? ", " : "-") + std::to_string(Parts[J]);
    I = J + 1;
  }
  return S;
}

std::string describePair(const PartitionResult &R, unsigned Pair) {
  // Warps with the same partitions together, in order of first warp.
  std::vector<std::pair<std::vector<unsigned>, std::vector<unsigned>>> Groups;
  for (const WarpFootprint &W : R.Warps) {
    if (W.Pair != Pair)
      continue;
    auto It = std::find_if(Groups.begin(), Groups.end(),
                           [&](const auto &G) { return G.first == W.Partitions; });
    if (It == Groups.end())
      Groups.push_back({W.Partitions, {W.Warp}});
    else
      It->second.push_back(W.Warp);
  }
  if (Groups.empty())
    return "no warp";
  std::string S;
  for (const auto &[Parts, Warps] : Groups) {
    S += S.empty() ? "" : "; ";
    S += Warps.size() == 1 ? "warp " : "warps ";
    for (size_t I = 0; I < Warps.size(); ++I)
      S += (I ? ", " : "") + std::to_string(Warps[I]);
    S += Parts.size() == 1 ? " -> partition " : " -> partitions ";
    S += partitionList(Parts);
  }
  return S;
}

std::string swizzleFormula(const PartitionResult &R) {
  size_t N = R.Warps.size();
  if (R.TileOf.empty() || N % 2 || N < 4)
    return "";
  for (const WarpFootprint &W : R.Warps) {
    if (W.Warp >= N || W.Pair != W.Warp % 2)
      return "";
    if (R.TileOf.at(W.Warp) != (W.Warp % 2) * (N / 2) + W.Warp / 2)
      return "";
  }
  return "tile = (warp % 2) * " + std::to_string(N / 2) + " + warp / 2";
}

} // namespace lds
