//===- RaceCheck.h - Does moving loads earlier race with a store? ---------===//
//
// The proof a prefetch needs when the loop also stores through the pointer
// it loads from (barriers.md rule 2, "provenance or alias analysis proves
// disjointness"): the next iteration's loads move above this iteration's
// stores, so every pair of threads (a thread with itself included: its own
// store would be read too early) and every iteration is enumerated, and no
// store of iteration k may write an element a load of iteration k + 1 (on
// the last iteration, clamped: of k itself) reads. Addresses are LaneExpr
// element indexes, evaluated per lane with the LaneEvaluator. No Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_RACECHECK_H
#define LDS_ANALYSIS_RACECHECK_H

#include "analysis/AccessModel.h"

#include <map>
#include <string>
#include <vector>

namespace lds {

/// A global access of the loop: which pointer, which element (per lane,
/// in the symbols of the loop's counters), where.
struct IndexedAccess {
  std::string Pointer;
  ExprRef Index;
  SourceLoc Loc;
};

struct PrefetchRaceQuery {
  std::vector<IndexedAccess> Loads;  ///< moved: evaluated for the next iteration
  std::vector<IndexedAccess> Stores; ///< in the region they move across
  /// The symbols' values in each iteration, in order (the counters, and
  /// every other symbol the indexes use).
  std::vector<std::map<std::string, int64_t>> Iterations;
  std::array<unsigned, 3> Block = {1, 1, 1};
  unsigned WaveSize = 32;
  /// Whether the last iteration's clamped loads (which reread its own
  /// elements) race with its stores: only when they run after the wait,
  /// where no barrier orders them (before the wait, the wait orders them,
  /// and their values are never used).
  bool ClampedRaces = true;
};

struct PrefetchRace {
  enum Status { Proven, Race, Unknown } Result = Unknown;
  std::string Why; ///< Unknown: what could not be evaluated
  // Race: thread StoreThread's store Stores[Store] in iteration
  // StoreIteration writes element Element, which thread LoadThread's load
  // Loads[Load] for iteration LoadIteration reads.
  size_t Load = 0, Store = 0;
  unsigned LoadThread = 0, StoreThread = 0;
  size_t LoadIteration = 0, StoreIteration = 0;
  int64_t Element = 0;
  uint64_t PairsChecked = 0; ///< Proven: thread pairs times iterations
};

PrefetchRace checkPrefetchRace(const PrefetchRaceQuery &Q);

/// "thread 3 stores data[512] at line 11 in iteration 0, which thread 3
/// loads for iteration 1 at line 9: the prefetch would read it before the
/// store" (threads as x or (x, y, z)).
std::string describeRace(const PrefetchRaceQuery &Q, const PrefetchRace &R);

} // namespace lds

#endif
