//===- PrefetchRace.h - The race check of a prefetch, on the AST ----------===//
//
// When the only thing that forbids a prefetch is a store of the loop
// through the very pointer the moved loads read (rule 2 of barriers.md: no
// other pointer can alias then, so disjoint indexes are a proof), the
// indexes become LaneExprs (IndexTranslator), the loop's iterations are
// counted from its init, condition and increment, and RaceCheck.h
// enumerates every pair of threads and every iteration. A proof removes the
// store's hazard (RaceProof says what was enumerated); a race names the
// pair in it; anything not evaluated leaves the refusal and says why.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_PREFETCHRACE_H
#define LDS_MATCHERS_PREFETCHRACE_H

#include "matchers/RefillLoopMatcher.h"

#include <array>
#include <map>
#include <optional>

namespace lds {

struct RaceSetting {
  /// The kernel's block shape, when known (not the default assumption).
  std::optional<std::array<unsigned, 3>> Block;
  unsigned WaveSize = 64;
  std::map<std::string, int64_t> Assumptions; ///< --assume
  /// The prefetch's loads run after the wait (RaceCheck.h: ClampedRaces).
  bool AfterWait = false;
};

/// Runs the race check on L if a store through the loaded pointer is what
/// blocks it; updates L's hazards and RaceProof.
void checkPrefetchRace(clang::ASTContext &Ctx, MatchedRefillLoop &L, const RaceSetting &S);

} // namespace lds

#endif
