//===- LinearSwizzleCandidates.cpp - General XOR layouts over GF(2) -------===//
//
// Issue 13, layout synthesis: the layouts "physical unit bit j = logical bit
// j XOR (some bits of the row and of higher unit bits)", linear over GF(2)
// (SwizzleParams::Terms), searched when no structured layout (row term,
// column terms) leaves every access conflict-free.
//
// How this relates to Triton (triton-lang/triton lib/Tools/GenericSwizzling.cpp):
// Triton knows both register layouts as linear maps from (register, lane)
// bits to tensor-offset bits, so it can compute an optimal swizzle directly:
// it takes the bank bases as the complement of the vector and segment bases
// and picks segment bases (computeSegment) from the bases the two lane
// tiles do not share, pairing them (A[i] ^ B[i]) so that no lane-tile basis
// lies in the span of the segment, then counts the remaining conflicts as
// the dimension of an intersection of bases. That needs accesses linear in
// the lane id, one pair of layouts (a store and a load) and one bank model
// (32 banks of 4 bytes). Here the accesses are hand-written C++ (`tid / 32`,
// `(tid % 2) * 4`, guards), evaluated lane by lane, several at once, and the
// layout must suit several targets whose lane groups are not linear
// subspaces (gfx942's b128 groups {0-3, 20-23}, ...). So instead of solving
// for the bases, the search enumerates the matrices exactly, over the few
// bits that can matter, and costs each one lane by lane:
//  - Source bits: a bit of the row or of the unit index u = col / VecElems
//    that is the same for every lane of every lane group of every access
//    (each target's groups, each sampled loop binding) XORs the whole group
//    with one constant, which moves every lane of the group alike and
//    changes no count of words per bank when the rows start on a bank-cycle
//    boundary: only bits that differ between lanes of one group are tried.
//  - Destination bits: bits 0..d-1 of u, with 2^d units at most one bank
//    cycle of the widest target (64 banks of 4 bytes: 16 float4 units);
//    flipping a bit above that changes no bank.
//  - Unit source bits lie above every destination bit (unitriangular, so a
//    bijection; SwizzleParams::validLinear), so they are bits d.. of u.
// For each d the matrices number 2^(sources * d); they are enumerated when
// that is at most MaxEnumerated (4096), and built greedily otherwise (each
// source bit in turn takes the vector that lowers the estimate most, two
// sweeps: the vectors that separate the lanes still in conflict). Each is
// estimated on sampled waves (LaneSample), without the disputed readings;
// the best few that the structured layouts do not already hold are handed
// to the Evaluator, which re-costs every access on every target and
// reading exactly, as for every other candidate.
// Under a pad (PadLinearCandidates.cpp) the same search runs on the lanes'
// padded addresses: the XOR still permutes units inside the original row.
//
//===----------------------------------------------------------------------===//

#include "analysis/ConflictAnalyzer.h"
#include "analysis/LaneEvaluator.h"
#include "planner/CandidateScore.h"
#include "planner/Candidates.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace lds::planner {

namespace {

/// Matrices enumerated per number of destination bits at most; past it the
/// greedy construction.
constexpr uint64_t MaxEnumerated = 4096;
/// Loop bindings sampled per access for the estimate (evenly spread).
constexpr uint64_t MaxBindings = 8;
/// Row bits considered as sources at most (the lowest differing ones).
constexpr unsigned MaxRowBits = 12;
/// Candidates handed to the exact Evaluator.
constexpr size_t MaxExact = 8;

using Binding = std::map<std::string, int64_t>;
using XorTerm = SwizzleParams::XorTerm;

/// One wave of one access at one binding, lane by lane: the byte offset as
/// written, the row and column subscripts, and whether the lane runs.
struct WaveSample {
  std::vector<int64_t> Addr, Row, Col;
  std::vector<bool> Active;
  unsigned Count = 1; ///< identical waves folded into this one
};

/// One access on one target: its rule and, per sampled binding, its waves.
struct AccessSamples {
  const BankRule *Rule = nullptr;
  unsigned Width = 0;
  Direction Dir = Direction::Any;
  double Weight = 1;     ///< Evaluator::weight of the access
  unsigned Waves = 1;    ///< waves of the block (the average's divisor)
  std::vector<std::vector<WaveSample>> Bindings;
};

/// The values of the symbols the access reads (subscripts, offset,
/// predicate): known loop values, assumptions, else 0.
std::vector<Binding> sampledBindings(const Access &A, const PlanOptions &Opts) {
  std::set<std::string> Used = symbolsRead(A, /*WithOffset=*/true);
  std::vector<std::string> Names(Used.begin(), Used.end());
  std::vector<std::vector<int64_t>> Values;
  uint64_t Total = 1;
  for (const std::string &Name : Names) {
    std::vector<int64_t> V = {0};
    if (auto It = Opts.Assumptions.find(Name); It != Opts.Assumptions.end())
      V = {It->second};
    else if (auto S = A.Symbols.find(Name);
             S != A.Symbols.end() && !S->second.Vals.empty() && S->second.Dom != SymbolInfo::Free)
      V = S->second.Dom == SymbolInfo::Assumed ? std::vector<int64_t>{S->second.Vals.front()}
                                               : S->second.Vals;
    Total = std::min<uint64_t>(Total * V.size(), uint64_t(1) << 40);
    Values.push_back(std::move(V));
  }
  const uint64_t Count = std::min(Total, MaxBindings);
  std::vector<Binding> Out;
  for (uint64_t I = 0; I < Count; ++I) {
    uint64_t Pick = Count == Total ? I : I * Total / Count;
    Binding B;
    for (size_t S = Names.size(); S-- > 0;) {
      B[Names[S]] = Values[S][Pick % Values[S].size()];
      Pick /= Values[S].size();
    }
    Out.push_back(std::move(B));
  }
  return Out;
}

/// The waves of A on a target of WaveSize lanes at binding B, identical
/// ones folded, with Offset its byte offset (as written, or under a pad).
/// False when a lane cannot be evaluated.
bool sampleWaves(const Access &A, const LaneExpr &Offset, unsigned WaveSize, const Binding &B,
                 std::vector<WaveSample> &Out) {
  const size_t N = A.Subs.Index.size();
  const auto &Dims = A.Block.Dims;
  const unsigned Threads = A.Block.threads();
  LaneEnv Env;
  for (unsigned D = 0; D < 3; ++D)
    Env.BlockDim[D] = Dims[D];
  Env.Symbols = &B;
  Env.WaveSize = WaveSize;
  std::map<std::tuple<std::vector<int64_t>, std::vector<int64_t>, std::vector<int64_t>,
                      std::vector<bool>>,
           size_t>
      Seen;
  for (unsigned First = 0; First < Threads; First += WaveSize) {
    WaveSample W;
    for (unsigned L = First; L < First + WaveSize; ++L) {
      int64_t Row = 0, Col = 0, Addr = 0;
      bool On = L < Threads;
      if (On) {
        Env.ThreadIdx = {L % Dims[0], L / Dims[0] % Dims[1], L / (Dims[0] * Dims[1])};
        Env.LaneId = L % WaveSize;
        if (A.Predicate) {
          std::optional<int64_t> P = LaneEvaluator::eval(*A.Predicate, Env);
          if (!P)
            return false;
          On = *P != 0;
        }
      }
      if (On) {
        std::optional<int64_t> R = N >= 2 ? LaneEvaluator::eval(*A.Subs.Index[N - 2], Env)
                                          : std::optional<int64_t>(0);
        std::optional<int64_t> C = LaneEvaluator::eval(*A.Subs.Index[N - 1], Env);
        std::optional<int64_t> Y = LaneEvaluator::eval(Offset, Env);
        if (!R || !C || !Y)
          return false;
        Row = *R, Col = *C, Addr = *Y;
      }
      W.Addr.push_back(Addr);
      W.Row.push_back(Row);
      W.Col.push_back(Col);
      W.Active.push_back(On);
    }
    auto Key = std::make_tuple(W.Addr, W.Row, W.Col, W.Active);
    auto [It, New] = Seen.emplace(std::move(Key), Out.size());
    if (New)
      Out.push_back(std::move(W));
    else
      ++Out[It->second].Count;
  }
  return true;
}

/// The bits of the row and of u that differ between the active lanes of
/// one lane group (two merged groups, for a rule that merges pairs).
void differingBits(const AccessSamples &S, const BankRule &Rule, unsigned Log2Vec,
                   uint64_t &RowBits, uint64_t &UnitBits) {
  const auto &Groups = Rule.Groups;
  const size_t Step = Rule.PairMerge ? 2 : 1;
  for (const std::vector<WaveSample> &Waves : S.Bindings)
    for (const WaveSample &W : Waves)
      for (size_t G = 0; G < Groups.size(); G += Step) {
        bool Any = false;
        int64_t Row0 = 0, Unit0 = 0;
        for (size_t K = G; K < std::min(G + Step, Groups.size()); ++K)
          for (unsigned L : Groups[K]) {
            if (L >= W.Active.size() || !W.Active[L])
              continue;
            int64_t Unit = W.Col[L] >> Log2Vec;
            if (!Any) {
              Row0 = W.Row[L], Unit0 = Unit, Any = true;
              continue;
            }
            RowBits |= uint64_t(W.Row[L] ^ Row0);
            UnitBits |= uint64_t(Unit ^ Unit0);
          }
      }
}

/// The XOR flip of u for a lane under Terms.
inline int64_t flipOf(const std::vector<XorTerm> &Terms, int64_t Row, int64_t Unit) {
  int64_t F = 0;
  for (const XorTerm &T : Terms)
    if ((((T.From == XorTerm::Row ? Row : Unit) >> T.Bit) & 1) != 0)
      F ^= T.Vector;
  return F;
}

/// An estimate of a layout: weighted passes under the default readings,
/// then under the disputed ones (the Evaluator's Cost and AltCost).
struct Estimate {
  double Cost = 0, Alt = 0;
  bool operator<(const Estimate &O) const {
    if (std::fabs(Cost - O.Cost) > Eps)
      return Cost < O.Cost;
    return Alt < O.Alt - Eps;
  }
};

/// The estimated weighted passes of Terms: per access and target, the
/// worst sampled binding's average over the waves, times its weight; for
/// the default reading and each disputed one.
Estimate estimate(const std::vector<AccessSamples> &All, const std::vector<XorTerm> &Terms,
                  unsigned Log2Vec, int64_t UnitBytes) {
  Estimate E;
  WaveAddresses WA;
  for (const AccessSamples &S : All) {
    std::vector<double> Worst(1 + S.Rule->Alternatives.size(), 0);
    for (const std::vector<WaveSample> &Waves : S.Bindings) {
      std::vector<double> Sum(Worst.size(), 0);
      for (const WaveSample &W : Waves) {
        WA.Bytes.resize(W.Addr.size());
        WA.Active = W.Active;
        for (size_t L = 0; L < W.Addr.size(); ++L) {
          int64_t Unit = W.Col[L] >> Log2Vec;
          int64_t NewUnit = Unit ^ flipOf(Terms, W.Row[L], Unit);
          WA.Bytes[L] = W.Addr[L] + (NewUnit - Unit) * UnitBytes;
        }
        for (size_t R = 0; R < Sum.size(); ++R)
          Sum[R] += W.Count * ConflictAnalyzer::wavePasses(
                                  R ? S.Rule->Alternatives[R - 1] : *S.Rule, S.Width, S.Dir, WA);
      }
      for (size_t R = 0; R < Sum.size(); ++R)
        Worst[R] = std::max(Worst[R], Sum[R] / S.Waves);
    }
    E.Cost += S.Weight * Worst[0];
    for (size_t R = 1; R < Worst.size(); ++R)
      E.Alt += S.Weight * Worst[R];
  }
  return E;
}

/// The layout as a map from (source, bit of the element column or row) to
/// the element-column bits it flips: equal keys, equal layouts, whatever
/// the form or unit they are written in.
using LayoutKey = std::map<std::pair<int, unsigned>, uint64_t>;

std::string hex(uint64_t V) {
  char Buf[24];
  std::snprintf(Buf, sizeof Buf, "%llx", static_cast<unsigned long long>(V));
  return Buf;
}

unsigned log2Of(uint64_t V) {
  unsigned L = 0;
  while ((uint64_t(1) << L) < V)
    ++L;
  return L;
}

LayoutKey keyOf(const SwizzleParams &P) {
  LayoutKey K;
  auto Add = [&K](int From, unsigned Bit, uint64_t Flip) {
    if (Flip && !(K[{From, Bit}] ^= Flip))
      K.erase({From, Bit});
  };
  const unsigned V = log2Of(P.VecElems);
  if (P.isLinear()) {
    for (const XorTerm &T : P.Terms)
      Add(T.From == XorTerm::Row ? 0 : 1, T.From == XorTerm::Row ? T.Bit : T.Bit + V,
          uint64_t(T.Vector) << V);
    return K;
  }
  for (unsigned I = 0; (uint64_t(1) << I) <= P.Mask; ++I)
    if (P.Mask >> I & 1)
      Add(0, P.Shift + I, uint64_t(1) << (I + V));
  if (P.hasColumnTerm()) {
    const unsigned CV = log2Of(P.colUnit());
    for (unsigned S : P.ColShifts)
      for (unsigned I = 0; (uint64_t(1) << I) <= P.ColMask; ++I)
        if (P.ColMask >> I & 1)
          Add(1, S + I + CV, uint64_t(1) << (I + CV));
  }
  return K;
}

/// A source bit of the search.
struct Source {
  XorTerm::Source From;
  unsigned Bit;
};

/// One matrix: Vectors[i] for Sources[i] (0: no term).
std::vector<XorTerm> termsOf(const std::vector<Source> &Sources,
                             const std::vector<unsigned> &Vectors) {
  std::vector<XorTerm> T;
  for (size_t I = 0; I < Sources.size(); ++I)
    if (Vectors[I])
      T.push_back({Sources[I].From, Sources[I].Bit, Vectors[I]});
  return T;
}

/// Simplicity: fewest terms, then fewest bits set, then lower sources.
std::tuple<size_t, unsigned> simplicity(const std::vector<XorTerm> &T) {
  unsigned Bits = 0;
  for (const XorTerm &X : T)
    Bits += static_cast<unsigned>(__builtin_popcount(X.Vector));
  return {T.size(), Bits};
}

struct Found {
  std::vector<XorTerm> Terms;
  Estimate Est;
};

/// Seed as vectors over Sources, if every term's source is one of them
/// and its vector fits in D bits.
std::optional<std::vector<unsigned>> startOf(const std::vector<XorTerm> &Seed,
                                             const std::vector<Source> &Sources, unsigned D) {
  std::vector<unsigned> V(Sources.size(), 0);
  for (const XorTerm &T : Seed) {
    auto It = std::find_if(Sources.begin(), Sources.end(), [&T](const Source &S) {
      return S.From == T.From && S.Bit == T.Bit;
    });
    if (It == Sources.end() || T.Vector >> D)
      return std::nullopt;
    V[It - Sources.begin()] = T.Vector;
  }
  return V;
}

/// A structured layout as general terms in units of Vec elements, if each
/// bit it flips lies at or above the unit's.
std::optional<std::vector<XorTerm>> termsInUnits(const SwizzleParams &P, unsigned Vec) {
  const unsigned V = log2Of(Vec);
  std::vector<XorTerm> Out;
  for (const auto &[Src, Flip] : keyOf(P)) {
    if (Flip & ((uint64_t(1) << V) - 1) || Src.second < (Src.first ? V : 0))
      return std::nullopt;
    Out.push_back({Src.first ? XorTerm::Unit : XorTerm::Row, Src.second - (Src.first ? V : 0),
                   static_cast<unsigned>(Flip >> V)});
  }
  return Out;
}

/// Every matrix of Sources x d destination bits that uses bit d - 1.
void enumerateAll(const std::vector<Source> &Sources, unsigned D,
                  const std::function<void(const std::vector<XorTerm> &)> &Try) {
  const unsigned Per = 1u << D;
  std::vector<unsigned> V(Sources.size(), 0);
  while (true) {
    size_t I = 0;
    while (I < V.size() && ++V[I] == Per)
      V[I++] = 0;
    if (I == V.size())
      return;
    unsigned Used = 0;
    for (unsigned X : V)
      Used |= X;
    if (Used >> (D - 1))
      Try(termsOf(Sources, V));
  }
}

/// Greedy: each source in turn takes the vector that lowers the estimate
/// most (ties: the fewer bits), two sweeps, from the vectors Start (none:
/// from no term).
std::vector<XorTerm> greedy(const std::vector<Source> &Sources, unsigned D,
                            const std::function<Estimate(const std::vector<XorTerm> &)> &Cost,
                            std::vector<unsigned> Start = {}) {
  std::vector<unsigned> V = Start.empty() ? std::vector<unsigned>(Sources.size(), 0) : Start;
  Estimate Best = Cost(termsOf(Sources, V));
  for (int Sweep = 0; Sweep < 2; ++Sweep)
    for (size_t I = 0; I < Sources.size(); ++I)
      for (unsigned X = 1; X < (1u << D); ++X) {
        std::vector<unsigned> W = V;
        W[I] = X;
        Estimate C = Cost(termsOf(Sources, W));
        if (C < Best) {
          Best = C;
          V = W;
        }
      }
  return termsOf(Sources, V);
}

} // namespace

std::vector<std::pair<FixCandidate, uint64_t>>
linearSwizzleCandidates(const PlanInputs &In, const CandidateSet &Set,
                        const std::vector<FixCandidate> &Tried,
                        std::vector<std::string> &Considered, unsigned Pad,
                        const std::vector<SwizzleParams> &SeedLayouts) {
  std::vector<std::pair<FixCandidate, uint64_t>> Out;
  if (!Set.SwizzleVec || In.Base.RowLength < 2 * Set.SwizzleVec)
    return Out;
  const unsigned Vec = Set.SwizzleVec;
  const unsigned Log2Vec = log2Of(Vec);
  const int64_t UnitBytes = int64_t(Vec) * In.Array.ElementBytes;
  // Units of a row that whole spans can hold.
  const unsigned UnitBitsInRow = 63 - __builtin_clzll(In.Base.RowLength / Vec);

  std::vector<AccessSamples> Samples;
  unsigned MaxBanks = 0;
  for (const TargetModel *T : In.Targets)
    for (const Access *A : In.Accesses) {
      AccessSamples S;
      S.Rule = T->findRule(directionOf(A->Kind), A->WidthBytes, A->Matrix);
      if (!S.Rule || !A->ByteOffset || A->Subs.Index.empty())
        return Out; // the Evaluator says why; nothing to estimate with
      S.Width = A->WidthBytes;
      S.Dir = directionOf(A->Kind);
      S.Weight = Evaluator::weight(*A);
      S.Waves = (A->Block.threads() + T->WaveSize - 1) / T->WaveSize;
      // Under a pad the lanes start from the padded addresses; the XOR then
      // moves them inside the original row, as relayout does.
      ExprRef Offset = Pad ? relayout(In.Array, *A, FixCandidate::pad(Pad)) : A->ByteOffset;
      if (!Offset)
        return Out;
      for (const Binding &B : sampledBindings(*A, In.Opts)) {
        S.Bindings.emplace_back();
        if (!sampleWaves(*A, *Offset, T->WaveSize, B, S.Bindings.back()))
          return Out;
      }
      MaxBanks = std::max(MaxBanks, S.Rule->Banks);
      for (const BankRule &Alt : S.Rule->Alternatives)
        MaxBanks = std::max(MaxBanks, Alt.Banks);
      Samples.push_back(std::move(S));
    }
  uint64_t RowBits = 0, UnitBits = 0;
  // The groups of the disputed readings too: a layout should suit them
  // whenever one can (hardware.md).
  for (const AccessSamples &S : Samples) {
    differingBits(S, *S.Rule, Log2Vec, RowBits, UnitBits);
    for (const BankRule &Alt : S.Rule->Alternatives)
      differingBits(S, Alt, Log2Vec, RowBits, UnitBits);
  }
  // Destination bits: one bank cycle of the widest target, in units.
  const unsigned CycleUnits = MaxBanks * 4 / static_cast<unsigned>(UnitBytes);
  const unsigned MaxDest = std::min(CycleUnits ? log2Of(CycleUnits) : 0, UnitBitsInRow);

  const std::function<Estimate(const std::vector<XorTerm> &)> Estimated =
      [&](const std::vector<XorTerm> &T) { return estimate(Samples, T, Log2Vec, UnitBytes); };
  const Estimate Baseline = Estimated({});
  std::set<LayoutKey> Known; // layouts scored already, in any form
  for (const FixCandidate &C : Tried)
    if (Pad ? C.K == FixCandidate::PadSwizzle && C.PadElems == Pad : C.K == FixCandidate::Swizzle)
      Known.insert(keyOf(C.Swz));
  std::vector<std::vector<XorTerm>> Seeds;
  for (const SwizzleParams &S : SeedLayouts)
    if (std::optional<std::vector<XorTerm>> T = termsInUnits(S, Vec))
      Seeds.push_back(std::move(*T));
  for (const FixCandidate &C : Pad ? std::vector<FixCandidate>() : Set.Swizzles)
    Known.insert(keyOf(C.Swz));

  std::vector<Found> Kept;
  size_t Count = 0;
  auto Consider = [&](const std::vector<XorTerm> &Terms) {
    SwizzleParams P;
    P.VecElems = Vec;
    P.Terms = Terms;
    if (!P.validLinear() || Known.count(keyOf(P)))
      return;
    ++Count;
    Estimate E = Estimated(Terms);
    if (E.Cost < Baseline.Cost - Eps)
      Kept.push_back({Terms, E});
  };
  for (unsigned D = 1; D <= MaxDest; ++D) {
    std::vector<Source> Sources;
    for (unsigned B = 0; B < 64 && Sources.size() < MaxRowBits; ++B)
      if (RowBits >> B & 1)
        Sources.push_back({XorTerm::Row, B});
    for (unsigned B = D; B < UnitBitsInRow; ++B)
      if (UnitBits >> B & 1)
        Sources.push_back({XorTerm::Unit, B});
    if (Sources.empty())
      continue;
    if (Sources.size() * D <= log2Of(MaxEnumerated)) {
      enumerateAll(Sources, D, Consider);
      continue;
    }
    Consider(greedy(Sources, D, Estimated));
    // Also from each seed that these sources and bits can hold: a structured
    // layout that nearly works is often one term away from one that does.
    for (const std::vector<XorTerm> &Seed : Seeds)
      if (std::optional<std::vector<unsigned>> Start = startOf(Seed, Sources, D))
        Consider(greedy(Sources, D, Estimated, *Start));
  }
  // The best estimates, and among equal ones the simplest; then handed to
  // the Evaluator simplest first, so that exact ties keep the simplest.
  std::stable_sort(Kept.begin(), Kept.end(), [](const Found &A, const Found &B) {
    if (A.Est < B.Est || B.Est < A.Est)
      return A.Est < B.Est;
    return simplicity(A.Terms) < simplicity(B.Terms);
  });
  if (Kept.size() > MaxExact)
    Kept.resize(MaxExact);
  std::stable_sort(Kept.begin(), Kept.end(), [](const Found &A, const Found &B) {
    return simplicity(A.Terms) < simplicity(B.Terms);
  });
  Considered.push_back("general XOR layouts" +
                       (Pad ? " with pad +" + std::to_string(Pad) : std::string()) + ": " +
                       std::to_string(Count) +
                       " estimated over row bits 0x" + hex(RowBits) + " and unit bits 0x" +
                       hex(UnitBits) + ", up to " + std::to_string(MaxDest) +
                       " destination bits; " + std::to_string(Kept.size()) + " costed exactly");
  for (const Found &F : Kept) {
    SwizzleParams P;
    P.VecElems = Vec;
    P.Terms = F.Terms;
    std::optional<uint64_t> Permuted =
        permutedColumns(In, Set.Reach, P.spanUnits() * uint64_t(Vec));
    if (Permuted)
      Out.push_back({Pad ? FixCandidate::padSwizzle(Pad, P) : FixCandidate::swizzle(P), *Permuted});
  }
  return Out;
}

} // namespace lds::planner
