//===- RedundantBarriers.cpp - Barriers that order nothing ----------------===//

#include "analysis/RedundantBarriers.h"
#include "analysis/SelfReadback.h"

#include <algorithm>
#include <set>

#include <map>
#include <optional>
#include <utility>

namespace lds {

namespace {

/// A barrier with release and acquire fences over the whole block.
bool fencesTheBlock(BarrierKind K) {
  return K == BarrierKind::SyncThreads || K == BarrierKind::SyncThreadsReduce ||
         K == BarrierKind::BlockSync;
}

using Place = std::pair<std::string, unsigned>; ///< file, offset

Place placeOf(const SourceLoc &L) { return {L.File, L.Offset}; }

/// In one kernel instantiation: the barrier at Prev's place.
const Barrier *barrierAt(const Model &M, const std::string &Kernel, const SourceLoc &Prev) {
  for (const Barrier &B : M.Barriers)
    if (B.Kernel == Kernel && placeOf(B.Loc) == placeOf(Prev))
      return &B;
  return nullptr;
}

/// Whether B, in its instantiation, may go: the barrier before it orders
/// all it orders.
std::optional<SourceLoc> orderedBefore(const Model &M, const Barrier &B) {
  // A barrier a macro spells is redundant all the same: reported; the fix
  // (BarrierRemoval) refuses to edit the macro and says so.
  if ((B.Kind != BarrierKind::SyncThreads && B.Kind != BarrierKind::BlockSync) ||
      !B.AfterOnlyRegisters.valid())
    return std::nullopt;
  const Barrier *Prev = barrierAt(M, B.Kernel, B.AfterOnlyRegisters);
  if (!Prev || !fencesTheBlock(Prev->Kind))
    return std::nullopt;
  return Prev->Loc;
}

std::vector<RedundantBarrier> backToBack(const Model &M) {
  // A place is redundant only if it is in every instantiation of its kernel
  // (an `if constexpr` may put other code between in another one).
  std::map<Place, std::optional<RedundantBarrier>> ByPlace;
  std::vector<Place> Order;
  for (size_t I = 0; I < M.Barriers.size(); ++I) {
    const Barrier &B = M.Barriers[I];
    std::optional<SourceLoc> Prev = orderedBefore(M, B);
    Place P = placeOf(B.Loc);
    auto [It, New] = ByPlace.try_emplace(P);
    if (New) {
      Order.push_back(P);
      if (Prev)
      {
        RedundantBarrier R;
        R.Barrier = I;
        R.Kept = *Prev;
        It->second = R;
      }
    } else if (!Prev || (It->second && placeOf(It->second->Kept) != placeOf(*Prev))) {
      It->second.reset();
    }
  }
  // The one kept for a run of them is its first: follow the chain back.
  std::vector<RedundantBarrier> Out;
  for (const Place &P : Order) {
    std::optional<RedundantBarrier> R = ByPlace[P];
    if (!R)
      continue;
    for (unsigned Guard = 0; Guard < M.Barriers.size(); ++Guard) {
      auto Before = ByPlace.find(placeOf(R->Kept));
      if (Before == ByPlace.end() || !Before->second)
        break;
      R->Kept = Before->second->Kept;
    }
    const std::string &Kernel = M.Barriers[R->Barrier].Kernel;
    for (size_t I = 0; I < M.Barriers.size(); ++I)
      if (M.Barriers[I].Kernel == Kernel && placeOf(M.Barriers[I].Loc) == placeOf(R->Kept))
        R->KeptBarrier = I;
    Out.push_back(*R);
  }
  return Out;
}

} // namespace

std::vector<RedundantBarrier> findRedundantBarriers(const Model &M,
                                                    const std::vector<unsigned> &WaveSizes) {
  std::vector<RedundantBarrier> Out = backToBack(M);
  if (WaveSizes.empty())
    return Out;
  // Every instantiation's index of each place, removed or kept.
  std::set<Place> RemovedAt, KeptAt;
  for (const RedundantBarrier &R : Out) {
    RemovedAt.insert(placeOf(M.Barriers[R.Barrier].Loc));
    KeptAt.insert(placeOf(R.Kept));
  }
  std::set<size_t> Removed, Kept;
  for (size_t I = 0; I < M.Barriers.size(); ++I) {
    if (RemovedAt.count(placeOf(M.Barriers[I].Loc)))
      Removed.insert(I);
    if (KeptAt.count(placeOf(M.Barriers[I].Loc)))
      Kept.insert(I);
  }
  for (const ReadbackBarrier &B : findReadbackBarriers(M, WaveSizes, Removed, Kept)) {
    RedundantBarrier R;
    R.Why = RedundantBarrier::SelfReadback;
    R.Barrier = R.KeptBarrier = B.Barrier;
    R.Proof = B.Proof;
    R.FirstLine = B.FirstLine;
    R.LastLine = B.LastLine;
    Out.push_back(R);
  }
  std::stable_sort(Out.begin(), Out.end(), [&](const RedundantBarrier &A, const RedundantBarrier &B) {
    return placeOf(M.Barriers[A.Barrier].Loc) < placeOf(M.Barriers[B.Barrier].Loc);
  });
  return Out;
}

std::vector<SingleWaveKernel> findSingleWaveKernels(const Model &M, unsigned NarrowestWave) {
  std::vector<SingleWaveKernel> Out;
  std::map<std::string, size_t> ByKernel;
  for (size_t I = 0; I < M.Barriers.size(); ++I) {
    auto [It, New] = ByKernel.try_emplace(M.Barriers[I].Kernel, Out.size());
    if (New)
      Out.push_back({I, 0, {}});
    ++Out[It->second].Barriers;
  }
  std::vector<SingleWaveKernel> Single;
  for (SingleWaveKernel &K : Out) {
    const Barrier &B = M.Barriers[K.FirstBarrier];
    // A template's instantiations may differ in their launches.
    if (B.Kernel.find('<') != std::string::npos || B.KernelBounded)
      continue;
    std::optional<BlockShape> Shape;
    bool Agree = true;
    for (const Access &A : M.Accesses)
      if (A.Kernel == B.Kernel) {
        if (Shape && Shape->Dims != A.Block.Dims)
          Agree = false;
        Shape = A.Block;
      }
    if (!Shape || !Agree)
      continue;
    bool Certain = Shape->Source == BlockSource::Cli || Shape->Source == BlockSource::Config ||
                   (Shape->Source == BlockSource::Launch && B.KernelInternal);
    if (Certain && Shape->threads() <= NarrowestWave) {
      K.Block = *Shape;
      Single.push_back(K);
    }
  }
  return Single;
}

std::string barrierIdentity(const Model &M, size_t I) {
  unsigned Ordinal = 0;
  for (size_t J = 0; J < I; ++J)
    Ordinal += M.Barriers[J].Kernel == M.Barriers[I].Kernel;
  return "barrier|" + M.Barriers[I].Kernel + "|" + std::to_string(Ordinal);
}

} // namespace lds
