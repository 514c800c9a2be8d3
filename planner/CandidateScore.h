//===- CandidateScore.h - One candidate costed and judged -----------------===//
//
// A candidate's layout, every access re-costed under it on every target
// (Evaluation.h), and whether it is admissible: rule 1 of FixPlanner.h (no
// access worse on any target) and rule 2 (occupancy, Occupancy.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PLANNER_CANDIDATESCORE_H
#define LDS_PLANNER_CANDIDATESCORE_H

#include "planner/Baseline.h"
#include "planner/Candidates.h"
#include "planner/Evaluation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lds::planner {

struct Scored {
  FixCandidate C;
  size_t Order = 0; ///< generation order: the simplest first
  Layout Lay;
  Evaluation Eval;
  std::string Rejected;       ///< why not admissible
  std::vector<CellRef> Worse;  ///< the accesses it makes worse, on each target
  std::vector<CellRef> Better; ///< and better
  bool OccupancyOnly = false; ///< rejected only for occupancy / capacity
  bool Improves = false;
  int64_t Growth = 0;
  std::vector<unsigned> BlocksAfter;
};

/// Candidate C (Permuted: the columns a swizzle permutes) against Before.
Scored scoreCandidate(const PlanInputs &In, const Evaluator &Ev, const Evaluation &Before,
                      const FixCandidate &C, uint64_t Permuted);

/// The weighted passes on target T before S and after it.
std::pair<double, double> targetCosts(const PlanInputs &In, const Scored &S, size_t T);

/// The --verbose line of S: "pad +1: gfx942 1-way, +512 B; rejected: ...".
std::string consideredLine(const PlanInputs &In, const Scored &S);

/// Every candidate of Set scored, in order (pads, swizzles, then with
/// Strategy::Auto pad and swizzle at once; then the swizzles with row and
/// column terms in their own units, the general layouts, and with
/// Strategy::Auto a pad with a general layout, each searched only when
/// nothing before is conflict-free everywhere), each with its line in
/// Considered.
std::vector<Scored> scoreCandidates(const PlanInputs &In, const Evaluator &Ev,
                                    const Evaluation &Before, const CandidateSet &Set,
                                    std::vector<std::string> &Considered);

} // namespace lds::planner

#endif
