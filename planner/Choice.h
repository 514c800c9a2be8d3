//===- Choice.h - The best admissible candidate, or why there is none -----===//
//
// Rules 3 and 4 of FixPlanner.h: the lowest weighted cost, then the ties;
// the winner must map the elements one-to-one (isBijection) and be one the
// rewrite can write (RewriteQuery.h).
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

/// A and B are equally good by every key of rankCandidates but the order
/// they were tried in: only the code they compile to tells them apart.
bool equallyGood(const Scored &A, const Scored &B);

/// The first Want of Ranked that are bijections and that the rewrite can
/// write (PlanOptions::Rewriter), best first. Up to the first one taken,
/// each one that is not gets a line in Considered, and the first of each
/// kind that cannot be written goes to Refused, best first. Only
/// Strategy::Auto looks past a candidate that cannot be written.
std::vector<const Scored *> chooseWritable(const PlanInputs &In,
                                           const std::vector<const Scored *> &Ranked,
                                           size_t Want, std::vector<Unwritable> &Refused,
                                           std::vector<std::string> &Considered);

/// Why nothing was chosen, per strategy: the refusal. Refused: as
/// chooseWritable left it.
std::string nothingChosen(const PlanInputs &In, const std::vector<Scored> &All,
                          const CandidateSet &Set, const std::vector<Unwritable> &Refused);

} // namespace lds::planner

#endif
