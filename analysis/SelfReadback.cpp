//===- SelfReadback.cpp - Barriers between a thread's write and its own read //

#include "analysis/SelfReadback.h"
#include "analysis/LaneEvaluator.h"
#include "analysis/ThreadSpace.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>

namespace lds {

namespace {

/// Beyond this many evaluations the check gives up (and says so) rather
/// than make a run slow.
constexpr uint64_t MaxEvaluations = 50'000'000;
constexpr size_t MaxValuations = 4096;

bool blockScoped(const std::string &Symbol) {
  return Symbol.rfind("blockIdx.", 0) == 0 || Symbol.rfind("gridDim.", 0) == 0;
}

bool mentionsBlock(const LaneExpr &E) {
  bool Found = false;
  E.forEachSymbol([&](const std::string &N) { Found |= blockScoped(N); });
  return Found;
}

bool usesWave(const LaneExpr &E) {
  if (E.Kind == ExprKind::WaveSize || E.Kind == ExprKind::LaneId)
    return true;
  for (const ExprRef &C : {E.A, E.B, E.C})
    if (C && usesWave(*C))
      return true;
  return false;
}

/// An index as the sum of a part the same for every thread of one block
/// (terms of blockIdx / gridDim only, reached through additions and casts
/// that keep the width) and the rest: two indexes with the same such part
/// meet in a block exactly when their rests meet, whichever the block.
struct SplitIndex {
  ExprRef Rest;
  std::vector<std::string> BlockTerms; ///< sorted, as str()
  bool Ok = true;
};

ExprRef withoutBlockTerms(const ExprRef &E, std::vector<std::string> &Terms, bool &Ok) {
  if (!mentionsBlock(*E))
    return E;
  if (E->isUniform()) {
    Terms.push_back(E->str());
    return LaneExpr::constant(0, E->Ty);
  }
  if (E->Kind == ExprKind::Binary && E->BOp == BinaryOp::Add)
    return LaneExpr::binary(BinaryOp::Add, withoutBlockTerms(E->A, Terms, Ok),
                            withoutBlockTerms(E->B, Terms, Ok), E->Ty);
  if (E->Kind == ExprKind::Cast && E->A && E->A->Ty.Bits == E->Ty.Bits)
    return LaneExpr::cast(withoutBlockTerms(E->A, Terms, Ok), E->Ty);
  Ok = false;
  return E;
}

SplitIndex splitIndex(const ExprRef &E) {
  SplitIndex S;
  S.Rest = withoutBlockTerms(E, S.BlockTerms, S.Ok);
  std::sort(S.BlockTerms.begin(), S.BlockTerms.end());
  return S;
}

/// One access to enumerate: where it is, in which memory, which bytes.
struct Enumerated {
  std::string Space; ///< "LDS 's'", "global 'out'"
  std::string Name;  ///< "s" / "out", in messages
  std::vector<uint64_t> Dims; ///< of an LDS array, to name an element s[r][c]
  unsigned ElementBytes = 1;
  bool Write = false;
  ExprRef Bytes; ///< byte offset in Space, per thread
  unsigned Width = 1;
  ExprRef Predicate;
  const std::map<std::string, SymbolInfo> *Symbols = nullptr;
  SourceLoc Loc;
};

struct Cell {
  int Writer[2] = {-1, -1}; ///< two distinct writing threads
  int Reader[2] = {-1, -1}; ///< two distinct reading threads
  size_t WriterAccess = 0, ReaderAccess[2] = {0, 0};
};

void note(int (&Who)[2], int Thread, size_t *Access, size_t Index) {
  if (Who[0] < 0) {
    Who[0] = Thread;
    if (Access)
      Access[0] = Index;
  } else if (Who[0] != Thread && Who[1] < 0) {
    Who[1] = Thread;
    if (Access)
      Access[1] = Index;
  }
}

class RegionChecker {
public:
  RegionChecker(const Model &M, const ReadbackRegion &R, const std::vector<unsigned> &Waves)
      : M(M), R(R), Waves(Waves) {}

  ReadbackCheck run() {
    std::optional<BlockShape> Block;
    for (const Access &A : M.Accesses)
      if (A.Kernel == R.Kernel)
        Block = A.Block;
    if (!Block || Block->Source == BlockSource::Default)
      return unknown("the block shape is not known; pass --block");
    Shape = Block->Dims;
    // A pair found among the LDS accesses evaluated is a pair whatever the
    // rest: say that first. What is not evaluated only forbids a proof.
    std::string LdsWhy = collectLds();
    ReadbackCheck Lds = enumerate();
    if (Lds.Result != ReadbackCheck::Proven)
      return Lds;
    if (!LdsWhy.empty())
      return unknown(LdsWhy);
    for (size_t I = R.FirstStatement; I <= R.LastStatement; ++I)
      if (!M.Statements[I].Opaque.empty())
        return unknown(M.Statements[I].Opaque.front());
    All.clear();
    if (auto Why = collectGlobals(); !Why.empty())
      return unknown(Why);
    ReadbackCheck Global = enumerate();
    if (Global.Result == ReadbackCheck::Proven)
      Global.Detail = Lds.Detail; // the iterations are the LDS accesses'
    return Global;
  }

private:
  ReadbackCheck unknown(std::string Why) { return {ReadbackCheck::Unknown, std::move(Why)}; }

  /// Whether an access at Offset of File lies in the region.
  bool inRegion(const std::string &File, unsigned Offset) const {
    for (size_t I = R.FirstStatement; I <= R.LastStatement; ++I) {
      const KernelStatement &S = M.Statements[I];
      if (S.File == File && S.Begin <= Offset && Offset <= S.End)
        return true;
    }
    return false;
  }

  /// The LDS accesses in the region that can be enumerated; the reason
  /// the first one that cannot is not.
  std::string collectLds() {
    std::string First;
    for (const Access &A : M.Accesses) {
      if (A.Kernel != R.Kernel)
        continue;
      const SourceLoc &At = A.CallChain.empty() ? A.Loc : A.CallChain.front();
      if (!inRegion(At.File, At.Offset))
        continue;
      const SharedArray *Arr = M.findArray(A.ArrayId);
      std::string Why;
      if (!A.ByteOffset || A.ByteOffset->findUnknown(Why)) {
        if (First.empty())
          First = "the LDS access at line " + std::to_string(A.Loc.Line) + " is not evaluated" +
                  (Why.empty() ? "" : ": " + Why);
        continue;
      }
      Enumerated E;
      // Every dynamic array starts at the same address.
      bool Dynamic = Arr && Arr->Dynamic;
      E.Space = Dynamic ? "LDS (dynamic)" : "LDS " + A.ArrayId;
      E.Name = Arr ? Arr->Name : A.ArrayId;
      if (Arr && !Dynamic)
        E.Dims = Arr->Dims;
      E.ElementBytes = A.ElementBytes ? A.ElementBytes : 1;
      E.Write = A.Kind != AccessKind::Load;
      E.Bytes = A.ByteOffset;
      E.Width = A.WidthBytes;
      E.Predicate = A.Predicate;
      E.Symbols = &A.Symbols;
      E.Loc = A.Loc;
      All.push_back(std::move(E));
    }
    return First;
  }

  /// Global accesses: only pointers that something in the region stores
  /// through (or may, by aliasing) need enumerating.
  std::string collectGlobals() {
    std::vector<const GlobalAccess *> In;
    for (const GlobalAccess &G : M.Globals)
      if (G.Kernel == R.Kernel && inRegion(G.Loc.File, G.Loc.Offset))
        In.push_back(&G);
    bool AnyStore = false;
    for (const GlobalAccess *G : In)
      AnyStore |= G->Kind != AccessKind::Load;
    if (!AnyStore)
      return ""; // loads only: no pair of them conflicts
    auto At = [](const GlobalAccess &G) { return " at line " + std::to_string(G.Loc.Line); };
    for (const GlobalAccess *G : In)
      if (G->Pointer.empty() || !G->Why.empty())
        if (G->Kind != AccessKind::Load || !(G->Restrict && G->ConstPointee))
          return "the global " + std::string(accessKindName(G->Kind)) + At(*G) +
                 " cannot be placed: " + G->Why;
    // Through different pointers, a store meets another access only if the
    // two may alias: not when either is __restrict__.
    for (const GlobalAccess *S : In)
      for (const GlobalAccess *O : In)
        if (S->Kind != AccessKind::Load && O->Pointer != S->Pointer && !S->Restrict &&
            !O->Restrict)
          return "'" + S->Pointer + "' (stored" + At(*S) + ") and '" + O->Pointer + "' (" +
                 accessKindName(O->Kind) + At(*O) +
                 ") may point to the same memory: neither is __restrict__";
    std::map<std::string, std::vector<std::string>> BlockPart;
    for (const GlobalAccess *G : In) {
      bool Stored = false;
      for (const GlobalAccess *S : In)
        Stored |= S->Kind != AccessKind::Load && S->Pointer == G->Pointer;
      if (!Stored)
        continue; // read-only here, and no other pointer aliases it
      std::string Why;
      if (!G->Index || G->Index->findUnknown(Why))
        return "the index of the global " + std::string(accessKindName(G->Kind)) + At(*G) +
               " is not evaluated" + (Why.empty() ? "" : ": " + Why);
      SplitIndex S = splitIndex(G->Index);
      auto [It, New] = BlockPart.try_emplace(G->Pointer, S.BlockTerms);
      if (!S.Ok || mentionsBlock(*S.Rest) || (!New && It->second != S.BlockTerms))
        return "the indexes of '" + G->Pointer + "'" + At(*G) +
               " depend on blockIdx in a way the check does not enumerate";
      Enumerated E;
      E.Space = "global " + G->Pointer;
      E.Name = G->Pointer;
      E.ElementBytes = G->ElementBytes;
      E.Write = G->Kind != AccessKind::Load;
      E.Bytes = LaneExpr::mul(LaneExpr::cast(S.Rest, IntType::i64()),
                              LaneExpr::constant(G->ElementBytes, IntType::i64()));
      E.Width = G->ElementBytes;
      E.Predicate = G->Predicate && mentionsBlock(*G->Predicate) ? nullptr : G->Predicate;
      E.Symbols = &G->Symbols;
      E.Loc = G->Loc;
      All.push_back(std::move(E));
    }
    return "";
  }

  /// Every combination of the values of the symbols E reads.
  std::string valuations(const Enumerated &E, std::vector<std::map<std::string, int64_t>> &Out) {
    std::set<std::string> Names;
    auto Add = [&](const std::string &N) { Names.insert(N); };
    E.Bytes->forEachSymbol(Add);
    if (E.Predicate)
      E.Predicate->forEachSymbol(Add);
    Out = {{}};
    for (const std::string &N : Names) {
      auto It = E.Symbols->find(N);
      std::string At = " (line " + std::to_string(E.Loc.Line) + ")";
      if (It == E.Symbols->end() || It->second.Dom == SymbolInfo::Free)
        return "it depends on '" + N + "'" + At + "; pass --assume " + N + "=VALUE";
      if (!It->second.Note.empty())
        return It->second.Note + At;
      std::vector<std::map<std::string, int64_t>> Next;
      for (const auto &V : Out)
        for (int64_t X : It->second.Vals) {
          Next.push_back(V);
          Next.back()[N] = X;
        }
      if (Next.size() > MaxValuations)
        return "the access at line " + std::to_string(E.Loc.Line) + " has more than " +
               std::to_string(MaxValuations) + " combinations of values";
      Out = std::move(Next);
      if (It->second.IsLoopCounter)
        Iterations = std::max(Iterations, It->second.Vals.size());
    }
    return "";
  }

  ReadbackCheck enumerate() {
    const unsigned Threads = Shape[0] * Shape[1] * Shape[2];
    bool AnyWave = false;
    for (const Enumerated &E : All)
      AnyWave |= usesWave(*E.Bytes) || (E.Predicate && usesWave(*E.Predicate));
    std::vector<unsigned> WaveList = AnyWave ? Waves : std::vector<unsigned>{Waves.front()};
    std::vector<std::vector<std::map<std::string, int64_t>>> Vals(All.size());
    uint64_t Work = 0;
    for (size_t I = 0; I < All.size(); ++I) {
      if (std::string Why = valuations(All[I], Vals[I]); !Why.empty())
        return unknown(Why);
      Work += Vals[I].size() * uint64_t(Threads) * WaveList.size();
    }
    if (Work > MaxEvaluations)
      return unknown("it would take more than " + std::to_string(MaxEvaluations) +
                     " evaluations");
    for (unsigned Wave : WaveList) {
      std::map<std::string, std::unordered_map<int64_t, Cell>> Memory;
      for (size_t I = 0; I < All.size(); ++I) {
        const Enumerated &E = All[I];
        auto &Bytes = Memory[E.Space];
        for (const auto &V : Vals[I])
          for (unsigned T = 0; T < Threads; ++T) {
            LaneEnv Env = threadEnv(Shape, Wave, T, V);
            if (E.Predicate)
              if (auto On = LaneEvaluator::eval(*E.Predicate, Env); On && !*On)
                continue; // an inactive lane; one not evaluated counts as active
            std::string Why;
            auto B = LaneEvaluator::eval(*E.Bytes, Env, &Why);
            if (!B)
              return unknown("the address at line " + std::to_string(E.Loc.Line) +
                             " cannot be evaluated for thread " + threadName(Shape, T) + ": " +
                             Why);
            for (unsigned K = 0; K < E.Width; ++K) {
              Cell &C = Bytes[*B + K];
              if (E.Write) {
                if (C.Writer[0] < 0)
                  C.WriterAccess = I;
                note(C.Writer, int(T), nullptr, I);
              } else {
                note(C.Reader, int(T), C.ReaderAccess, I);
              }
            }
          }
      }
      // The lowest conflicting byte of the first space: the same message
      // every run.
      for (auto &[Space, Bytes] : Memory) {
        std::optional<int64_t> Lowest;
        for (auto &[Byte, C] : Bytes)
          if ((!Lowest || Byte < *Lowest) && conflict(Byte, C))
            Lowest = Byte;
        if (Lowest)
          return *conflict(*Lowest, Bytes[*Lowest]);
      }
    }
    ReadbackCheck Out;
    Out.Result = ReadbackCheck::Proven;
    Out.Detail = std::to_string(Threads) + " threads" +
                 (Iterations > 1 ? ", " + std::to_string(Iterations) + " iterations" : "");
    return Out;
  }

  std::optional<ReadbackCheck> conflict(int64_t Byte, const Cell &C) const {
    if (C.Writer[0] < 0)
      return std::nullopt;
    const Enumerated &W = All[C.WriterAccess];
    auto Element = [&](const Enumerated &E) {
      int64_t Flat = Byte / E.ElementBytes;
      std::string Subs;
      for (size_t D = E.Dims.size(); D-- > 1;) {
        Subs = "[" + std::to_string(Flat % int64_t(E.Dims[D])) + "]" + Subs;
        Flat /= int64_t(E.Dims[D]);
      }
      return E.Name + "[" + std::to_string(Flat) + "]" + Subs;
    };
    auto Line = [](const Enumerated &E) { return " at line " + std::to_string(E.Loc.Line); };
    if (C.Writer[1] >= 0)
      return ReadbackCheck{ReadbackCheck::Conflict,
                           "threads " + threadName(Shape, C.Writer[0]) + " and " +
                               threadName(Shape, C.Writer[1]) + " both write " + Element(W)};
    for (int K = 0; K < 2; ++K)
      if (C.Reader[K] >= 0 && C.Reader[K] != C.Writer[0]) {
        const Enumerated &Rd = All[C.ReaderAccess[K]];
        return ReadbackCheck{ReadbackCheck::Conflict,
                             "thread " + threadName(Shape, C.Writer[0]) + " writes " + Element(W) +
                                 Line(W) + ", which thread " + threadName(Shape, C.Reader[K]) +
                                 " reads" + Line(Rd)};
      }
    return std::nullopt;
  }

  const Model &M;
  const ReadbackRegion &R;
  const std::vector<unsigned> &Waves;
  std::array<unsigned, 3> Shape = {1, 1, 1};
  std::vector<Enumerated> All;
  size_t Iterations = 1;
};

bool fencesTheBlock(BarrierKind K) {
  return K == BarrierKind::SyncThreads || K == BarrierKind::SyncThreadsReduce ||
         K == BarrierKind::BlockSync;
}

/// The statement of Kernel holding barrier B, or npos.
size_t statementOf(const Model &M, const Barrier &B) {
  for (size_t I = 0; I < M.Statements.size(); ++I) {
    const KernelStatement &S = M.Statements[I];
    if (S.Kernel == B.Kernel && S.File == B.Loc.File && S.Begin <= B.Loc.Offset &&
        B.Loc.Offset <= S.End)
      return I;
  }
  return std::string::npos;
}

using Place = std::pair<std::string, unsigned>;

/// Why B is not a barrier this rule removes; empty when it is one.
std::string candidacy(const Barrier &B) {
  if (B.Kind != BarrierKind::SyncThreads && B.Kind != BarrierKind::BlockSync)
    return "only a plain __syncthreads() or block sync is removed";
  if (B.Conditional)
    return "it is under a condition";
  return "";
}

/// The statements barrier I no longer splits once gone: those between the
/// nearest barriers written in the kernel's braces that stay (not I, not
/// in Gone).
std::optional<ReadbackRegion> regionOf(const Model &M, size_t I, const std::set<size_t> &Gone) {
  const Barrier &B = M.Barriers[I];
  size_t Here = statementOf(M, B);
  if (Here == std::string::npos)
    return std::nullopt;
  auto Stays = [&](size_t S) {
    int Idx = M.Statements[S].Barrier;
    return Idx >= 0 && size_t(Idx) != I && M.Barriers[Idx].Kernel == B.Kernel &&
           fencesTheBlock(M.Barriers[Idx].Kind) && !M.Barriers[Idx].Conditional &&
           !Gone.count(size_t(Idx));
  };
  size_t First = Here, Last = Here;
  while (First > 0 && M.Statements[First - 1].Kernel == B.Kernel && !Stays(First - 1))
    --First;
  while (Last + 1 < M.Statements.size() && M.Statements[Last + 1].Kernel == B.Kernel &&
         !Stays(Last + 1))
    ++Last;
  return ReadbackRegion{B.Kernel, First, Last};
}

} // namespace

ReadbackCheck checkReadbackRegion(const Model &M, const ReadbackRegion &Region,
                                  const std::vector<unsigned> &WaveSizes) {
  if (WaveSizes.empty())
    return {ReadbackCheck::Unknown, "no target"};
  return RegionChecker(M, Region, WaveSizes).run();
}

ReadbackCheck checkReadbackBarrier(const Model &M, size_t I, const std::vector<unsigned> &WaveSizes) {
  if (std::string Why = candidacy(M.Barriers[I]); !Why.empty())
    return {ReadbackCheck::Unknown, Why};
  std::optional<ReadbackRegion> Region = regionOf(M, I, {});
  if (!Region)
    return {ReadbackCheck::Unknown, "its statement is not found"};
  return checkReadbackRegion(M, *Region, WaveSizes);
}

std::vector<ReadbackBarrier> findReadbackBarriers(const Model &M,
                                                  const std::vector<unsigned> &WaveSizes,
                                                  const std::set<size_t> &Removed,
                                                  const std::set<size_t> &Kept) {
  // Per instantiation, in source order; a place goes only if it goes in
  // every instantiation it is written in.
  std::map<Place, std::optional<ReadbackBarrier>> ByPlace;
  std::vector<Place> Order;
  std::set<size_t> Gone = Removed; // this instantiation's removals so far
  for (size_t I = 0; I < M.Barriers.size(); ++I) {
    const Barrier &B = M.Barriers[I];
    Place P{B.Loc.File, B.Loc.Offset};
    bool New = ByPlace.try_emplace(P).second;
    if (New)
      Order.push_back(P);
    auto Refuse = [&] { ByPlace[P].reset(); };
    std::string Why = candidacy(B);
    if (!Why.empty() || Removed.count(I) || Kept.count(I)) {
      Refuse();
      continue;
    }
    std::optional<ReadbackRegion> Region = regionOf(M, I, Gone);
    if (!Region) {
      Refuse();
      continue;
    }
    size_t First = Region->FirstStatement, Last = Region->LastStatement;
    ReadbackCheck C = checkReadbackRegion(M, *Region, WaveSizes);
    if (C.Result != ReadbackCheck::Proven) {
      Refuse();
      continue;
    }
    Gone.insert(I);
    ReadbackBarrier Found{I, C.Detail, M.Statements[First].Line, M.Statements[Last].EndLine};
    if (New)
      ByPlace[P] = Found;
  }
  std::vector<ReadbackBarrier> Out;
  for (const Place &P : Order)
    if (ByPlace[P])
      Out.push_back(*ByPlace[P]);
  return Out;
}

} // namespace lds
