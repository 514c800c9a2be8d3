//===- Candidates.h - The pads and swizzles tried, simplest first ---------===//
//
// The search of FixPlanner.h ("Search:"): pads P = k * step up to one bank
// cycle of the widest bank model; swizzles with every mask 2^k - 1 whose
// span fits, shifts 0..7; and, with Strategy::Auto, both at once.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PLANNER_CANDIDATES_H
#define LDS_PLANNER_CANDIDATES_H

#include "planner/Baseline.h"
#include "planner/SubscriptRange.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lds::planner {

struct Scored;

struct CandidateSet {
  std::vector<FixCandidate> Pads, Swizzles;
  std::vector<uint64_t> SwizzledColumns; ///< per swizzle: the columns it permutes
  std::string NoSwizzleWhy;              ///< why no swizzle fits, if none does
  /// Swizzles[FirstColumnSwizzle...] have a column term: scored only when no
  /// pad or row swizzle before them is conflict-free everywhere.
  size_t FirstColumnSwizzle = SIZE_MAX;
  /// The XOR unit of the widest access in elements (0: no swizzle fits the
  /// accesses' widths), and how far the lanes reach: for the general
  /// layouts (LinearSwizzleCandidates.cpp).
  unsigned SwizzleVec = 0;
  ColumnReach Reach;
};

/// The pads, smallest first (PadCandidates.cpp).
std::vector<FixCandidate> padCandidates(const PlanInputs &In);

/// Adds the swizzles, simplest first, to Set, or says in Set.NoSwizzleWhy
/// (and, for an access width that cannot be a unit, in Considered) why none
/// fits (SwizzleCandidates.cpp). Columns: how far the lanes reach, for
/// spans that do not divide the row.
void addSwizzleCandidates(const PlanInputs &In, const ColumnReach &Columns, CandidateSet &Set,
                          std::vector<std::string> &Considered);

/// The columns a layout permuting aligned groups of Span columns permutes:
/// the first whole spans of the row; nothing when a lane reaches past them.
std::optional<uint64_t> permutedColumns(const PlanInputs &In, const ColumnReach &Columns,
                                        uint64_t Span);

/// General linear XOR layouts (SwizzleParams::Terms), each with the columns
/// it permutes, simplest first, none that Known or Set already holds in
/// another form; the search's summary goes to Considered
/// (LinearSwizzleCandidates.cpp). With Pad, the layouts XOR inside rows
/// widened by Pad elements (PadSwizzle candidates), searched on the padded
/// addresses, none that Known holds with that pad. Where the matrices are
/// too many to enumerate, the greedy construction also starts from each of
/// SeedLayouts (structured layouts that nearly work).
std::vector<std::pair<FixCandidate, uint64_t>>
linearSwizzleCandidates(const PlanInputs &In, const CandidateSet &Set,
                        const std::vector<FixCandidate> &Known,
                        std::vector<std::string> &Considered, unsigned Pad = 0,
                        const std::vector<SwizzleParams> &SeedLayouts = {});

/// The pads a general layout is searched with (PadLinearCandidates.cpp):
/// of the scored pads Singles holds, those not refused for occupancy or an
/// unknown cost, the few smallest, smallest first.
std::vector<unsigned> padsForLinearSearch(const std::vector<Scored> &Singles);

/// The swizzles of the few lowest-cost admissible candidates that improve,
/// for the greedy construction to start from (PadLinearCandidates.cpp).
std::vector<SwizzleParams> linearSeeds(const std::vector<Scored> &Scored);

/// A pad and a swizzle at once, each with the columns its swizzle permutes,
/// from the single candidates Singles as scored, in the order Set made them
/// (SwizzleCandidates.cpp). Empty when a single candidate leaves every
/// access conflict-free.
std::vector<std::pair<FixCandidate, uint64_t>>
padSwizzleCandidates(const std::vector<Scored> &Singles, const CandidateSet &Set);

} // namespace lds::planner

#endif
