//===- SubscriptRange.cpp - Do the subscripts name elements of the array? -===//

#include "planner/SubscriptRange.h"
#include "analysis/LaneEvaluator.h"
#include "planner/PlanText.h"

#include <algorithm>
#include <map>

namespace lds::planner {

std::set<std::string> symbolsRead(const Access &A, bool WithOffset) {
  std::set<std::string> Used;
  auto Collect = [&Used](const std::string &Name) { Used.insert(Name); };
  for (const ExprRef &E : A.Subs.Index)
    E->forEachSymbol(Collect);
  if (WithOffset && A.ByteOffset)
    A.ByteOffset->forEachSymbol(Collect);
  if (A.Predicate)
    A.Predicate->forEachSymbol(Collect);
  return Used;
}

namespace {

/// Bindings of the loop counters enumerated at most.
constexpr uint64_t MaxBindings = 256;

using Binding = std::map<std::string, int64_t>;

/// The values each symbol of the subscripts and the predicate takes.
struct SymbolChoices {
  std::vector<std::string> Names;
  std::vector<std::vector<int64_t>> Values;
};

/// Each subscript's extent, 0 where no upper bound is known.
std::vector<uint64_t> subscriptBounds(const SharedArray &Array, size_t N, const Layout &Base) {
  std::vector<uint64_t> Bound(N, 0); // 0: no upper bound known
  if (Base.Flat) {
    Bound[0] = Base.Elems ? Base.Rows : 0;
  } else {
    for (size_t D = 0; D < N; ++D)
      Bound[D] = Array.Dims[D];
  }
  Bound[N - 1] = Base.RowLength;
  return Bound;
}

/// The symbols the subscripts and the predicate read, and their values.
SymbolChoices subscriptSymbols(const Access &A, const PlanOptions &Opts,
                               std::set<std::string> &FreeUsed, ColumnReach &Columns) {
  std::set<std::string> Used = symbolsRead(A, /*WithOffset=*/false);
  SymbolChoices S;
  for (const std::string &Name : Used) {
    S.Names.push_back(Name);
    if (auto It = Opts.Assumptions.find(Name); It != Opts.Assumptions.end()) {
      S.Values.push_back({It->second});
      continue;
    }
    auto It = A.Symbols.find(Name);
    if (It != A.Symbols.end() && !It->second.Vals.empty() && It->second.Dom != SymbolInfo::Free) {
      if (It->second.Dom == SymbolInfo::Assumed)
        S.Values.push_back({It->second.Vals.front()});
      else
        S.Values.push_back(It->second.Vals);
      continue;
    }
    FreeUsed.insert(Name);
    Columns.Known = false;
    S.Values.push_back({0});
  }
  return S;
}

/// Subscript D of A reaches V (through V + Last - 1), outside Bound: why
/// that refuses the plan.
std::string outsideText(const SharedArray &Array, const Access &A, const Layout &Base, size_t D,
                        int64_t V, uint64_t Last, uint64_t Bound, const LaneEnv &Env,
                        const Binding &B) {
  const size_t N = A.Subs.Index.size();
  std::string Where = "threadIdx (" + std::to_string(Env.ThreadIdx[0]) + ", " +
                      std::to_string(Env.ThreadIdx[1]) + ", " + std::to_string(Env.ThreadIdx[2]) +
                      ")";
  for (const auto &KV : B)
    Where += ", " + KV.first + " = " + std::to_string(KV.second);
  std::string Which = D + 1 == N ? "column" : D + 2 == N ? "row" : "outer";
  std::string Limit = Bound ? "[0, " + std::to_string(Bound) + ")" : "[0, ...)";
  std::string Reach = std::to_string(V);
  if (D + 1 == N && Last > 1)
    Reach += ".." + std::to_string(V + static_cast<int64_t>(Last) - 1);
  if (Base.Flat) {
    // A 1-D array: the user wrote an index, not [row][column].
    std::string WS = std::to_string(Base.RowLength);
    std::string Idx =
        A.IndexText.empty() || A.Subs.Linear ? std::string() : " '" + A.IndexText + "'";
    std::string Part =
        D + 1 == N ? "the part added to the multiple of " + WS : "the multiple of " + WS;
    return "the index" + Idx + " of " + accessText(A) + " does not stay in one " + "group of " +
           WS + " elements of '" + Array.Name + "' (" + Part + " reaches " + Reach + " at " +
           Where + ", outside " + Limit + "): a new stride would move what it reads";
  }
  return "the " + Which + " subscript of " + accessText(A) + " reaches " + Reach + " at " + Where +
         ", outside " + Limit + ": the access is not one element [row][column] of '" + Array.Name +
         "', and a new layout would move what it reads";
}

/// One lane (Env) at one binding: the problem, or "" (also when the lane is
/// off or cannot be evaluated).
std::string laneProblem(const SharedArray &Array, const Access &A, const Layout &Base,
                        const std::vector<uint64_t> &Bound, uint64_t Span, const LaneEnv &Env,
                        const Binding &B, ColumnReach &Columns) {
  const std::vector<ExprRef> &Index = A.Subs.Index;
  const size_t N = Index.size();
  if (A.Predicate) {
    std::optional<int64_t> On = LaneEvaluator::eval(*A.Predicate, Env);
    if (!On)
      Columns.Known = false;
    if (!On || *On == 0)
      return "";
  }
  for (size_t D = 0; D < N; ++D) {
    std::optional<int64_t> V = LaneEvaluator::eval(*Index[D], Env);
    if (!V) {
      Columns.Known = false;
      return "";
    }
    uint64_t Last = D + 1 == N ? Span : 1;
    if (D + 1 == N && *V >= 0)
      Columns.End = std::max<uint64_t>(Columns.End, uint64_t(*V) + Last);
    if (*V >= 0 && (!Bound[D] || uint64_t(*V) + Last <= Bound[D]))
      continue;
    return outsideText(Array, A, Base, D, *V, Last, Bound[D], Env, B);
  }
  return "";
}

} // namespace

std::string subscriptRangeProblem(const SharedArray &Array, const Access &A, const Layout &Base,
                                  const std::vector<unsigned> &WaveSizes, const PlanOptions &Opts,
                                  std::set<std::string> &FreeUsed, ColumnReach &Columns) {
  const std::vector<uint64_t> Bound = subscriptBounds(Array, A.Subs.Index.size(), Base);
  const uint64_t Span = std::max<uint64_t>(1, A.WidthBytes / std::max(Array.ElementBytes, 1u));
  const SymbolChoices S = subscriptSymbols(A, Opts, FreeUsed, Columns);
  uint64_t Total = 1;
  for (const std::vector<int64_t> &V : S.Values)
    Total = std::min<uint64_t>(Total * V.size(), uint64_t(1) << 40);
  const uint64_t Count = std::min(Total, MaxBindings);
  if (Count != Total)
    Columns.Known = false;

  const auto &Dims = A.Block.Dims;
  const unsigned Threads = A.Block.threads();
  Binding B;
  LaneEnv Env;
  for (unsigned D = 0; D < 3; ++D)
    Env.BlockDim[D] = Dims[D];
  Env.Symbols = &B;
  for (unsigned WaveSize : WaveSizes)
    for (uint64_t I = 0; I < Count; ++I) {
      uint64_t Pick = Count == Total ? I : I * Total / Count;
      for (size_t Sym = S.Names.size(); Sym-- > 0;) {
        B[S.Names[Sym]] = S.Values[Sym][Pick % S.Values[Sym].size()];
        Pick /= S.Values[Sym].size();
      }
      Env.WaveSize = WaveSize;
      for (unsigned L = 0; L < Threads; ++L) {
        Env.ThreadIdx = {L % Dims[0], L / Dims[0] % Dims[1], L / (Dims[0] * Dims[1])};
        Env.LaneId = WaveSize ? L % WaveSize : 0;
        std::string Problem = laneProblem(Array, A, Base, Bound, Span, Env, B, Columns);
        if (!Problem.empty())
          return Problem;
      }
    }
  return "";
}

std::optional<Refusal> checkSubscriptRanges(const PlanInputs &In, ColumnReach &Columns,
                                            std::vector<std::string> &Considered) {
  std::vector<unsigned> WaveSizes;
  for (const TargetModel *T : In.Targets)
    if (std::find(WaveSizes.begin(), WaveSizes.end(), T->WaveSize) == WaveSizes.end())
      WaveSizes.push_back(T->WaveSize);
  std::set<std::string> FreeUsed;
  for (const Access *A : In.Accesses) {
    std::string Problem =
        subscriptRangeProblem(In.Array, *A, In.Base, WaveSizes, In.Opts, FreeUsed, Columns);
    if (!Problem.empty())
      return Refusal{Problem, A->Loc};
  }
  for (const std::string &Name : FreeUsed)
    Considered.push_back("subscript ranges checked with " + Name +
                         " = 0 only (its value is not known)");
  return std::nullopt;
}

} // namespace lds::planner
