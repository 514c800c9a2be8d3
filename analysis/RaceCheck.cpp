//===- RaceCheck.cpp - Does moving loads earlier race with a store? -------===//

#include "analysis/RaceCheck.h"
#include "analysis/LaneEvaluator.h"
#include "analysis/ThreadSpace.h"

#include <unordered_map>

namespace lds {

namespace {

LaneEnv laneOf(const PrefetchRaceQuery &Q, unsigned Linear,
               const std::map<std::string, int64_t> &Symbols) {
  return threadEnv(Q.Block, Q.WaveSize, Linear, Symbols);
}

std::string threadName(const PrefetchRaceQuery &Q, unsigned Linear) {
  return lds::threadName(Q.Block, Linear);
}

} // namespace

PrefetchRace checkPrefetchRace(const PrefetchRaceQuery &Q) {
  PrefetchRace R;
  const unsigned Threads = Q.Block[0] * Q.Block[1] * Q.Block[2];
  const size_t K = Q.Iterations.size();
  for (size_t It = 0; It < K; ++It) {
    // The loads moved above iteration It's stores are iteration It + 1's
    // (on the last iteration, clamped: It's own).
    size_t Next = It + 1 < K ? It + 1 : It;
    if (Next == It && !Q.ClampedRaces)
      continue;
    for (size_t S = 0; S < Q.Stores.size(); ++S) {
      // Element -> the first thread storing it.
      std::unordered_map<int64_t, unsigned> Written;
      for (unsigned T = 0; T < Threads; ++T) {
        std::string Why;
        auto V = LaneEvaluator::eval(*Q.Stores[S].Index, laneOf(Q, T, Q.Iterations[It]), &Why);
        if (!V) {
          R.Why = "the index of the store at line " + std::to_string(Q.Stores[S].Loc.Line) +
                  " cannot be evaluated: " + Why;
          return R;
        }
        Written.emplace(*V, T);
      }
      for (size_t L = 0; L < Q.Loads.size(); ++L) {
        if (Q.Loads[L].Pointer != Q.Stores[S].Pointer)
          continue;
        for (unsigned T = 0; T < Threads; ++T) {
          std::string Why;
          auto V = LaneEvaluator::eval(*Q.Loads[L].Index, laneOf(Q, T, Q.Iterations[Next]), &Why);
          if (!V) {
            R.Why = "the index of the load at line " + std::to_string(Q.Loads[L].Loc.Line) +
                    " cannot be evaluated: " + Why;
            return R;
          }
          auto W = Written.find(*V);
          if (W != Written.end()) {
            R.Result = PrefetchRace::Race;
            R.Load = L;
            R.Store = S;
            R.LoadThread = T;
            R.StoreThread = W->second;
            R.LoadIteration = Next;
            R.StoreIteration = It;
            R.Element = *V;
            return R;
          }
        }
        R.PairsChecked += uint64_t(Threads) * Threads;
      }
    }
  }
  R.Result = PrefetchRace::Proven;
  return R;
}

std::string describeRace(const PrefetchRaceQuery &Q, const PrefetchRace &R) {
  const IndexedAccess &S = Q.Stores[R.Store], &L = Q.Loads[R.Load];
  if (R.LoadIteration == R.StoreIteration)
    return "thread " + threadName(Q, R.StoreThread) + " stores " + S.Pointer + "[" +
           std::to_string(R.Element) + "] at line " + std::to_string(S.Loc.Line) +
           " in the last iteration (" + std::to_string(R.StoreIteration) + "), which thread " +
           threadName(Q, R.LoadThread) + " loads again there at line " +
           std::to_string(L.Loc.Line) + " (the clamped prefetch), with no barrier between";
  return "thread " + threadName(Q, R.StoreThread) + " stores " + S.Pointer + "[" +
         std::to_string(R.Element) + "] at line " + std::to_string(S.Loc.Line) + " in iteration " +
         std::to_string(R.StoreIteration) + ", which thread " + threadName(Q, R.LoadThread) +
         " loads for iteration " + std::to_string(R.LoadIteration) + " at line " +
         std::to_string(L.Loc.Line) + ": the prefetch would read it before the store";
}

} // namespace lds
