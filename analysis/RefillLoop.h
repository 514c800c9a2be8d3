//===- RefillLoop.h - A loop that refills an LDS tile, and what may stop a prefetch -===//
//
// The facts of lds-exposed-write-latency (barriers.md): a loop whose body
// starts by storing values loaded from global memory into LDS, waits for
// them at once with a barrier, computes from LDS and ends with a barrier
// before the next refill. The fix issues the next iteration's global loads
// early, into registers, so they cross the two barriers and the compute:
// legal only under the rules for moving a statement across a barrier
// (barriers.md section 1, rules 1-7). The front end lists what it found in
// the loop as Hazards; this file says which rule each breaks and whether
// one forbids the move. No Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_REFILLLOOP_H
#define LDS_ANALYSIS_REFILLLOOP_H

#include "analysis/AccessModel.h"

#include <optional>
#include <string>
#include <vector>

namespace lds {

/// What in a refill loop can make the prefetch wrong, by the rule of
/// barriers.md it breaks.
enum class MoveHazard {
  LdsInMovedValue,  ///< rule 1: the stored value reads LDS, or a pointer that may point to it
  GlobalStore,      ///< rule 2: a store through a pointer in the loop
  Race,             ///< rule 2: the race check found the pair a move would make race
  Atomic,           ///< rule 2: an atomic in the loop
  Fence,            ///< rule 2: __threadfence*, a fence builtin
  LoopCarriedValue, ///< rule 3: the load uses a value the loop itself computes
  BarrierResult,    ///< rule 3: ... a __syncthreads_or/and/count result
  GuardedRefill,    ///< rule 3: the refill is under a condition
  Volatile,         ///< rule 4: a volatile access
  InlineAsm,        ///< rule 4
  UnknownCall,      ///< rule 4: a call not known to be pure
  CrossLane,        ///< rule 4: a shuffle, ballot, vote or DPP operation
  OtherBarrier,     ///< rule 4: a third barrier in the loop
  DivergentBarrier, ///< rule 5: a barrier under a condition
  NonUniformLoop,   ///< rule 5: the loop's condition differs between threads
  EarlyExit,        ///< rule 5: break, continue, return or goto in the loop
  Registers,        ///< rule 7: the prefetch lowers occupancy (found when compiled)
};

/// The rule of barriers.md section 1 a hazard breaks (1-7).
unsigned ruleOf(MoveHazard H);

struct Hazard {
  MoveHazard Kind = MoveHazard::UnknownCall;
  SourceLoc Loc;
  /// What the front end saw, as the message names it: "the store to 'C'",
  /// "'atomicAdd'", "'flag' (assigned at line 14)".
  std::string What;
  /// What the race check found out, when it ran and proved nothing
  /// ("the block shape is not known; pass --block").
  std::string Detail;
};

struct RefillLoop {
  std::string Kernel; ///< the function written in the source (a template's pattern)
  SourceLoc Loop;     ///< the `for`
  SourceLoc FirstStore;
  std::vector<std::string> Arrays;  ///< the LDS arrays refilled, in store order
  std::vector<std::string> Sources; ///< the global pointers they are loaded from
  SourceLoc Wait;                   ///< the barrier right after the stores
  SourceLoc Trailing;               ///< the barrier that ends the body
  /// Every moved load reads through a `const T* __restrict__`: the user's
  /// promise that nothing writes it during the kernel (rule 2, first way).
  bool LoadsRestrict = false;
  std::vector<Hazard> Hazards;
};

/// The hazard that forbids the prefetch (its index in L.Hazards), the first
/// in rule order, then in source order; none if the move is legal. A global
/// store does not forbid it when LoadsRestrict; atomics and fences always
/// do (rule 2: acquire/release chains through the barrier).
std::optional<size_t> blockingHazard(const RefillLoop &L);

/// "rule 2 of barriers.md: the store to 'C' at line 20 may write what the
/// next iteration's loads read".
std::string describeHazard(const Hazard &H);

/// Where the next iteration's loads go (issue 11): BeforeWait right after
/// the LDS stores, filling the gap before their wait (the Type B fix on AMD,
/// where the barrier waits only for LDS), AfterWait right after that
/// barrier, overlapping the compute.
enum class PrefetchPlacement { Auto, BeforeWait, AfterWait };
const char *placementName(PrefetchPlacement P); // "auto", "before-wait", "after-wait"

} // namespace lds

#endif
