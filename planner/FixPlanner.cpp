//===- FixPlanner.cpp - Search pads and swizzles, evaluate, choose --------===//
//
// Every candidate is evaluated the way `check` evaluates the source: each
// access's byte offset is rebuilt from its subscripts under the candidate's
// layout (relayout) and handed to the ConflictAnalyzer, for every target and,
// where a bank-model row is disputed, for each of its readings (a copy of the
// target with the row replaced by the alternative). The rules of the choice
// are in FixPlanner.h.
//
//===----------------------------------------------------------------------===//

#include "planner/FixPlanner.h"
#include "analysis/ConflictAnalyzer.h"
#include "analysis/LaneEvaluator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <set>
#include <tuple>

namespace lds {

namespace {

constexpr double Eps = 1e-9;
/// Elements enumerated by isBijection at most.
constexpr uint64_t MaxEnumerated = uint64_t(1) << 24;
/// Shifts of the row tried for a swizzle (further ones are skipped when the
/// row subscript's extent is known and has no such bits).
constexpr unsigned MaxShift = 7;

bool isPow2(uint64_t V) { return V && !(V & (V - 1)); }

/// Workgroups of Threads threads using Bytes of LDS that one CU holds: the
/// LDS budget (TargetModel::blocksPerCU, which also applies the workgroup
/// cap) and the wave slots (TargetModel::MaxWavesPerCU, unless PlanOptions
/// overrides it).
unsigned residentBlocks(const TargetModel &T, uint64_t Bytes, unsigned Threads,
                        const PlanOptions &Opts) {
  unsigned Blocks = T.blocksPerCU(static_cast<unsigned>(std::min<uint64_t>(Bytes, UINT32_MAX)));
  auto It = Opts.MaxWavesPerCU.find(T.Name);
  unsigned Waves = It != Opts.MaxWavesPerCU.end() ? It->second : T.MaxWavesPerCU;
  if (Waves && Threads && T.WaveSize) {
    unsigned PerBlock = (Threads + T.WaveSize - 1) / T.WaveSize;
    Blocks = std::min(Blocks, Waves / PerBlock);
  }
  return Blocks;
}

// ---- 64-bit expression builders ---------------------------------------------

ExprRef c64(int64_t V) { return LaneExpr::constant(V, IntType::i64()); }
ExprRef to64(const ExprRef &E) { return LaneExpr::cast(E, IntType::i64()); }
ExprRef op64(BinaryOp Op, ExprRef A, ExprRef B) {
  return LaneExpr::binary(Op, std::move(A), std::move(B), IntType::i64());
}
/// A * K, leaving out multiplications by 1 and terms times 0.
ExprRef scaled(const ExprRef &A, int64_t K) { return K == 1 ? A : op64(BinaryOp::Mul, A, c64(K)); }
ExprRef sum(const ExprRef &A, const ExprRef &B) {
  if (!A)
    return B;
  if (B->isConstant() && B->Value == 0)
    return A;
  return op64(BinaryOp::Add, A, B);
}

// ---- Text -------------------------------------------------------------------

std::string locText(const SourceLoc &L) {
  if (!L.valid())
    return "";
  return L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
}

/// "the load at f.hip:8:20" (or "a load" without a location).
std::string accessText(const Access &A) {
  std::string Loc = locText(A.Loc);
  return Loc.empty() ? std::string("a ") + accessKindName(A.Kind)
                     : std::string("the ") + accessKindName(A.Kind) + " at " + Loc;
}

std::string num(double V) {
  if (std::fabs(V - std::round(V)) < 1e-6)
    return std::to_string(static_cast<long long>(std::llround(V)));
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.2f", V);
  std::string S = Buf;
  while (S.back() == '0')
    S.pop_back();
  if (S.back() == '.')
    S.pop_back();
  return S;
}

std::string way(double Degree) { return num(Degree) + "-way"; }

/// "a", "a and b", "a, b and c"
std::string joinNames(const std::vector<std::string> &Names) {
  std::string S;
  for (size_t I = 0; I < Names.size(); ++I) {
    if (I)
      S += I + 1 == Names.size() ? " and " : ", ";
    S += Names[I];
  }
  return S;
}

std::string plural(const SharedArray &Array) {
  static const char *const Simple[] = {"float", "double", "int", "short", "long"};
  for (const char *S : Simple)
    if (Array.ElementType == S)
      return Array.ElementType + "s";
  return "elements";
}

std::string elemsText(uint64_t N, const SharedArray &Array) {
  return std::to_string(N) + " " +
         (N == 1 && plural(Array) != "elements" ? Array.ElementType
          : N == 1                              ? std::string("element")
                                                : plural(Array));
}

// ---- Evaluation -------------------------------------------------------------

struct Reading {
  double Passes = 0, Ideal = 0;
  double degree() const { return Ideal > 0 ? Passes / Ideal : 1; }
};

/// One access on one target: Readings[0] is the default reading, then one
/// per alternative of its disputed row.
struct Cell {
  bool Ok = true;
  std::string Why;
  std::vector<Reading> Readings;
};

struct Evaluation {
  bool Ok = true;
  std::string Why;
  SourceLoc WhyLoc;
  std::vector<std::vector<Cell>> Cells; ///< [target][access]
  double Cost = 0, AltCost = 0;
};

/// A target and, per access, the copies of it whose disputed row is
/// replaced by each alternative reading.
struct TargetCtx {
  const TargetModel *T = nullptr;
  std::vector<std::vector<const TargetModel *>> Variants; ///< [access]
  unsigned AltBanks = 0;
};

class Evaluator {
public:
  Evaluator(const std::vector<const Access *> &Accesses,
            const std::vector<const TargetModel *> &Targets, const BankModel &Model,
            const PlanOptions &Opts)
      : Accesses(Accesses), Analyzer(Model), Opts(Opts) {
    for (const TargetModel *T : Targets) {
      TargetCtx Ctx;
      Ctx.T = T;
      for (const Access *A : Accesses) {
        Ctx.Variants.emplace_back();
        const BankRule *Rule = T->findRule(directionOf(A->Kind), A->WidthBytes, A->Matrix);
        if (!Rule || Rule->Alternatives.empty())
          continue;
        size_t RuleIndex = static_cast<size_t>(Rule - T->Rules.data());
        for (size_t Alt = 0; Alt < Rule->Alternatives.size(); ++Alt) {
          auto Key = std::make_tuple(T, RuleIndex, Alt);
          auto It = VariantTargets.find(Key);
          if (It == VariantTargets.end()) {
            TargetModel V = *T;
            V.Rules[RuleIndex] = Rule->Alternatives[Alt];
            V.Rules[RuleIndex].Alternatives.clear();
            It = VariantTargets.emplace(Key, std::move(V)).first;
          }
          Ctx.Variants.back().push_back(&It->second);
          if (!Ctx.AltBanks)
            Ctx.AltBanks = Rule->Alternatives[Alt].Banks;
        }
      }
      Ctxs.push_back(std::move(Ctx));
    }
  }

  const std::vector<TargetCtx> &targets() const { return Ctxs; }

  static double weight(const Access &A) { return std::pow(8.0, std::min(A.LoopDepth, 6u)); }

  /// Evaluates the accesses with the byte offsets Offsets (one per access).
  Evaluation evaluate(const std::vector<ExprRef> &Offsets) const {
    Evaluation E;
    for (const TargetCtx &Ctx : Ctxs) {
      E.Cells.emplace_back();
      for (size_t I = 0; I < Accesses.size(); ++I) {
        Access Copy = *Accesses[I];
        Copy.ByteOffset = Offsets[I];
        Copy.ArrayBytes = 0; // the layout moves the array; it checks itself
        Cell C;
        auto Run = [&](const TargetModel &T) {
          AccessResult R = Analyzer.analyze(Copy, T, Opts.Assumptions);
          if (R.Status != ResultStatus::Exact && C.Ok) {
            C.Ok = false;
            C.Why = R.Reason + " (" + accessText(Copy) + ", " + T.Name + ")";
            if (E.Ok) {
              E.Ok = false;
              E.Why = C.Why;
              E.WhyLoc = Copy.Loc;
            }
          }
          C.Readings.push_back({R.Passes, R.IdealPasses});
        };
        Run(*Ctx.T);
        for (const TargetModel *V : Ctx.Variants[I])
          Run(*V);
        double W = weight(Copy);
        E.Cost += W * C.Readings[0].Passes;
        for (size_t R = 1; R < C.Readings.size(); ++R)
          E.AltCost += W * C.Readings[R].Passes;
        E.Cells.back().push_back(std::move(C));
      }
    }
    return E;
  }

  /// The first access that C makes worse than Base on some target (default
  /// reading), as a sentence; empty if none.
  std::string worse(const Evaluation &Base, const Evaluation &C) const {
    for (size_t T = 0; T < Ctxs.size(); ++T)
      for (size_t I = 0; I < Accesses.size(); ++I) {
        double B = Base.Cells[T][I].Readings[0].Passes;
        double A = C.Cells[T][I].Readings[0].Passes;
        if (A > B + Eps)
          return "makes " + accessText(*Accesses[I]) + " worse on " + Ctxs[T].T->Name + " (" +
                 num(B) + " -> " + num(A) + " passes)";
      }
    return "";
  }

private:
  const std::vector<const Access *> &Accesses;
  ConflictAnalyzer Analyzer;
  const PlanOptions &Opts;
  std::vector<TargetCtx> Ctxs;
  std::map<std::tuple<const TargetModel *, size_t, size_t>, TargetModel> VariantTargets;
};

/// Worst degree of the accesses on target T, default reading or (Alt) the
/// alternative readings (1 when there is none).
double worstDegree(const Evaluation &E, size_t T, bool Alt) {
  double Worst = 1;
  for (const Cell &C : E.Cells[T])
    for (size_t R = Alt ? 1 : 0; R < (Alt ? C.Readings.size() : 1); ++R)
      Worst = std::max(Worst, C.Readings[R].degree());
  return Worst;
}

bool hasAlternatives(const Evaluation &E, size_t T) {
  for (const Cell &C : E.Cells[T])
    if (C.Readings.size() > 1)
      return true;
  return false;
}

// ---- Do the subscripts name elements? -----------------------------------------

/// Checks that every lane's subscripts name an element of the array: each
/// at least 0 and below its extent (the row subscript of a dynamic array
/// has no known bound), and a vector access's elements inside one row. If
/// they do not (`tile[0][tid]` filling a whole tile, a flat index that is
/// not really row * W + column), a new layout would move the elements
/// under the access: the plan must refuse. Loop counters with known values
/// are enumerated (at most MaxBindings combinations, evenly spread), free
/// symbols take 0 and are named in FreeUsed. Lanes whose predicate or
/// subscripts cannot be evaluated are left to the analyzer.
/// Columns: grows to one past the last column any lane reaches; cleared
/// (Known = false) when that is not fully known (a free symbol, a lane that
/// cannot be evaluated, loop values sampled).
constexpr uint64_t MaxBindings = 256;

struct ColumnReach {
  uint64_t End = 0;
  bool Known = true;
};

std::string subscriptRangeProblem(const SharedArray &Array, const Access &A, const Layout &Base,
                                  const std::vector<unsigned> &WaveSizes, const PlanOptions &Opts,
                                  std::set<std::string> &FreeUsed, ColumnReach &Columns) {
  const std::vector<ExprRef> &Index = A.Subs.Index;
  const size_t N = Index.size();
  std::vector<uint64_t> Bound(N, 0); // 0: no upper bound known
  if (Base.Flat) {
    Bound[0] = Base.Elems ? Base.Rows : 0;
  } else {
    for (size_t D = 0; D < N; ++D)
      Bound[D] = Array.Dims[D];
  }
  Bound[N - 1] = Base.RowLength;
  const uint64_t Span = std::max<uint64_t>(1, A.WidthBytes / std::max(Array.ElementBytes, 1u));

  // The symbols the subscripts and the predicate read, and their values.
  std::set<std::string> Used;
  auto Collect = [&Used](const std::string &Name) { Used.insert(Name); };
  for (const ExprRef &E : Index)
    E->forEachSymbol(Collect);
  if (A.Predicate)
    A.Predicate->forEachSymbol(Collect);
  std::vector<std::string> Names;
  std::vector<std::vector<int64_t>> Values;
  for (const std::string &Name : Used) {
    Names.push_back(Name);
    if (auto It = Opts.Assumptions.find(Name); It != Opts.Assumptions.end()) {
      Values.push_back({It->second});
      continue;
    }
    auto It = A.Symbols.find(Name);
    if (It != A.Symbols.end() && !It->second.Vals.empty() && It->second.Dom != SymbolInfo::Free) {
      if (It->second.Dom == SymbolInfo::Assumed)
        Values.push_back({It->second.Vals.front()});
      else
        Values.push_back(It->second.Vals);
      continue;
    }
    FreeUsed.insert(Name);
    Columns.Known = false;
    Values.push_back({0});
  }
  uint64_t Total = 1;
  for (const std::vector<int64_t> &V : Values)
    Total = std::min<uint64_t>(Total * V.size(), uint64_t(1) << 40);
  const uint64_t Count = std::min(Total, MaxBindings);
  if (Count != Total)
    Columns.Known = false;

  const auto &Dims = A.Block.Dims;
  const unsigned Threads = A.Block.threads();
  std::map<std::string, int64_t> Binding;
  LaneEnv Env;
  for (unsigned D = 0; D < 3; ++D)
    Env.BlockDim[D] = Dims[D];
  Env.Symbols = &Binding;
  for (unsigned WaveSize : WaveSizes)
    for (uint64_t B = 0; B < Count; ++B) {
      uint64_t Pick = Count == Total ? B : B * Total / Count;
      for (size_t S = Names.size(); S-- > 0;) {
        Binding[Names[S]] = Values[S][Pick % Values[S].size()];
        Pick /= Values[S].size();
      }
      Env.WaveSize = WaveSize;
      for (unsigned L = 0; L < Threads; ++L) {
        Env.ThreadIdx = {L % Dims[0], L / Dims[0] % Dims[1], L / (Dims[0] * Dims[1])};
        Env.LaneId = WaveSize ? L % WaveSize : 0;
        if (A.Predicate) {
          std::optional<int64_t> On = LaneEvaluator::eval(*A.Predicate, Env);
          if (!On)
            Columns.Known = false;
          if (!On || *On == 0)
            continue;
        }
        for (size_t D = 0; D < N; ++D) {
          std::optional<int64_t> V = LaneEvaluator::eval(*Index[D], Env);
          if (!V) {
            Columns.Known = false;
            break;
          }
          uint64_t Last = D + 1 == N ? Span : 1;
          if (D + 1 == N && *V >= 0)
            Columns.End = std::max<uint64_t>(Columns.End, uint64_t(*V) + Last);
          if (*V >= 0 && (!Bound[D] || uint64_t(*V) + Last <= Bound[D]))
            continue;
          std::string Where = "threadIdx (" + std::to_string(Env.ThreadIdx[0]) + ", " +
                              std::to_string(Env.ThreadIdx[1]) + ", " +
                              std::to_string(Env.ThreadIdx[2]) + ")";
          for (const auto &KV : Binding)
            Where += ", " + KV.first + " = " + std::to_string(KV.second);
          std::string Which = D + 1 == N ? "column" : D + 2 == N ? "row" : "outer";
          std::string Limit = Bound[D] ? "[0, " + std::to_string(Bound[D]) + ")" : "[0, ...)";
          std::string Reach = std::to_string(*V);
          if (D + 1 == N && Last > 1)
            Reach += ".." + std::to_string(*V + static_cast<int64_t>(Last) - 1);
          if (Base.Flat) {
            // A 1-D array: the user wrote an index, not [row][column].
            std::string WS = std::to_string(Base.RowLength);
            std::string Idx =
                A.IndexText.empty() || A.Subs.Linear ? std::string() : " '" + A.IndexText + "'";
            std::string Part =
                D + 1 == N ? "the part added to the multiple of " + WS : "the multiple of " + WS;
            return "the index" + Idx + " of " + accessText(A) + " does not stay in one " +
                   "group of " + WS + " elements of '" + Array.Name + "' (" + Part + " reaches " +
                   Reach + " at " + Where + ", outside " + Limit +
                   "): a new stride would move what it reads";
          }
          return "the " + Which + " subscript of " + accessText(A) + " reaches " + Reach + " at " +
                 Where + ", outside " + Limit +
                 ": the access is not one element [row][column] of '" + Array.Name +
                 "', and a new layout would move what it reads";
        }
      }
    }
  return "";
}

// ---- Candidates --------------------------------------------------------------

struct Scored {
  FixCandidate C;
  size_t Order = 0; ///< generation order: the simplest first
  Layout Lay;
  Evaluation Eval;
  std::string Rejected;       ///< why not admissible
  bool OccupancyOnly = false; ///< rejected only for occupancy / capacity
  bool Improves = false;
  int64_t Growth = 0;
  std::vector<unsigned> BlocksAfter;
};

/// Alignment that the widest access needs, as a number of elements of pad.
unsigned padStep(const std::vector<const Access *> &Accesses, unsigned ElemBytes) {
  unsigned Step = 1;
  for (const Access *A : Accesses) {
    unsigned Align = A->WidthBytes & (~A->WidthBytes + 1); // lowest set bit
    if (Align > ElemBytes && ElemBytes)
      Step = std::max(Step, Align / std::gcd(Align, ElemBytes));
  }
  return Step;
}

std::string swizzleDescription(const SwizzleParams &S, unsigned ElemBytes) {
  unsigned Bits = 0;
  while ((1u << Bits) <= S.Mask)
    ++Bits;
  std::string Units = std::to_string(S.VecElems * ElemBytes) + "-byte units";
  std::string RowBits =
      Bits <= 1 ? "bit " + std::to_string(S.Shift)
                : "bits " + std::to_string(S.Shift) + "-" + std::to_string(S.Shift + Bits - 1);
  return "XOR-swizzle columns in " + Units + " with " + RowBits + " of the row";
}

/// True if every access is conflict-free on every target under every
/// reading: nothing can do better.
bool allIdeal(const Evaluation &E) {
  for (const auto &Row : E.Cells)
    for (const Cell &C : Row)
      for (const Reading &R : C.Readings)
        if (R.Passes > R.Ideal + Eps)
          return false;
  return true;
}

/// The rows as the user wrote them: "rows of 16 floats" for `tile[64][16]`,
/// "'s' indexed as r * 8 + c" for a 1-D array (whose rows the user never
/// declared).
std::string rowsText(const SharedArray &Array, const Layout &Base) {
  if (!Base.Flat)
    return "rows of " + elemsText(Base.RowLength, Array);
  return "'" + Array.Name + "' indexed as r * " + std::to_string(Base.RowLength) + " + c";
}

/// "padding rows by 1 float", "padding the stride 8 of 's' to 9".
std::string padText(const SharedArray &Array, const Layout &Base, unsigned P) {
  if (!Base.Flat)
    return "padding rows by " + elemsText(P, Array);
  return "padding the stride " + std::to_string(Base.RowLength) + " of '" + Array.Name + "' to " +
         std::to_string(Base.RowLength + P);
}

/// A candidate in the user's terms: "rows 16 -> 18 floats", "the stride
/// 8 of 's' -> 9", "XOR-swizzle columns in 4-byte units with bit 2 of the
/// row".
std::string candidateText(const FixCandidate &C, const SharedArray &Array, const Layout &Base) {
  std::string Pad = Base.Flat
                        ? "the stride " + std::to_string(Base.RowLength) + " of '" + Array.Name +
                              "' -> " + std::to_string(Base.RowLength + C.PadElems)
                        : "rows " + std::to_string(Base.RowLength) + " -> " +
                              std::to_string(Base.RowLength + C.PadElems) + " " + plural(Array);
  std::string Swz = swizzleDescription(C.Swz, Array.ElementBytes);
  return C.K == FixCandidate::Pad ? Pad : C.K == FixCandidate::Swizzle ? Swz : Pad + " and " + Swz;
}

/// Why no candidate of kind K was taken, from the lowest-cost one: "the
/// best, rows 16 -> 18 floats, makes the load at f.cu:9:5 worse on sm_90
/// (1 -> 2 passes)", or "none lowers the passes".
std::string bestAttempt(const std::vector<Scored> &All, FixCandidate::Kind K,
                        const SharedArray &Array, const Layout &Base) {
  const Scored *Best = nullptr;
  for (const Scored &S : All)
    if (S.C.K == K && S.Eval.Ok && !S.Rejected.empty() &&
        (!Best || S.Eval.Cost < Best->Eval.Cost - Eps))
      Best = &S;
  bool AnyImproves = false;
  for (const Scored &S : All)
    AnyImproves |= S.C.K == K && S.Improves;
  if (Best && AnyImproves)
    return "the best, " + candidateText(Best->C, Array, Base) + ", " + Best->Rejected;
  for (const Scored &S : All)
    if (S.C.K == K && !S.Eval.Ok)
      return "the cost of " + candidateText(S.C, Array, Base) + " is unknown: " + S.Eval.Why;
  return std::string(K == FixCandidate::Pad ? "no pad" : "no XOR swizzle") + " of " +
         rowsText(Array, Base) + " lowers the passes";
}

} // namespace

// ---- Public API -------------------------------------------------------------

FixCandidate FixCandidate::pad(unsigned Elems) {
  FixCandidate C;
  C.K = Pad;
  C.PadElems = Elems;
  return C;
}

FixCandidate FixCandidate::swizzle(unsigned Shift, unsigned Mask, unsigned VecElems) {
  FixCandidate C;
  C.K = Swizzle;
  C.Swz = {Shift, Mask, VecElems};
  return C;
}

FixCandidate FixCandidate::padSwizzle(unsigned Elems, const SwizzleParams &S) {
  FixCandidate C;
  C.K = PadSwizzle;
  C.PadElems = Elems;
  C.Swz = S;
  return C;
}

std::string FixCandidate::str() const {
  std::string Pad = "pad +" + std::to_string(PadElems);
  std::string Swizzle = "swizzle ((row >> " + std::to_string(Swz.Shift) + ") & " +
                        std::to_string(Swz.Mask) + ") * " + std::to_string(Swz.VecElems);
  return K == FixCandidate::Pad ? Pad : K == FixCandidate::Swizzle ? Swizzle : Pad + ", " + Swizzle;
}

Layout layoutOf(const SharedArray &Array, const FixCandidate &C, uint64_t FlatRowLength,
                uint64_t Rows) {
  Layout L;
  const uint64_t P = C.pads() ? C.PadElems : 0;
  const std::vector<uint64_t> &Dims = Array.Dims;
  const bool Unsized = Array.Dynamic || (!Dims.empty() && Dims[0] == 0);
  if (Dims.empty()) {
    L.Why = "'" + Array.Name + "' is not an array";
    return L;
  }
  if (FlatRowLength) {
    if (Dims.size() != 1) {
      L.Why = "'" + Array.Name + "' has " + std::to_string(Dims.size()) +
              " dimensions but is indexed as a flat row-major array";
      return L;
    }
    L.Flat = true;
    L.RowLength = FlatRowLength;
    L.NewRowLength = FlatRowLength + P;
    L.Elems = Unsized ? Rows * FlatRowLength : Dims[0];
    L.Rows = (L.Elems + FlatRowLength - 1) / FlatRowLength;
    L.RowExtent = L.Rows;
    L.NewElems = L.Elems + L.Rows * P;
    L.NewDims = {Unsized ? 0 : L.NewElems};
    L.Ok = true;
    return L;
  }
  if (Dims.size() < 2) {
    L.Why = "'" + Array.Name + "' is one-dimensional and not indexed as row * W + column";
    return L;
  }
  for (size_t D = 1; D < Dims.size(); ++D)
    if (Dims[D] == 0) {
      L.Why = "an inner extent of '" + Array.Name + "' is not known";
      return L;
    }
  L.RowLength = Dims.back();
  L.NewRowLength = Dims.back() + P;
  L.RowExtent = Dims[Dims.size() - 2];
  uint64_t Outer = Dims[0] ? Dims[0] : Rows;
  if (Dims.size() == 2 && !Dims[0])
    L.RowExtent = Rows;
  uint64_t RowsTotal = Outer;
  for (size_t D = 1; D + 1 < Dims.size(); ++D)
    RowsTotal *= Dims[D];
  L.Rows = RowsTotal;
  L.Elems = RowsTotal * L.RowLength;
  L.NewElems = RowsTotal * L.NewRowLength;
  L.NewDims = Dims;
  L.NewDims.back() = L.NewRowLength;
  L.Ok = true;
  return L;
}

ExprRef relayout(const SharedArray &Array, const Access &A, const FixCandidate &C) {
  const Subscripts &S = A.Subs;
  if (!S.Valid || S.Index.empty())
    return nullptr;
  for (const ExprRef &E : S.Index)
    if (!E)
      return nullptr;
  Layout L = layoutOf(Array, C, S.FlatRowLength, 0);
  if (!L.Ok)
    return nullptr;
  const size_t N = S.Index.size();
  if (L.Flat ? N != 2 : N != Array.Dims.size())
    return nullptr;

  std::vector<ExprRef> Idx;
  for (const ExprRef &E : S.Index)
    Idx.push_back(to64(E));
  if (C.swizzles()) {
    const SwizzleParams &Z = C.Swz;
    ExprRef Row = Idx[N - 2];
    ExprRef Bits =
        op64(BinaryOp::And, Z.Shift ? op64(BinaryOp::Shr, Row, c64(Z.Shift)) : Row, c64(Z.Mask));
    Idx[N - 1] = op64(BinaryOp::Xor, Idx[N - 1], scaled(Bits, Z.VecElems));
  }

  // Element strides of the new layout, innermost last.
  std::vector<int64_t> Stride(N, 1);
  if (L.Flat)
    Stride[0] = static_cast<int64_t>(L.NewRowLength);
  else
    for (size_t D = N - 1; D-- > 0;)
      Stride[D] = Stride[D + 1] * static_cast<int64_t>(L.NewDims[D + 1]);

  ExprRef Elem;
  for (size_t D = 0; D < N; ++D)
    Elem = sum(Elem, scaled(Idx[D], Stride[D]));
  ExprRef Bytes = scaled(Elem, Array.ElementBytes);
  if (S.InnerBytes)
    Bytes = sum(Bytes, to64(S.InnerBytes));
  return Bytes;
}

bool isBijection(const SharedArray &Array, const FixCandidate &C, uint64_t FlatRowLength,
                 uint64_t Rows, std::string *Why, uint64_t Columns) {
  auto Fail = [Why](const std::string &S) {
    if (Why)
      *Why = S;
    return false;
  };
  Layout L = layoutOf(Array, C, FlatRowLength, Rows);
  if (!L.Ok)
    return Fail(L.Why);
  if (L.Elems == 0)
    return Fail("the number of rows of '" + Array.Name + "' is not known");
  if (L.Elems > MaxEnumerated || L.NewElems > MaxEnumerated)
    return Fail("'" + Array.Name + "' is too large to enumerate");

  // The extents enumerated, innermost last, and one symbol per subscript.
  std::vector<uint64_t> Extents;
  if (L.Flat)
    Extents = {L.Rows, FlatRowLength};
  else {
    Extents = Array.Dims;
    if (!Extents[0])
      Extents[0] = Rows;
  }
  const size_t N = Extents.size();
  Access Probe;
  Probe.Subs.Valid = true;
  Probe.Subs.FlatRowLength = FlatRowLength;
  std::vector<std::string> Names;
  for (size_t D = 0; D < N; ++D) {
    Names.push_back("__sub" + std::to_string(D));
    Probe.Subs.Index.push_back(LaneExpr::symbol(Names.back(), IntType::i64()));
  }
  ExprRef Offset = relayout(Array, Probe, C);
  if (!Offset)
    return Fail("the subscripts do not fit '" + Array.Name + "'");

  const unsigned Vec = C.swizzles() ? std::max(C.Swz.VecElems, 1u) : 1;
  // Columns no access reaches (past a swizzle's last whole span) are not
  // enumerated: nothing is stored there.
  const uint64_t RowLen = Extents[N - 1];
  const uint64_t Used = Columns && Columns < RowLen ? Columns : RowLen;
  const int64_t ElemBytes = Array.ElementBytes;
  std::vector<bool> Taken(L.NewElems, false);
  std::map<std::string, int64_t> Values;
  LaneEnv Env;
  Env.Symbols = &Values;
  std::vector<uint64_t> Sub(N, 0);
  auto Name = [&] {
    std::string S;
    for (uint64_t V : Sub)
      S += "[" + std::to_string(V) + "]";
    return "element " + S;
  };
  int64_t Previous = -1;
  for (uint64_t Linear = 0; Linear < L.Elems; ++Linear) {
    uint64_t Rest = Linear;
    for (size_t D = N; D-- > 0;) {
      Sub[D] = Rest % Extents[D];
      Rest /= Extents[D];
      Values[Names[D]] = static_cast<int64_t>(Sub[D]);
    }
    if (Sub[N - 1] >= Used)
      continue;
    std::string EvalWhy;
    std::optional<int64_t> Byte = LaneEvaluator::eval(*Offset, Env, &EvalWhy);
    if (!Byte)
      return Fail(Name() + ": " + EvalWhy);
    if (*Byte % ElemBytes != 0)
      return Fail(Name() + " maps to byte " + std::to_string(*Byte) +
                  ", not on an element boundary");
    int64_t New = *Byte / ElemBytes;
    if (New < 0 || static_cast<uint64_t>(New) >= L.NewElems)
      return Fail(Name() + " maps to element " + std::to_string(New) + ", outside the " +
                  std::to_string(L.NewElems) + " elements of the new layout");
    if (Taken[New])
      return Fail(Name() + " maps to element " + std::to_string(New) +
                  ", which another element already took");
    Taken[New] = true;
    if (Sub[N - 1] % Vec != 0 && New != Previous + 1)
      return Fail(Name() + " is separated from its group of " + std::to_string(Vec) + " elements");
    Previous = New;
  }
  return true;
}

/// The plan with the accesses' subscripts as given (one row length).
static FixPlan planForRowLength(const SharedArray &Array,
                                const std::vector<const Access *> &Accesses,
                                const std::vector<const TargetModel *> &Targets,
                                uint64_t KernelStaticLDSBytes, Strategy Strat,
                                const BankModel &Model, const PlanOptions &Opts) {
  FixPlan Plan;
  auto Refuse = [&Plan](const std::string &Why, SourceLoc Loc = {}) {
    Plan.Found = false;
    Plan.Refusal = Why;
    Plan.RefusalLoc = std::move(Loc);
    return Plan;
  };
  if (Accesses.empty())
    return Refuse("'" + Array.Name + "' has no access to re-evaluate");
  if (Targets.empty())
    return Refuse("no target to plan for");
  if (Array.ElementBytes == 0)
    return Refuse("the element size of '" + Array.Name + "' is not known");

  // 0. Every access must decompose, and all the same way.
  for (const Access *A : Accesses)
    if (!A->Subs.Valid)
      return Refuse((A->Subs.Why.empty() ? std::string("the index does not "
                                                       "decompose into subscripts")
                                         : A->Subs.Why) +
                        " (" + accessText(*A) + ")",
                    A->Loc);
  const uint64_t W = Accesses.front()->Subs.FlatRowLength;
  for (const Access *A : Accesses) {
    if (A->Subs.FlatRowLength != W)
      return Refuse(accessText(*A) + " uses rows of " + std::to_string(A->Subs.FlatRowLength) +
                        " elements where another access uses " + std::to_string(W),
                    A->Loc);
    size_t Want = W ? 2 : Array.Dims.size();
    if (A->Subs.Index.size() != Want)
      return Refuse(accessText(*A) + " has " + std::to_string(A->Subs.Index.size()) +
                        " subscripts, not " + std::to_string(Want),
                    A->Loc);
  }

  // The array before, and the budget it lives in.
  uint64_t RowUnit = W;
  if (!W && Array.Dims.size() >= 2) {
    RowUnit = 1;
    for (size_t D = 1; D < Array.Dims.size(); ++D)
      RowUnit *= Array.Dims[D];
  }
  const bool Unsized = Array.Dynamic || (!Array.Dims.empty() && Array.Dims[0] == 0);
  uint64_t DynRows = 0;
  if (Unsized && Opts.DynamicBytes && RowUnit)
    DynRows = (Opts.DynamicBytes / Array.ElementBytes + RowUnit - 1) / RowUnit;
  const Layout Base = layoutOf(Array, FixCandidate::pad(0), W, DynRows);
  if (!Base.Ok)
    return Refuse(Base.Why, Accesses.front()->Loc);
  const bool SizeKnown = Base.Elems != 0;
  Plan.ArrayBytesBefore = Base.Elems * Array.ElementBytes;
  uint64_t Total = KernelStaticLDSBytes;
  if (Unsized)
    Total += Opts.DynamicBytes;
  else
    Total = std::max(Total, Plan.ArrayBytesBefore);
  Plan.LDSBytesBefore = Total;
  Plan.OccupancyChecked = SizeKnown;

  // The baseline: the source as it is. It must be known everywhere, and the
  // subscripts must reproduce it.
  Evaluator Ev(Accesses, Targets, Model, Opts);
  std::vector<ExprRef> Original, Identity;
  for (const Access *A : Accesses) {
    Original.push_back(A->ByteOffset);
    Identity.push_back(relayout(Array, *A, FixCandidate::pad(0)));
    if (!Identity.back())
      return Refuse("the subscripts of " + accessText(*A) + " do not fit '" + Array.Name + "'",
                    A->Loc);
  }
  Evaluation Before = Ev.evaluate(Original);
  if (!Before.Ok)
    return Refuse("cost unknown: " + Before.Why, Before.WhyLoc);
  {
    Evaluation Check = Ev.evaluate(Identity);
    for (size_t T = 0; T < Targets.size() && Check.Ok; ++T)
      for (size_t I = 0; I < Accesses.size(); ++I)
        if (std::fabs(Check.Cells[T][I].Readings[0].Passes -
                      Before.Cells[T][I].Readings[0].Passes) > Eps)
          return Refuse("the subscripts of " + accessText(*Accesses[I]) +
                            " do not reproduce its address",
                        Accesses[I]->Loc);
    if (!Check.Ok)
      return Refuse("cost unknown: " + Check.Why, Check.WhyLoc);
  }
  bool AnyConflict = false;
  for (const auto &Row : Before.Cells)
    for (const Cell &C : Row)
      AnyConflict |= C.Readings[0].Passes > C.Readings[0].Ideal + Eps;
  if (!AnyConflict)
    return Refuse("no bank conflict to remove");

  // Every lane's subscripts must name an element, or a new layout would
  // move the data under the access.
  ColumnReach Columns;
  {
    std::vector<unsigned> WaveSizes;
    for (const TargetModel *T : Targets)
      if (std::find(WaveSizes.begin(), WaveSizes.end(), T->WaveSize) == WaveSizes.end())
        WaveSizes.push_back(T->WaveSize);
    std::set<std::string> FreeUsed;
    for (const Access *A : Accesses) {
      std::string Problem =
          subscriptRangeProblem(Array, *A, Base, WaveSizes, Opts, FreeUsed, Columns);
      if (!Problem.empty())
        return Refuse(Problem, A->Loc);
    }
    for (const std::string &Name : FreeUsed)
      Plan.Considered.push_back("subscript ranges checked with " + Name +
                                " = 0 only (its value is not known)");
  }

  unsigned Threads = 0;
  for (const Access *A : Accesses)
    Threads = std::max(Threads, A->Block.threads());
  std::vector<unsigned> BlocksBefore;
  for (const TargetModel *T : Targets)
    BlocksBefore.push_back(residentBlocks(*T, Total, Threads, Opts));

  // The candidates, simplest first.
  std::vector<FixCandidate> Pads, Swizzles;
  std::vector<uint64_t> SwizzledColumns; ///< per swizzle: the columns it permutes
  std::string NoSwizzleWhy;
  unsigned MaxWidth = 0;
  for (const Access *A : Accesses)
    MaxWidth = std::max(MaxWidth, A->WidthBytes);
  if (Strat != Strategy::Swizzle) {
    unsigned MaxBanks = 0;
    for (const TargetModel *T : Targets)
      for (const BankRule &R : T->Rules) {
        MaxBanks = std::max(MaxBanks, R.Banks);
        for (const BankRule &Alt : R.Alternatives)
          MaxBanks = std::max(MaxBanks, Alt.Banks);
      }
    uint64_t Bound = std::max<uint64_t>(1, MaxBanks * 4 / Array.ElementBytes);
    Bound = std::min<uint64_t>(Bound, Base.RowLength);
    if (Opts.MaxPad)
      Bound = Opts.MaxPad;
    unsigned Step = padStep(Accesses, Array.ElementBytes);
    Bound = std::max<uint64_t>(Bound, Step);
    for (uint64_t P = Step; P <= Bound; P += Step)
      Pads.push_back(FixCandidate::pad(static_cast<unsigned>(P)));
  }
  if (Strat != Strategy::Pad) {
    unsigned Vec = 1;
    bool VecOk = true;
    if (MaxWidth > Array.ElementBytes) {
      VecOk = MaxWidth % Array.ElementBytes == 0 && isPow2(MaxWidth / Array.ElementBytes);
      Vec = VecOk ? MaxWidth / Array.ElementBytes : 1;
    }
    if (!VecOk) {
      NoSwizzleWhy = "the widest access (" + std::to_string(MaxWidth) +
                     " B) is not a power-of-two number of elements";
      Plan.Considered.push_back("no swizzle: " + NoSwizzleWhy);
    }
    const uint64_t L = Base.RowLength;
    // XOR units of the widest access first (the simplest swizzles), then
    // wider ones: when a wave covers a few columns of several rows (a 4x4
    // block on a row-major tile), XORing the low column bits only permutes
    // the columns a row already has, and the rows must be moved apart by
    // whole groups of columns instead.
    for (uint64_t Unit = Vec; VecOk && 2 * Unit <= L; Unit *= 2) {
      for (uint64_t Span = 2 * Unit; Span <= L; Span *= 2) {
        // A span that does not divide the row permutes its first whole
        // spans only: valid when no lane reaches past them.
        const uint64_t Permuted = L / Span * Span;
        if (Permuted != L && (!Columns.Known || Columns.End > Permuted))
          continue;
        unsigned Mask = static_cast<unsigned>(Span / Unit - 1);
        for (unsigned Shift = 0; Shift <= MaxShift; ++Shift) {
          if (Base.RowExtent) {
            uint64_t MaxRowBits = (Base.RowExtent - 1) >> Shift;
            if (MaxRowBits < (uint64_t(Mask) + 1) / 2)
              continue; // the top bit of the mask is never set: a smaller mask
          }
          Swizzles.push_back(FixCandidate::swizzle(Shift, Mask, static_cast<unsigned>(Unit)));
          SwizzledColumns.push_back(Permuted);
        }
      }
    }
    if (VecOk && Swizzles.empty())
      NoSwizzleWhy = "no XOR swizzle fits " + rowsText(Array, Base) + ": the " +
                     (Base.Flat ? "stride" : "row length") +
                     " must be a multiple of the XOR span (2, 4, 8, ...), or "
                     "every access stay in the columns of the whole spans";
  }
  if (Pads.empty() && Swizzles.empty()) {
    if (Strat == Strategy::Swizzle)
      return Refuse(NoSwizzleWhy);
    return Refuse("no padding or swizzle fits '" + Array.Name + "'");
  }

  // Evaluate a candidate.
  std::vector<Scored> All;
  auto Score = [&](const FixCandidate &C, uint64_t Permuted) {
    Scored S;
    S.C = C;
    S.Order = All.size();
    S.Lay = layoutOf(Array, S.C, W, DynRows);
    if (C.swizzles())
      S.Lay.SwizzledColumns = Permuted;
    std::vector<ExprRef> Offsets;
    for (const Access *A : Accesses)
      Offsets.push_back(relayout(Array, *A, S.C));
    S.Eval = Ev.evaluate(Offsets);
    S.Growth = static_cast<int64_t>((S.Lay.NewElems - S.Lay.Elems) * Array.ElementBytes);
    std::string Line = S.C.str() + ": ";
    if (!S.Eval.Ok) {
      S.Rejected = "cost unknown: " + S.Eval.Why;
    } else {
      S.Improves = S.Eval.Cost < Before.Cost - Eps;
      S.Rejected = Ev.worse(Before, S.Eval);
      if (S.Rejected.empty() && SizeKnown && S.Growth > 0)
        for (size_t T = 0; T < Targets.size(); ++T) {
          uint64_t After = Total + static_cast<uint64_t>(S.Growth);
          unsigned Blocks = residentBlocks(*Targets[T], After, Threads, Opts);
          S.BlocksAfter.push_back(Blocks);
          if (!S.Rejected.empty())
            continue;
          if (After > Targets[T]->LDSBytesPerBlock && BlocksBefore[T]) {
            S.Rejected = "exceeds the LDS of a block on " + Targets[T]->Name + " (" +
                         std::to_string(After) + " > " +
                         std::to_string(Targets[T]->LDSBytesPerBlock) + " B)";
            S.OccupancyOnly = true;
          } else if (Blocks < BlocksBefore[T]) {
            S.Rejected = "lowers the workgroups per CU on " + Targets[T]->Name + " from " +
                         std::to_string(BlocksBefore[T]) + " to " + std::to_string(Blocks);
            S.OccupancyOnly = true;
          }
        }
    }
    if (S.BlocksAfter.empty())
      S.BlocksAfter = BlocksBefore;
    for (size_t T = 0; T < Targets.size() && S.Eval.Ok; ++T) {
      Line += (T ? ", " : "") + Targets[T]->Name + " " + way(worstDegree(S.Eval, T, false));
      if (hasAlternatives(S.Eval, T))
        Line += " (" + way(worstDegree(S.Eval, T, true)) + " disputed)";
    }
    if (S.Eval.Ok && S.Growth)
      Line += ", +" + std::to_string(S.Growth) + " B";
    if (!S.Rejected.empty())
      Line += (S.Eval.Ok ? "; rejected: " : "rejected: ") + S.Rejected;
    else if (!S.Improves)
      Line += "; no better";
    Plan.Considered.push_back(Line);
    All.push_back(std::move(S));
  };
  for (const FixCandidate &C : Pads)
    Score(C, 0);
  for (size_t I = 0; I < Swizzles.size(); ++I)
    Score(Swizzles[I], SwizzledColumns[I]);

  // Both at once, when no single candidate leaves every access
  // conflict-free under every reading: otherwise a second --fix on the
  // result would find the pad (or swizzle) this run did not write. A second
  // run starts from the chosen single candidate, one that improves: each
  // admissible swizzle that improves is combined with every pad, each
  // admissible pad that improves with every swizzle.
  if (Strat == Strategy::Auto && !Pads.empty() && !Swizzles.empty()) {
    bool SingleIdeal = false;
    for (const Scored &S : All)
      SingleIdeal |= S.Rejected.empty() && S.Improves && allIdeal(S.Eval);
    const size_t Singles = All.size();
    std::set<std::pair<unsigned, size_t>> Tried; // (pad, swizzle index)
    for (size_t I = 0; I < Singles && !SingleIdeal; ++I) {
      if (!All[I].Rejected.empty() || !All[I].Improves)
        continue;
      bool IsPad = I < Pads.size();
      for (size_t J = 0; J < (IsPad ? Swizzles.size() : Pads.size()); ++J) {
        size_t Swz = IsPad ? J : I - Pads.size();
        unsigned Pad = IsPad ? All[I].C.PadElems : Pads[J].PadElems;
        if (Tried.insert({Pad, Swz}).second)
          Score(FixCandidate::padSwizzle(Pad, Swizzles[Swz].Swz), SwizzledColumns[Swz]);
      }
    }
  }

  // Choose.
  std::vector<const Scored *> Ranked;
  for (const Scored &S : All)
    if (S.Rejected.empty() && S.Improves)
      Ranked.push_back(&S);
  auto Less = [Strat](const Scored *A, const Scored *B) {
    if (std::fabs(A->Eval.Cost - B->Eval.Cost) > Eps)
      return A->Eval.Cost < B->Eval.Cost;
    // hardware.md: conflict-free under every plausible reading of a
    // disputed row wins whenever such a fix exists, before the kind.
    if (std::fabs(A->Eval.AltCost - B->Eval.AltCost) > Eps)
      return A->Eval.AltCost < B->Eval.AltCost;
    // Auto: a pad, then a swizzle, then both (the fewest edits).
    if (Strat == Strategy::Auto && A->C.K != B->C.K)
      return A->C.K < B->C.K;
    if (A->Growth != B->Growth)
      return A->Growth < B->Growth;
    return A->Order < B->Order;
  };
  std::stable_sort(Ranked.begin(), Ranked.end(), Less);

  const Scored *Chosen = nullptr;
  uint64_t BijectionRows = DynRows;
  for (const Scored *S : Ranked) {
    uint64_t Rows = BijectionRows;
    if (Unsized && !Rows)
      Rows = S->C.swizzles() ? 2 * ((uint64_t(S->C.Swz.Mask) + 1) << S->C.Swz.Shift) : 2;
    std::string Why;
    if (isBijection(Array, S->C, W, Rows, &Why, S->Lay.SwizzledColumns)) {
      Chosen = S;
      break;
    }
    Plan.Considered.push_back(S->C.str() + ": not a bijection: " + Why);
  }

  if (!Chosen) {
    // Did a pad help but cost occupancy?
    const Scored *Blocked = nullptr;
    for (const Scored &S : All)
      if (S.OccupancyOnly && S.Improves && S.C.K == FixCandidate::Pad &&
          (!Blocked || S.Eval.Cost < Blocked->Eval.Cost - Eps))
        Blocked = &S;
    std::string PadWhy, SwizzleWhy;
    if (Blocked)
      PadWhy = padText(Array, Base, Blocked->C.PadElems) + " would remove conflicts but " +
               Blocked->Rejected;
    else if (!Pads.empty())
      PadWhy = bestAttempt(All, FixCandidate::Pad, Array, Base);
    if (!NoSwizzleWhy.empty())
      SwizzleWhy = NoSwizzleWhy;
    else if (!Swizzles.empty())
      SwizzleWhy = bestAttempt(All, FixCandidate::Swizzle, Array, Base);
    if (Strat == Strategy::Pad)
      return Refuse(Blocked ? PadWhy : "no padding removes the conflict: " + PadWhy);
    if (Strat == Strategy::Swizzle)
      return Refuse(!NoSwizzleWhy.empty() ? SwizzleWhy
                                          : "no swizzle removes the conflict: " + SwizzleWhy);
    return Refuse("padding is not possible: " + PadWhy +
                  "; a swizzle is not possible: " + SwizzleWhy);
  }
  // The plan.
  const Scored &S = *Chosen;
  Plan.Considered.push_back("chosen: " + S.C.str() + " (weighted passes " + num(Before.Cost) +
                            " -> " + num(S.Eval.Cost) + ")");
  Plan.Found = true;
  Plan.Choice = S.C;
  for (const Access *A : Accesses)
    Plan.Linear.push_back(A->Subs.Linear);
  Plan.CostBefore = Before.Cost;
  Plan.CostAfter = S.Eval.Cost;
  Plan.AltCostAfter = S.Eval.AltCost;
  Plan.NewLayout = S.Lay;
  if (SizeKnown) {
    Plan.ArrayBytesAfter = S.Lay.NewElems * Array.ElementBytes;
    Plan.LDSBytesAfter = Total + static_cast<uint64_t>(S.Growth);
  } else {
    Plan.LDSBytesAfter = Total;
  }
  for (size_t T = 0; T < Targets.size(); ++T) {
    TargetOutcome O;
    O.Target = Targets[T]->Name;
    for (size_t I = 0; I < Accesses.size(); ++I) {
      const Cell &B = Before.Cells[T][I], &A = S.Eval.Cells[T][I];
      O.PassesBefore += B.Readings[0].Passes;
      O.PassesAfter += A.Readings[0].Passes;
      for (size_t R = 1; R < A.Readings.size(); ++R) {
        if (O.AltPassesAfter.size() < R)
          O.AltPassesAfter.resize(R, 0);
        O.AltPassesAfter[R - 1] += A.Readings[R].Passes;
      }
    }
    O.DegreeBefore = worstDegree(Before, T, false);
    O.DegreeAfter = worstDegree(S.Eval, T, false);
    O.AltDegreeBefore = worstDegree(Before, T, true);
    O.AltDegreeAfter = worstDegree(S.Eval, T, true);
    O.AltBanks = hasAlternatives(S.Eval, T) ? Ev.targets()[T].AltBanks : 0;
    O.BlocksPerCUBefore = BlocksBefore[T];
    O.BlocksPerCUAfter = S.BlocksAfter[T];
    Plan.Outcomes.push_back(std::move(O));
  }

  // "32-way -> 1-way on gfx942 and gfx950", targets grouped by their change.
  auto Changes = [&Plan](bool Alt) {
    std::vector<std::pair<std::pair<double, double>, std::vector<std::string>>> Groups;
    for (const TargetOutcome &O : Plan.Outcomes) {
      if (Alt && !O.AltBanks)
        continue;
      std::pair<double, double> Key = Alt ? std::make_pair(O.AltDegreeBefore, O.AltDegreeAfter)
                                          : std::make_pair(O.DegreeBefore, O.DegreeAfter);
      auto It = std::find_if(Groups.begin(), Groups.end(), [&](const auto &G) {
        return std::fabs(G.first.first - Key.first) < Eps &&
               std::fabs(G.first.second - Key.second) < Eps;
      });
      if (It == Groups.end())
        Groups.push_back({Key, {O.Target}});
      else
        It->second.push_back(O.Target);
    }
    std::string Text;
    for (const auto &G : Groups) {
      if (!Text.empty())
        Text += ", ";
      double From = G.first.first, To = G.first.second;
      if (std::fabs(From - 1) < Eps && std::fabs(To - 1) < Eps)
        Text += "no conflict on " + joinNames(G.second);
      else if (std::fabs(From - To) < Eps)
        Text += way(From) + " unchanged on " + joinNames(G.second);
      else
        Text += way(From) + " -> " + way(To) + " on " + joinNames(G.second);
    }
    return Text;
  };

  std::string D;
  if (S.C.pads()) {
    D = "pad rows " + std::to_string(S.Lay.RowLength) + " -> " +
        std::to_string(S.Lay.NewRowLength) + " " + plural(Array);
    if (S.C.swizzles()) {
      D += " and " + swizzleDescription(S.C.Swz, Array.ElementBytes);
    }
    D += ": " + Changes(false);
    if (!SizeKnown)
      D += ", +" + elemsText(S.C.PadElems, Array) +
           " per row of dynamic LDS (the launch must pass the larger size), "
           "occupancy not checked";
    else {
      D += ", +" + std::to_string(S.Growth) + " B LDS";
      if (Unsized)
        D += " (the launch must pass " + std::to_string(Plan.ArrayBytesAfter) + " B)";
      D += ", occupancy unchanged";
    }
  } else {
    D = swizzleDescription(S.C.Swz, Array.ElementBytes) + ": " + Changes(false) + ", no extra LDS";
  }
  for (const TargetOutcome &O : Plan.Outcomes)
    if (O.AltBanks) {
      D += "; under the disputed " + std::to_string(O.AltBanks) + "-bank reading: " + Changes(true);
      break;
    }
  Plan.Description = std::move(D);
  return Plan;
}

/// A's subscripts read with row length W: its own when it is written so,
/// else the linear index it is (r * W' + c, or i), split as {i / W, i % W}.
static Access asRowsOf(const Access &A, uint64_t W) {
  Access V = A;
  if (A.Subs.FlatRowLength == W)
    return V;
  auto I64 = [](const ExprRef &E) { return LaneExpr::cast(E, IntType::i64()); };
  auto C = [](uint64_t K) { return LaneExpr::constant(static_cast<int64_t>(K), IntType::i64()); };
  ExprRef Linear = I64(A.Subs.Index[0]);
  if (A.Subs.FlatRowLength)
    Linear = LaneExpr::binary(
        BinaryOp::Add,
        LaneExpr::binary(BinaryOp::Mul, Linear, C(A.Subs.FlatRowLength), IntType::i64()),
        I64(A.Subs.Index[1]), IntType::i64());
  V.Subs.Index = {LaneExpr::binary(BinaryOp::Div, Linear, C(W), IntType::i64()),
                  LaneExpr::binary(BinaryOp::Rem, Linear, C(W), IntType::i64())};
  V.Subs.FlatRowLength = W;
  V.Subs.Linear = true;
  return V;
}

/// Plan A is better than plan B (both found).
static bool betterPlan(const FixPlan &A, const FixPlan &B, Strategy Strat) {
  if (std::fabs(A.CostAfter - B.CostAfter) > Eps)
    return A.CostAfter < B.CostAfter;
  if (std::fabs(A.AltCostAfter - B.AltCostAfter) > Eps)
    return A.AltCostAfter < B.AltCostAfter;
  if (Strat == Strategy::Auto && A.Choice.K != B.Choice.K)
    return A.Choice.K < B.Choice.K;
  return A.LDSBytesAfter < B.LDSBytesAfter;
}

FixPlan planFix(const SharedArray &Array, const std::vector<const Access *> &Accesses,
                const std::vector<const TargetModel *> &Targets, uint64_t KernelStaticLDSBytes,
                Strategy Strat, const BankModel &Model, const PlanOptions &Opts) {
  // A 1-D array whose accesses are written with different row lengths (or
  // some linearly): each written length is tried for all of them.
  std::vector<uint64_t> Lengths;
  std::map<uint64_t, const Access *> WrittenBy;
  bool Mixed = false;
  if (Array.Dims.size() == 1) {
    for (const Access *A : Accesses) {
      if (!A->Subs.Valid)
        return planForRowLength(Array, Accesses, Targets, KernelStaticLDSBytes, Strat, Model,
                                Opts); // refuses with its reason
      uint64_t W = A->Subs.FlatRowLength;
      Mixed |= W != Accesses.front()->Subs.FlatRowLength;
      if (W && !A->Subs.Linear && WrittenBy.emplace(W, A).second)
        Lengths.push_back(W);
    }
    if (Lengths.empty())
      for (const Access *A : Accesses)
        if (uint64_t W = A->Subs.FlatRowLength; W && WrittenBy.emplace(W, A).second)
          Lengths.push_back(W);
  }
  if (!Mixed || Lengths.empty())
    return planForRowLength(Array, Accesses, Targets, KernelStaticLDSBytes, Strat, Model, Opts);

  FixPlan Best;
  std::vector<std::string> Refusals;
  std::vector<std::string> Considered;
  for (uint64_t W : Lengths) {
    std::vector<Access> Views;
    for (const Access *A : Accesses)
      Views.push_back(asRowsOf(*A, W));
    std::vector<const Access *> Ptrs;
    for (const Access &V : Views)
      Ptrs.push_back(&V);
    FixPlan P = planForRowLength(Array, Ptrs, Targets, KernelStaticLDSBytes, Strat, Model, Opts);
    std::string As = "as r * " + std::to_string(W) + " + c (" + accessText(*WrittenBy[W]) + ")";
    for (const std::string &L : P.Considered)
      Considered.push_back(As + ": " + L);
    if (!P.Found) {
      Refusals.push_back(As + ": " + P.Refusal);
      if (!Best.Found && !Best.RefusalLoc.valid())
        Best.RefusalLoc = P.RefusalLoc;
      continue;
    }
    if (!Best.Found || betterPlan(P, Best, Strat))
      Best = std::move(P);
  }
  Best.Considered = std::move(Considered);
  if (!Best.Found) {
    std::string Why = "its accesses index '" + Array.Name + "' with different strides; ";
    for (size_t I = 0; I < Refusals.size(); ++I)
      Why += (I ? "; " : "") + Refusals[I];
    Best.Refusal = Why;
  }
  return Best;
}

} // namespace lds
