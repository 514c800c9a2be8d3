//===- Choice.h - The best admissible candidate, or why there is none -----===//
//
// Rules 3 and 4 of FixPlanner.h: the lowest weighted cost, then the ties;
// the winner must map the elements one-to-one (isBijection).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PLANNER_CHOICE_H
#define LDS_PLANNER_CHOICE_H

#include "planner/CandidateScore.h"

#include <string>
#include <vector>

namespace lds::planner {

/// The admissible candidates that improve, best first.
std::vector<const Scored *> rankCandidates(const std::vector<Scored> &All, Strategy Strat);

/// The first of Ranked that is a bijection; each one that is not gets a
/// line in Considered. Null if none is.
const Scored *chooseBijection(const PlanInputs &In, const std::vector<const Scored *> &Ranked,
                              std::vector<std::string> &Considered);

/// Why nothing was chosen, per strategy: the refusal.
std::string nothingChosen(const PlanInputs &In, const std::vector<Scored> &All,
                          const CandidateSet &Set);

} // namespace lds::planner

#endif
