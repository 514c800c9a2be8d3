//===- Baseline.h - The array as the source has it, before any fix --------===//
//
// What every step of planning one row length reads (PlanInputs): the array,
// its accesses and targets, its layout before, the LDS budget it lives in
// and the workgroups per CU that budget allows; and the checks that refuse a
// plan before any candidate is tried (FixPlanner.h, rule 0).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PLANNER_BASELINE_H
#define LDS_PLANNER_BASELINE_H

#include "planner/Evaluation.h"
#include "planner/FixPlanner.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lds::planner {

/// Why the planner refuses, and the access that made it (if one did).
struct Refusal {
  std::string Why;
  SourceLoc Loc;
};

struct PlanInputs {
  PlanInputs(const SharedArray &Array, const std::vector<const Access *> &Accesses,
             const std::vector<const TargetModel *> &Targets, Strategy Strat,
             const PlanOptions &Opts)
      : Array(Array), Accesses(Accesses), Targets(Targets), Strat(Strat), Opts(Opts) {}

  const SharedArray &Array;
  const std::vector<const Access *> &Accesses;
  const std::vector<const TargetModel *> &Targets;
  Strategy Strat;
  const PlanOptions &Opts;
  uint64_t W = 0;                     ///< the accesses' flat row length (0: not flat)
  bool Unsized = false;               ///< dynamic, or an outermost extent of 0
  uint64_t DynRows = 0;               ///< rows of an unsized array whose bytes are known
  Layout Base;                        ///< the layout as declared (pad 0)
  bool SizeKnown = false;             ///< Base.Elems is known: occupancy can be checked
  uint64_t ArrayBytes = 0;            ///< the array before (0: unknown)
  uint64_t Total = 0;                 ///< the kernel's LDS per block before
  unsigned Threads = 0;               ///< the largest block of the accesses
  std::vector<unsigned> BlocksBefore; ///< per target: workgroups per CU before
};

/// Rule 0, before anything is costed: there are accesses, targets and an
/// element size, and every access decomposes, all the same way.
std::optional<Refusal> checkAccesses(const SharedArray &Array,
                                     const std::vector<const Access *> &Accesses,
                                     const std::vector<const TargetModel *> &Targets);

/// The array before, and the budget it lives in. !Base.Ok when the array
/// cannot be laid out as rows (Base.Why says why).
PlanInputs planInputs(const SharedArray &Array, const std::vector<const Access *> &Accesses,
                      const std::vector<const TargetModel *> &Targets,
                      uint64_t KernelStaticLDSBytes, Strategy Strat, const PlanOptions &Opts);

/// The baseline: the source as it is (Before). It must be known
/// everywhere, the subscripts must reproduce it, and it must conflict.
std::optional<Refusal> baseline(const PlanInputs &In, const Evaluator &Ev, Evaluation &Before);

} // namespace lds::planner

#endif
