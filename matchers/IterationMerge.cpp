//===- IterationMerge.cpp - One access from the iterations of a loop ------===//

#include "matchers/IterationMerge.h"

#include "analysis/ExprShape.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace lds {

namespace {

/// Identifies one source access within an iteration.
using AccessKey =
    std::tuple<const clang::Expr *, std::vector<unsigned>, int /*kind*/, unsigned /*occurrence*/>;

AccessKey keyOf(const WalkedAccess &A, unsigned Occurrence) {
  std::vector<unsigned> Chain;
  for (clang::SourceLocation L : A.CallChain)
    Chain.push_back(L.getRawEncoding());
  return {A.Expr, Chain, static_cast<int>(A.Kind), Occurrence};
}

/// Builds `Sym == V[k] ? E[k] : (...)` over the iterations where E[k] is
/// set. The symbol only takes the loop's values, so the innermost default
/// can be any present iteration's expression; runs of equal expressions
/// need no test.
ExprRef selectByIteration(const std::vector<ExprRef> &E, const IterationSymbol &Sym,
                          ExprRef Default) {
  ExprRef Result = Default;
  ExprRef S = LaneExpr::symbol(Sym.Name, Sym.Ty);
  for (size_t K = E.size(); K-- > 0;) {
    if (!E[K] || sameExpr(E[K].get(), Result.get()))
      continue;
    ExprRef Test = LaneExpr::binary(BinaryOp::EQ, S, LaneExpr::constant(Sym.Values[K], Sym.Ty),
                                    IntType::boolean());
    Result = LaneExpr::select(Test, E[K], Result, E[K]->Ty);
  }
  return Result;
}

ExprRef lastPresent(const std::vector<ExprRef> &E) {
  for (size_t K = E.size(); K-- > 0;)
    if (E[K])
      return E[K];
  return nullptr;
}

void mergeSymbols(std::map<std::string, SymbolInfo> &Into,
                  const std::map<std::string, SymbolInfo> &From) {
  for (const auto &[Name, Info] : From) {
    auto [It, New] = Into.emplace(Name, Info);
    if (New || It->second.Dom != SymbolInfo::Values || Info.Dom != SymbolInfo::Values)
      continue;
    // An inner loop whose values depend on the outer iteration: all of
    // them (the guard is false where a pair does not run).
    for (int64_t V : Info.Vals)
      if (std::find(It->second.Vals.begin(), It->second.Vals.end(), V) == It->second.Vals.end())
        It->second.Vals.push_back(V);
  }
}

void mergeNotes(std::vector<std::string> &Into, const std::vector<std::string> &From) {
  for (const std::string &N : From)
    if (std::find(Into.begin(), Into.end(), N) == Into.end())
      Into.push_back(N);
}

/// The subscripts of the merged access: per dimension, the iteration's
/// index; invalid when the iterations do not agree on the array's units.
SubscriptTrack mergeTracks(const std::vector<const WalkedAccess *> &Per,
                           const IterationSymbol &Sym) {
  const WalkedAccess *First = nullptr;
  for (const WalkedAccess *A : Per)
    if (A) {
      if (!A->Track.Valid)
        return A->Track;
      if (!First)
        First = A;
      else if (A->Track.Units != First->Track.Units ||
               A->Track.InnerBytes != First->Track.InnerBytes) {
        SubscriptTrack T = First->Track;
        T.invalidate("an access that reaches the array through different "
                     "rows in different iterations of a loop");
        return T;
      }
    }
  SubscriptTrack T = First->Track;
  for (size_t D = 0; D < T.Index.size(); ++D) {
    std::vector<ExprRef> E(Per.size());
    for (size_t K = 0; K < Per.size(); ++K)
      if (Per[K])
        E[K] = Per[K]->Track.Index[D];
    T.Index[D] = selectByIteration(E, Sym, lastPresent(E));
  }
  return T;
}

WalkedAccess mergeOne(const std::vector<const WalkedAccess *> &Per, const IterationSymbol &Sym) {
  const WalkedAccess *First = *std::find_if(Per.begin(), Per.end(), [](auto *A) { return A; });
  WalkedAccess M = *First;
  std::vector<ExprRef> Offsets(Per.size()), Guards(Per.size());
  bool AllPresent = true;
  ExprRef True = LaneExpr::constant(1, IntType::boolean());
  for (size_t K = 0; K < Per.size(); ++K) {
    if (!Per[K]) {
      AllPresent = false;
      Guards[K] = LaneExpr::constant(0, IntType::boolean());
      continue;
    }
    Offsets[K] = Per[K]->ByteOffset;
    Guards[K] = Per[K]->Predicate ? Per[K]->Predicate : True;
    mergeSymbols(M.Symbols, Per[K]->Symbols);
    mergeNotes(M.Notes, Per[K]->Notes);
  }
  M.ByteOffset = selectByIteration(Offsets, Sym, lastPresent(Offsets));
  ExprRef Guard = selectByIteration(
      Guards, Sym, AllPresent ? Guards.back() : LaneExpr::constant(0, IntType::boolean()));
  M.Predicate = Guard->isConstant() && Guard->Value ? nullptr : Guard;
  M.Track = mergeTracks(Per, Sym);
  M.Symbols[Sym.Name] = Sym.Info;
  return M;
}

} // namespace

std::vector<WalkedAccess> mergeIterations(const std::vector<std::vector<WalkedAccess>> &Iterations,
                                          const IterationSymbol &Sym) {
  std::vector<AccessKey> Order;
  std::map<AccessKey, std::vector<const WalkedAccess *>> ByKey;
  for (size_t K = 0; K < Iterations.size(); ++K) {
    std::map<AccessKey, unsigned> Seen;
    for (const WalkedAccess &A : Iterations[K]) {
      AccessKey Base = keyOf(A, 0);
      AccessKey Key = keyOf(A, Seen[Base]++);
      auto [It, New] = ByKey.try_emplace(Key, Iterations.size(), nullptr);
      if (New)
        Order.push_back(Key);
      It->second[K] = &A;
    }
  }
  std::vector<WalkedAccess> Merged;
  for (const AccessKey &Key : Order)
    Merged.push_back(mergeOne(ByKey[Key], Sym));
  return Merged;
}

} // namespace lds
