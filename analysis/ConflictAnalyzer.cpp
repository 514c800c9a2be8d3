//===- ConflictAnalyzer.cpp - Cost of one access over its block and symbols ===//
//
// For every binding of the uniform symbols the access depends on, the byte
// address of every lane of the block is computed, each wave is costed with
// wavePasses, and the waves are averaged. Loop counters and other symbols
// with known values are enumerated and the worst binding is reported. Free
// symbols (kernel arguments, blockIdx...) are sampled: if the cost moves with
// them the access is "unknown", never a guess (docs/design.md).
//
//===----------------------------------------------------------------------===//

#include "analysis/ConflictAnalyzer.h"
#include "analysis/BlockCost.h"
#include "analysis/ExprShape.h"
#include "analysis/LaneEvaluator.h"

#include "llvm/ADT/Hashing.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

namespace lds {

namespace {

using Binding = std::map<std::string, int64_t>;

/// " at threadIdx (x, y, z) with s = 16": the lane and binding a failed
/// evaluation names.
std::string where(const LaneEnv &Env, const std::map<std::string, int64_t> &B,
                  const std::vector<std::string> *Sampled = nullptr) {
  std::string S = " at threadIdx (" + std::to_string(Env.ThreadIdx[0]) + ", " +
                  std::to_string(Env.ThreadIdx[1]) + ", " + std::to_string(Env.ThreadIdx[2]) + ")";
  auto IsSampled = [&](const std::string &Name) {
    return Sampled && std::find(Sampled->begin(), Sampled->end(), Name) != Sampled->end();
  };
  bool First = true;
  for (const auto &KV : B) {
    if (IsSampled(KV.first))
      continue;
    S += First ? " with " : ", ";
    S += KV.first + " = " + std::to_string(KV.second);
    First = false;
  }
  // Values the tool tried for symbols nobody gave: say so.
  First = true;
  for (const auto &KV : B) {
    if (!IsSampled(KV.first))
      continue;
    S += First ? " when trying " : ", ";
    S += KV.first + " = " + std::to_string(KV.second);
    First = false;
  }
  return S;
}

/// Enumerated bindings beyond this are sampled evenly.
constexpr uint64_t MaxEnumerated = 4096;
/// Free-symbol sampling multiplies the work; it is done on at most this many
/// enumerated bindings (evenly spread, plus the worst one).
constexpr size_t MaxFreeChecked = 64;
/// Values tried for a free symbol: small, odd, powers of two and their
/// neighbours, large: enough to expose a stride or a bank-sized offset.
const int64_t FreeSamples[] = {0, 1, 2, 3, 5, 7, 16, 31, 64, 1000};
constexpr double Eps = 1e-9;

bool same(double A, double B) { return std::fabs(A - B) <= Eps; }

/// How each symbol the access reads gets its values.
struct SymbolPlan {
  Binding Fixed; ///< assumed (--assume, or a single known value)
  std::vector<std::string> EnumNames;
  std::vector<std::vector<int64_t>> EnumValues;
  std::vector<std::string> FreeNames;
  std::vector<std::string> FreeDescriptions;
  std::vector<std::string> FreeHints; ///< SymbolInfo::AssumeHint
  std::vector<std::string> FreeHintDescriptions;
};

SymbolPlan planSymbols(const Access &A, const Binding &Assumptions) {
  std::set<std::string> Used = symbolsRead(A);

  SymbolPlan Plan;
  for (const std::string &Name : Used) {
    if (auto It = Assumptions.find(Name); It != Assumptions.end()) {
      Plan.Fixed[Name] = It->second;
      continue;
    }
    auto It = A.Symbols.find(Name);
    if (It != A.Symbols.end() && !It->second.Vals.empty()) {
      if (It->second.Dom == SymbolInfo::Values) {
        Plan.EnumNames.push_back(Name);
        Plan.EnumValues.push_back(It->second.Vals);
        continue;
      }
      if (It->second.Dom == SymbolInfo::Assumed) {
        Plan.Fixed[Name] = It->second.Vals.front();
        continue;
      }
    }
    Plan.FreeNames.push_back(Name);
    std::string Hint = It != A.Symbols.end() ? It->second.AssumeHint : "";
    auto HintIt = A.Symbols.find(Hint);
    Plan.FreeHints.push_back(Hint);
    Plan.FreeHintDescriptions.push_back(HintIt != A.Symbols.end() &&
                                                !HintIt->second.Description.empty()
                                            ? HintIt->second.Description
                                            : "'" + Hint + "'");
    Plan.FreeDescriptions.push_back(It != A.Symbols.end() && !It->second.Description.empty()
                                        ? It->second.Description
                                        : "'" + Name + "'");
  }
  return Plan;
}

/// The enumerated bindings, in iteration order (the first symbol varies
/// slowest), evenly sampled if there are too many.
std::vector<Binding> enumeratedBindings(const SymbolPlan &Plan) {
  uint64_t Total = 1;
  for (const std::vector<int64_t> &V : Plan.EnumValues)
    Total = std::min<uint64_t>(Total * V.size(), uint64_t(1) << 40);
  uint64_t Count = std::min(Total, MaxEnumerated);
  std::vector<Binding> Result;
  for (uint64_t I = 0; I < Count; ++I) {
    uint64_t Index = Count == Total ? I : I * Total / Count;
    Binding B;
    for (size_t S = Plan.EnumNames.size(); S-- > 0;) {
      const std::vector<int64_t> &V = Plan.EnumValues[S];
      B[Plan.EnumNames[S]] = V[Index % V.size()];
      Index /= V.size();
    }
    Result.push_back(std::move(B));
  }
  return Result;
}

/// One sample of the free symbols; Varied is the index of the only symbol
/// moved from the base sample, -1 for the base, -2 for a mixed sample.
struct FreeSample {
  Binding Values;
  int Varied;
};

std::vector<FreeSample> freeSamples(const SymbolPlan &Plan) {
  std::vector<FreeSample> Result;
  const size_t N = std::size(FreeSamples);
  Binding Base;
  for (const std::string &Name : Plan.FreeNames)
    Base[Name] = FreeSamples[0];
  Result.push_back({Base, -1});
  for (size_t S = 0; S < Plan.FreeNames.size(); ++S)
    for (size_t V = 1; V < N; ++V) {
      Binding B = Base;
      B[Plan.FreeNames[S]] = FreeSamples[V];
      Result.push_back({B, static_cast<int>(S)});
    }
  // A few mixed samples catch costs that move only when two symbols do.
  if (Plan.FreeNames.size() > 1)
    for (size_t M = 1; M <= 4; ++M) {
      Binding B;
      for (size_t S = 0; S < Plan.FreeNames.size(); ++S)
        B[Plan.FreeNames[S]] = FreeSamples[(M + 3 * S) % N];
      Result.push_back({B, -2});
    }
  return Result;
}

/// E with the bound symbols replaced by constants. The builders fold what
/// becomes constant, so the uniform part of an index is computed once per
/// binding instead of once per lane.
ExprRef bindSymbols(const ExprRef &E, const Binding &B) {
  if (!E)
    return E;
  switch (E->Kind) {
  case ExprKind::Symbol: {
    auto It = B.find(E->Name);
    return It == B.end() ? E : LaneExpr::constant(It->second, E->Ty);
  }
  case ExprKind::Unary:
  case ExprKind::Binary:
  case ExprKind::Select:
  case ExprKind::Cast: {
    ExprRef A = bindSymbols(E->A, B), Bx = bindSymbols(E->B, B), C = bindSymbols(E->C, B);
    if (A == E->A && Bx == E->B && C == E->C)
      return E;
    if (E->Kind == ExprKind::Unary)
      return LaneExpr::unary(E->UOp, A, E->Ty);
    if (E->Kind == ExprKind::Binary)
      return LaneExpr::binary(E->BOp, A, Bx, E->Ty);
    if (E->Kind == ExprKind::Select)
      return LaneExpr::select(A, Bx, C, E->Ty);
    return LaneExpr::cast(A, E->Ty);
  }
  default:
    return E;
  }
}

struct LaneByte {
  int64_t Byte = 0;
  unsigned Linear = 0;
};

/// The cost of the whole block under one binding.
struct BlockCost {
  bool Ok = true;
  UnknownCause Why;
  /// Not Ok because the binding is impossible in a correct program:
  /// undefined behaviour in a uniform part of the index, or (for a value
  /// the tool tried for a free symbol) an index outside the array.
  bool Impossible = false;
  bool SampledOutOfBounds = false; ///< outside under a tried free value
  /// The lowest and highest address an active lane asks (Linear: the
  /// lane's thread index in the block), for the bounds check.
  LaneByte Lowest, Highest;
  bool Executed = false; ///< some lane of the block is active
  unsigned ExecutingWaves = 0, Waves = 0; ///< waves with an active lane, of all
  double Passes = 0;
  double IdealPasses = 0;
  std::vector<double> AlternativePasses;
  ConflictWitness Witness;
};

class BlockCoster {
public:
  BlockCoster(const Access &A, const TargetModel &T, const BankRule &R,
              const std::vector<std::string> &Sampled)
      : A(A), T(T), Rule(R, A.WidthBytes, directionOf(A.Kind)), Sampled(Sampled) {}

  BlockCost cost(const Binding &B, bool WantWitness) const {
    const ExprRef Offset = bindSymbols(A.ByteOffset, B);
    const ExprRef Predicate = bindSymbols(A.Predicate, B);
    // Bindings whose addresses differ by a uniform multiple of 4 bytes cost
    // the same (ExprShape.h): look for one already computed.
    ExprShape Shape = shapeOf(Offset);
    int64_t Phase = Shape.Offset & 3;
    size_t Key = llvm::hash_combine(hashExpr(Shape.Rest.get()), hashExpr(Predicate.get()), Phase);
    if (!WantWitness)
      for (const Known &K : Memo[Key])
        if (K.Phase == Phase && sameExpr(K.Rest.get(), Shape.Rest.get()) &&
            sameExpr(K.Predicate.get(), Predicate.get()) && shiftHolds(K, Shape)) {
          // The same lanes, shifted: the cost is the same, but whether they
          // stay inside the array is not.
          BlockCost C = K.Cost;
          C.Lowest.Byte += Shape.Offset - K.Offset;
          C.Highest.Byte += Shape.Offset - K.Offset;
          checkBounds(C, B);
          return C;
        }

    std::vector<WaveAddresses> Waves;
    BlockCost Result = costOf(Offset, Predicate, B, WantWitness, Waves);
    if (Result.Ok && !WantWitness) {
      Known K{Shape.Rest, Predicate, Phase, Shape.Offset, Result, Shape.Conditions, {}};
      // Only a binding whose addresses are Rest + Offset stands for others.
      if (innerRanges(K, Waves, B) && shiftHolds(K, Shape))
        Memo[Key].push_back(std::move(K));
    }
    if (Result.Ok)
      checkBounds(Result, B);
    return Result;
  }

private:
  struct Known {
    ExprRef Rest, Predicate;
    int64_t Phase;
    int64_t Offset; ///< the uniform offset of the binding costed
    BlockCost Cost;
    /// The shape's conditions (ExprShape.h), and the lowest and highest
    /// value of each one's Inner over the lanes that ran the access.
    std::vector<ShapeCondition> Conditions;
    std::vector<std::pair<int64_t, int64_t>> Ranges;
  };

  /// Whether K's lanes, moved by Shape's offset, are the addresses of the
  /// binding Shape was taken of: every narrow sum it was moved out of stays
  /// inside its type for every lane that runs the access (C wraps an
  /// unsigned one, and the wrapped address is no shift of K's).
  static bool shiftHolds(const Known &K, const ExprShape &Shape) {
    if (K.Conditions.size() != Shape.Conditions.size())
      return false;
    for (size_t I = 0; I < K.Conditions.size(); ++I) {
      const ShapeCondition &C = Shape.Conditions[I];
      if (!(C.Ty == K.Conditions[I].Ty) || !sameExpr(C.Inner.get(), K.Conditions[I].Inner.get()))
        return false;
      if (I < K.Ranges.size() &&
          (!inShapeRange(C, K.Ranges[I].first) || !inShapeRange(C, K.Ranges[I].second)))
        return false;
    }
    return true;
  }

  /// Fills K.Ranges from the active lanes of Waves (none active: no
  /// ranges, and nothing to check); false if some Inner does not evaluate.
  bool innerRanges(Known &K, const std::vector<WaveAddresses> &Waves, const Binding &B) const {
    if (K.Conditions.empty())
      return true;
    const auto &Dims = A.Block.Dims;
    LaneEnv Env;
    for (unsigned D = 0; D < 3; ++D)
      Env.BlockDim[D] = Dims[D];
    Env.WaveSize = T.WaveSize;
    Env.Symbols = &B;
    bool First = true;
    for (size_t W = 0; W < Waves.size(); ++W)
      for (size_t L = 0; L < Waves[W].Active.size(); ++L) {
        if (!Waves[W].Active[L])
          continue;
        unsigned Linear = static_cast<unsigned>(W * T.WaveSize + L);
        Env.ThreadIdx = {Linear % Dims[0], Linear / Dims[0] % Dims[1],
                         Linear / (Dims[0] * Dims[1])};
        Env.LaneId = static_cast<int64_t>(L);
        if (First)
          K.Ranges.assign(K.Conditions.size(), {0, 0});
        for (size_t I = 0; I < K.Conditions.size(); ++I) {
          std::optional<int64_t> V = LaneEvaluator::eval(*K.Conditions[I].Inner, Env);
          if (!V)
            return false;
          std::pair<int64_t, int64_t> &R = K.Ranges[I];
          R = First ? std::make_pair(*V, *V)
                    : std::make_pair(std::min(R.first, *V), std::max(R.second, *V));
        }
        First = false;
      }
    return true;
  }

  BlockCost costOf(const ExprRef &Offset, const ExprRef &Predicate, const Binding &B,
                   bool WantWitness, std::vector<WaveAddresses> &Waves) const {
    BlockCost Result;
    std::string Why;
    if (!blockAddresses(Offset, Predicate, A.Block, T.WaveSize, B, Waves, Why, &Result.Impossible,
                        &Sampled)) {
      Result.Ok = false;
      Result.Why = plainCause(std::move(Why));
      return Result;
    }
    extremes(Waves, Result);
    BlockPasses P = Rule.cost(Waves, WantWitness, /*WantAlternatives=*/true);
    Result.Executed = P.Executed;
    Result.ExecutingWaves = P.ExecutingWaves;
    Result.Waves = static_cast<unsigned>(Waves.size());
    Result.Passes = P.Passes;
    Result.IdealPasses = P.IdealPasses;
    Result.AlternativePasses = std::move(P.AlternativePasses);
    if (WantWitness)
      Result.Witness = std::move(P.Witness);
    return Result;
  }

  /// The lowest and highest byte address an active lane asks, and where.
  void extremes(const std::vector<WaveAddresses> &Waves, BlockCost &R) const {
    bool First = true;
    for (size_t W = 0; W < Waves.size(); ++W)
      for (size_t L = 0; L < Waves[W].Bytes.size(); ++L) {
        if (!Waves[W].Active[L])
          continue;
        LaneByte LB{Waves[W].Bytes[L], static_cast<unsigned>(W * T.WaveSize + L)};
        if (First || LB.Byte < R.Lowest.Byte)
          R.Lowest = LB;
        if (First || LB.Byte > R.Highest.Byte)
          R.Highest = LB;
        First = false;
      }
  }

  /// Makes R a failure, with the reason, when an active lane's access does
  /// not lie inside the array: then the block shape (or a guard the tool
  /// did not see) is wrong, and no cost would mean anything.
  void checkBounds(BlockCost &R, const Binding &B) const {
    if (!A.ArrayBytes || !R.Ok || !R.Executed)
      return;
    const LaneByte *Bad = nullptr;
    if (R.Lowest.Byte < 0)
      Bad = &R.Lowest;
    else if (static_cast<uint64_t>(R.Highest.Byte) + A.WidthBytes > A.ArrayBytes)
      Bad = &R.Highest;
    if (!Bad)
      return;
    const auto &Dims = A.Block.Dims;
    LaneEnv Env;
    Env.ThreadIdx = {Bad->Linear % Dims[0], Bad->Linear / Dims[0] % Dims[1],
                     Bad->Linear / (Dims[0] * Dims[1])};
    R.Ok = false;
    // Under a value the tool only tried for a free symbol, outside the
    // array is an impossible value when every lane counted really runs the
    // access; with a guard the front end had to drop, those lanes may not,
    // and the cost depends on the symbol.
    bool Tried = std::any_of(Sampled.begin(), Sampled.end(),
                             [&](const std::string &N) { return B.count(N); });
    // Only a guard dropped because it could not be evaluated at all counts
    // (prescan's `i < d` with d unknown); one dropped because it reads a
    // runtime value, to be given with --assume, is the steady-state
    // assumption the tried values are costed under.
    const std::string GivenLater = std::string(DroppedGuardNote) + " (use";
    bool GuardDropped = std::any_of(A.Notes.begin(), A.Notes.end(), [&](const std::string &N) {
      return N.find(DroppedGuardNote) != std::string::npos &&
             N.find(GivenLater) == std::string::npos;
    });
    R.SampledOutOfBounds = Tried && GuardDropped;
    R.Impossible = Tried && !GuardDropped;
    R.Why = outsideMessage(Bad->Byte, where(Env, B, &Sampled));
  }

  UnknownCause outsideMessage(int64_t Byte, const std::string &Where) const {
    std::string S = "the access falls outside the array (byte " + std::to_string(Byte);
    if (A.ElementBytes && Byte >= 0)
      S += ", element " + std::to_string(Byte / A.ElementBytes) + " of " +
           std::to_string(A.ArrayBytes / A.ElementBytes);
    else
      S += " of " + std::to_string(A.ArrayBytes);
    S += ")" + Where + " under block shape " + shapeText(A.Block.Dims);
    switch (A.Block.Source) {
    case BlockSource::Default:
      return blockCause(S + ", which was assumed (no launch with constant dimensions "
                            "and no __launch_bounds__ give one): the block shape is "
                            "probably wrong; ");
    case BlockSource::Config:
      return blockCause(S + " from " + A.Block.From.File +
                        ": the block shape is probably wrong; set it there or ");
    case BlockSource::Cli:
      return plainCause(S + " from --block: check that shape");
    case BlockSource::LaunchBounds:
      return blockCause(S + " from __launch_bounds__ (a maximum: the launch may use "
                            "fewer threads); ");
    case BlockSource::Launch:
      break;
    }
    return plainCause(S + " from the launch at " + A.Block.From.File + ":" +
                      std::to_string(A.Block.From.Line) +
                      ": a guard the tool does not see may keep these lanes out");
  }

  static std::string shapeText(const std::array<unsigned, 3> &D) {
    return std::to_string(D[0]) + "x" + std::to_string(D[1]) + "x" + std::to_string(D[2]);
  }

  const Access &A;
  const TargetModel &T;
  const BlockCostRule Rule;
  const std::vector<std::string> &Sampled;
  mutable std::unordered_map<size_t, std::vector<Known>> Memo;
};

Binding merged(Binding A, const Binding &B) {
  A.insert(B.begin(), B.end());
  return A;
}

/// The cost of one enumerated binding: the first free sample that evaluates
/// and executes stands for all of them.
struct ComboCost {
  BlockCost Cost;
  Binding Values;  ///< everything bound, free sample included
  int Varied = -1; ///< FreeSample::Varied of the sample costed
};

ComboCost costOfCombo(const BlockCoster &Coster, const Binding &Known,
                      const std::vector<FreeSample> &Samples) {
  ComboCost First;
  bool HaveFirst = false;
  for (const FreeSample &S : Samples) {
    Binding B = merged(S.Values, Known);
    BlockCost C = Coster.cost(B, false);
    // A lane that could not be evaluated makes the access unknown; only a
    // sample that is impossible (undefined behaviour for the whole wave)
    // is passed over.
    if (!C.Ok && !C.Impossible)
      return {C, B, S.Varied};
    if (!HaveFirst) {
      First = {C, B, S.Varied};
      HaveFirst = true;
    }
    if (C.Ok && C.Executed)
      return {C, B, S.Varied};
    if (C.Ok && !First.Cost.Ok)
      First = {C, B, S.Varied};
  }
  return First;
}

/// The free symbol whose value changes the cost, if any: one that changes it
/// when moved alone, else (only mixed samples differ) the first one.
std::optional<size_t> freeCulprit(const BlockCoster &Coster, const Binding &Known,
                                  const std::vector<FreeSample> &Samples, const SymbolPlan &Plan,
                                  UnknownCause &FailWhy) {
  std::vector<std::optional<double>> Passes;
  std::optional<size_t> OutsideUnder;
  for (const FreeSample &S : Samples) {
    BlockCost C = Coster.cost(merged(S.Values, Known), false);
    if (C.SampledOutOfBounds) {
      if (!OutsideUnder)
        OutsideUnder = S.Varied >= 0 ? static_cast<size_t>(S.Varied) : 0;
    } else if (!C.Ok && !C.Impossible && FailWhy.empty())
      FailWhy = C.Why; // not evaluated for some lane: unknown, never skipped
    Passes.push_back(C.Ok && C.Executed ? std::optional<double>(C.Passes) : std::nullopt);
  }
  if (!FailWhy.empty())
    return std::nullopt;
  if (OutsideUnder)
    return OutsideUnder;
  // One value that could be costed is no evidence that the others cost
  // the same.
  if (std::count_if(Passes.begin(), Passes.end(),
                    [](const std::optional<double> &P) { return P.has_value(); }) < 2)
    return 0;
  std::optional<double> Reference;
  bool Differs = false;
  for (const std::optional<double> &P : Passes)
    if (P) {
      if (!Reference)
        Reference = P;
      Differs |= !same(*P, *Reference);
    }
  if (!Differs)
    return std::nullopt;
  for (size_t Sym = 0; Sym < Plan.FreeNames.size(); ++Sym) {
    std::optional<double> Seen;
    for (size_t I = 0; I < Samples.size(); ++I) {
      if (!Passes[I] || (Samples[I].Varied != -1 && Samples[I].Varied != static_cast<int>(Sym)))
        continue;
      if (Seen && !same(*Seen, *Passes[I]))
        return Sym;
      Seen = Passes[I];
    }
  }
  return 0;
}

/// The cost moves with free symbol Sym: the value to give is Sym's, or that
/// of the symbol it is derived from (its hint).
UnknownCause dependsMessage(const SymbolPlan &Plan, size_t Sym) {
  const std::string &Name = Plan.FreeNames[Sym];
  const std::string &Desc = Plan.FreeDescriptions[Sym];
  std::string S = "depends on " + Desc;
  if (!Plan.FreeHints[Sym].empty())
    return assumeCause(S + ", which depends on " + Plan.FreeHintDescriptions[Sym],
                       Plan.FreeHints[Sym]);
  if (Desc.find("'" + Name + "'") == std::string::npos)
    S += " ('" + Name + "')";
  return assumeCause(S, Name);
}

double degreeOf(const BlockCost &C) { return conflictDegree(C.Passes, C.IdealPasses); }

std::string directionName(Direction D) {
  return D == Direction::Read ? "read" : D == Direction::Write ? "write" : "access";
}

} // namespace

namespace {

/// E * Scale split into a part without unknowns (Known) and terms that
/// hold one (Data, each with its byte scale), through sums, differences,
/// scaling by constants and widening casts. False if an unknown sits
/// anywhere else (under a shift by a variable, a mask, a division...).
bool splitDataTerms(const ExprRef &E, int64_t Scale, ExprRef &Known,
                    std::vector<std::pair<ExprRef, int64_t>> &Data) {
  std::string Ignored;
  if (!E->findUnknown(Ignored)) {
    ExprRef Part = LaneExpr::binary(BinaryOp::Mul, LaneExpr::cast(E, IntType::i64()),
                                    LaneExpr::constant(Scale, IntType::i64()), IntType::i64());
    Known = Known ? LaneExpr::binary(BinaryOp::Add, Known, Part, IntType::i64()) : Part;
    return true;
  }
  // Residues modulo a round of banks (at most 256 bytes) survive sums,
  // products and truncation to 16 bits or more; anything else holding an
  // unknown is one opaque value of the data, scaled.
  if (E->Ty.Bits < 16)
    return false;
  auto Opaque = [&] {
    Data.push_back({E, Scale});
    return true;
  };
  if (E->Kind == ExprKind::Cast && E->A && E->A->Ty.Bits >= 16)
    return splitDataTerms(E->A, Scale, Known, Data);
  if (E->Kind != ExprKind::Binary)
    return Opaque();
  auto ConstOf = [](const ExprRef &X) -> std::optional<int64_t> {
    if (X && X->isConstant())
      return X->Value;
    return std::nullopt;
  };
  switch (E->BOp) {
  case BinaryOp::Add:
    return splitDataTerms(E->A, Scale, Known, Data) && splitDataTerms(E->B, Scale, Known, Data);
  case BinaryOp::Sub:
    return splitDataTerms(E->A, Scale, Known, Data) && splitDataTerms(E->B, -Scale, Known, Data);
  case BinaryOp::Mul:
    if (std::optional<int64_t> C = ConstOf(E->B))
      return splitDataTerms(E->A, Scale * *C, Known, Data);
    if (std::optional<int64_t> C = ConstOf(E->A))
      return splitDataTerms(E->B, Scale * *C, Known, Data);
    return Opaque();
  case BinaryOp::Shl:
    if (std::optional<int64_t> C = ConstOf(E->B); C && *C >= 0 && *C < 32)
      return splitDataTerms(E->A, Scale * (int64_t(1) << *C), Known, Data);
    return Opaque();
  default:
    return Opaque();
  }
}

} // namespace

std::optional<AccessResult> ConflictAnalyzer::dataIndependent(const Access &A, const TargetModel &T,
                                                              const BankRule &Rule,
                                                              const Binding &Assumptions,
                                                              UnknownCause &Why) const {
  ExprRef Known;
  std::vector<std::pair<ExprRef, int64_t>> Data;
  if (!splitDataTerms(A.ByteOffset, 1, Known, Data) || !Known)
    return std::nullopt;
  const int64_t Round = int64_t(Rule.Banks) * 4;
  for (const auto &[Term, Scale] : Data)
    if (Scale % Round != 0)
      return std::nullopt; // moves lanes to other banks: really unknown
  Access K = A;
  K.ByteOffset = Known;
  K.ArrayBytes = 0; // where the data puts it is not known
  AccessResult R = analyze(K, T, Assumptions);
  if (R.Status != ResultStatus::Exact)
    return R;
  // Every binding the known part runs with, every value tried for a free
  // symbol included: no two lanes of one group on one bank, else data
  // could split a broadcast or join two words.
  SymbolPlan Plan = planSymbols(K, Assumptions);
  std::vector<FreeSample> Samples = freeSamples(Plan);
  for (const Binding &Combo : enumeratedBindings(Plan))
    for (const FreeSample &S : Samples) {
      std::vector<WaveAddresses> Waves;
      std::string Ignored;
      bool Undefined = false;
      if (!blockAddresses(K.ByteOffset, K.Predicate, K.Block, T.WaveSize,
                          merged(merged(S.Values, Plan.Fixed), Combo), Waves, Ignored,
                          &Undefined)) {
        if (Undefined)
          continue; // an impossible value, as in the cost
        return std::nullopt;
      }
      for (const WaveAddresses &W : Waves)
        for (const std::vector<unsigned> &G : Rule.Groups) {
          std::map<int64_t, unsigned> LaneOfBank;
          for (const WordRequest &Q : wordRequests(Rule, A.WidthBytes, W, G)) {
            auto [It, New] = LaneOfBank.emplace(Q.Bank, Q.Lane);
            if (!New && It->second != Q.Lane) {
              appendToCause(Why, "; lanes " + std::to_string(It->second) + " and " +
                                     std::to_string(Q.Lane) + " of one lane group ask bank " +
                                     std::to_string(Q.Bank) + ", so the value decides the cost");
              return std::nullopt;
            }
          }
        }
    }
  std::string Term;
  Data.front().first->findUnknown(Term);
  R.DataIndependence = "the data in the index (" + Term + "), scaled by " +
                       std::to_string(Data.front().second) + " bytes, a multiple of " +
                       std::to_string(Round) +
                       ", changes no lane's bank, and no two lanes of a group "
                       "share a bank";
  return R;
}

bool blockAddresses(const ExprRef &Offset, const ExprRef &Predicate, const BlockShape &Block,
                    unsigned WaveSize, const std::map<std::string, int64_t> &B,
                    std::vector<WaveAddresses> &Waves, std::string &Why, bool *Undefined,
                    const std::vector<std::string> *Sampled) {
  const auto &Dims = Block.Dims;
  const unsigned Threads = Block.threads();
  const unsigned NumWaves = (Threads + WaveSize - 1) / WaveSize;
  LaneEnv Env;
  for (unsigned D = 0; D < 3; ++D)
    Env.BlockDim[D] = Dims[D];
  Env.WaveSize = WaveSize;
  Env.Symbols = &B;
  Waves.assign(NumWaves, WaveAddresses());
  for (unsigned W = 0; W < NumWaves; ++W) {
    WaveAddresses &Wave = Waves[W];
    Wave.Bytes.assign(WaveSize, 0);
    Wave.Active.assign(WaveSize, false);
    for (unsigned L = 0; L < WaveSize; ++L) {
      unsigned Linear = W * WaveSize + L;
      if (Linear >= Threads)
        break;
      Env.ThreadIdx = {Linear % Dims[0], Linear / Dims[0] % Dims[1], Linear / (Dims[0] * Dims[1])};
      Env.LaneId = L;
      std::string LaneWhy;
      if (Predicate) {
        std::optional<int64_t> On = LaneEvaluator::eval(*Predicate, Env, &LaneWhy, Undefined);
        if (!On) {
          Why = LaneWhy + " in the condition guarding the access" + where(Env, B, Sampled);
          return false;
        }
        if (*On == 0)
          continue;
      }
      std::optional<int64_t> Byte = LaneEvaluator::eval(*Offset, Env, &LaneWhy, Undefined);
      if (!Byte) {
        Why = LaneWhy + " in the index" + where(Env, B, Sampled);
        return false;
      }
      Wave.Bytes[L] = *Byte;
      Wave.Active[L] = true;
    }
  }
  return true;
}

AccessResult ConflictAnalyzer::analyze(const Access &A, const TargetModel &T,
                                       const Binding &Assumptions) const {
  AccessResult Res;
  Res.Target = T.Name;
  auto Unknown = [&Res](UnknownCause Why) {
    Res.Status = ResultStatus::Unknown;
    Res.Reason = causeText(Why);
    Res.Cause = std::move(Why);
    return Res;
  };

  Direction Dir = directionOf(A.Kind);
  const BankRule *Rule = T.findRule(Dir, A.WidthBytes, A.Matrix);
  if (!Rule)
    return Unknown(plainCause("the bank model of " + T.Name + " has no rule for a " +
                              std::to_string(A.WidthBytes) + "-byte " + directionName(Dir)));
  Res.Banks = Rule->Banks;
  Res.RuleSource = Rule->Source;
  if (!A.ByteOffset)
    return Unknown(plainCause("the address of the access is not known"));
  UnknownCause Why;
  if (A.Predicate && A.Predicate->findUnknown(Why))
    return Unknown(Why);
  if (A.ByteOffset->findUnknown(Why)) {
    // `s[value * 128 + lane]`: data that moves each lane by whole rounds of
    // the banks cannot change the cost when no two lanes of a group share
    // a bank; otherwise the cost is unknown.
    if (std::optional<AccessResult> R = dataIndependent(A, T, *Rule, Assumptions, Why))
      return *R;
    return Unknown(Why);
  }
  if (A.Block.threads() == 0 || T.WaveSize == 0)
    return Unknown(plainCause("empty block or wave"));

  SymbolPlan Plan = planSymbols(A, Assumptions);
  std::vector<Binding> Combos = enumeratedBindings(Plan);
  std::vector<FreeSample> Samples = freeSamples(Plan);
  BlockCoster Coster(A, T, *Rule, Plan.FreeNames);

  std::vector<ComboCost> Costs;
  for (const Binding &Combo : Combos) {
    ComboCost C = costOfCombo(Coster, merged(Combo, Plan.Fixed), Samples);
    if (C.Cost.SampledOutOfBounds)
      return Unknown(dependsMessage(Plan, C.Varied >= 0 ? static_cast<size_t>(C.Varied) : 0));
    if (!C.Cost.Ok)
      return Unknown(C.Cost.Why);
    Costs.push_back(std::move(C));
  }

  // The worst binding, and whether the cost moves with the iteration.
  std::optional<size_t> Worst;
  std::optional<double> FirstPasses;
  for (size_t I = 0; I < Costs.size(); ++I) {
    const BlockCost &C = Costs[I].Cost;
    if (!C.Executed)
      continue;
    if (!FirstPasses)
      FirstPasses = C.Passes;
    Res.VariesWithIteration |= !same(C.Passes, *FirstPasses);
    // Equal cycles: the binding further from its ideal is the worse one
    // (fewer active lanes serialised just as much).
    if (!Worst || C.Passes > Costs[*Worst].Cost.Passes + Eps ||
        (same(C.Passes, Costs[*Worst].Cost.Passes) &&
         degreeOf(C) > degreeOf(Costs[*Worst].Cost) + Eps))
      Worst = I;
  }

  if (!Plan.FreeNames.empty()) {
    std::vector<size_t> Checked;
    size_t Stride = (Combos.size() + MaxFreeChecked - 1) / MaxFreeChecked;
    for (size_t I = 0; I < Combos.size(); I += Stride)
      Checked.push_back(I);
    if (Worst)
      Checked.push_back(*Worst);
    for (size_t I : Checked) {
      UnknownCause FailWhy;
      std::optional<size_t> Sym =
          freeCulprit(Coster, merged(Combos[I], Plan.Fixed), Samples, Plan, FailWhy);
      if (!FailWhy.empty())
        return Unknown(FailWhy);
      if (Sym)
        return Unknown(dependsMessage(Plan, *Sym));
    }
  }

  if (!Worst) // no lane of the block ever executes the access
    return Res;

  const ComboCost &W = Costs[*Worst];
  BlockCost Final = Coster.cost(W.Values, /*WantWitness=*/true);
  Res.Passes = Final.Passes;
  Res.ExecutingWaves = Final.ExecutingWaves;
  Res.BlockWaves = Final.Waves;
  Res.IdealPasses = Final.IdealPasses;
  Res.Degree = degreeOf(Final);
  Res.Witness = Final.Witness;
  if (Res.VariesWithIteration)
    for (const std::string &Name : Plan.EnumNames)
      Res.WorstBinding[Name] = W.Values.at(Name);

  // Each reading of a disputed row, at its own worst binding.
  Res.AlternativePasses.assign(Rule->Alternatives.size(), 0);
  for (const ComboCost &C : Costs)
    if (C.Cost.Executed)
      for (size_t I = 0; I < C.Cost.AlternativePasses.size(); ++I)
        Res.AlternativePasses[I] = std::max(Res.AlternativePasses[I], C.Cost.AlternativePasses[I]);
  return Res;
}

} // namespace lds
