//===- PlanDescription.h - The plan of the chosen candidate, in words -----===//
//
// FixPlan's fields for the choice: costs, LDS, one TargetOutcome per target,
// and the one-line description ("pad rows 32 -> 33 floats: 32-way -> 1-way
// on gfx942 and gfx950, +128 B LDS, occupancy unchanged").
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PLANNER_PLANDESCRIPTION_H
#define LDS_PLANNER_PLANDESCRIPTION_H

#include "planner/CandidateScore.h"

namespace lds::planner {

/// Fills Plan (Found) with the chosen candidate S.
void describeChoice(const PlanInputs &In, const Evaluator &Ev, const Evaluation &Before,
                    const Scored &S, FixPlan &Plan);

} // namespace lds::planner

#endif
