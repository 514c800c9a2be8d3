//===- Baseline.cpp - The array as the source has it, before any fix ------===//

#include "planner/Baseline.h"
#include "planner/Occupancy.h"
#include "planner/PlanText.h"

#include <algorithm>
#include <cmath>

namespace lds::planner {

std::optional<Refusal> checkAccesses(const SharedArray &Array,
                                     const std::vector<const Access *> &Accesses,
                                     const std::vector<const TargetModel *> &Targets) {
  if (Accesses.empty())
    return Refusal{"'" + Array.Name + "' has no access to re-evaluate", {}};
  if (Targets.empty())
    return Refusal{"no target to plan for", {}};
  if (Array.ElementBytes == 0)
    return Refusal{"the element size of '" + Array.Name + "' is not known", {}};

  // 0. Every access must decompose, and all the same way.
  for (const Access *A : Accesses)
    if (!A->Subs.Valid)
      return Refusal{(A->Subs.Why.empty() ? std::string("the index does not "
                                                        "decompose into subscripts")
                                          : A->Subs.Why) +
                         " (" + accessText(*A) + ")",
                     A->Loc};
  const uint64_t W = Accesses.front()->Subs.FlatRowLength;
  for (const Access *A : Accesses) {
    if (A->Subs.FlatRowLength != W)
      return Refusal{accessText(*A) + " uses rows of " + std::to_string(A->Subs.FlatRowLength) +
                         " elements where another access uses " + std::to_string(W),
                     A->Loc};
    size_t Want = W ? 2 : Array.Dims.size();
    if (A->Subs.Index.size() != Want)
      return Refusal{accessText(*A) + " has " + std::to_string(A->Subs.Index.size()) +
                         " subscripts, not " + std::to_string(Want),
                     A->Loc};
  }
  return std::nullopt;
}

PlanInputs planInputs(const SharedArray &Array, const std::vector<const Access *> &Accesses,
                      const std::vector<const TargetModel *> &Targets,
                      uint64_t KernelStaticLDSBytes, Strategy Strat, const PlanOptions &Opts) {
  PlanInputs In(Array, Accesses, Targets, Strat, Opts);
  const uint64_t W = In.W = Accesses.front()->Subs.FlatRowLength;
  uint64_t RowUnit = W;
  if (!W && Array.Dims.size() >= 2) {
    RowUnit = 1;
    for (size_t D = 1; D < Array.Dims.size(); ++D)
      RowUnit *= Array.Dims[D];
  }
  In.Unsized = Array.Dynamic || (!Array.Dims.empty() && Array.Dims[0] == 0);
  if (In.Unsized && Opts.DynamicBytes && RowUnit)
    In.DynRows = (Opts.DynamicBytes / Array.ElementBytes + RowUnit - 1) / RowUnit;
  In.Base = layoutOf(Array, FixCandidate::pad(0), W, In.DynRows);
  if (!In.Base.Ok)
    return In;
  In.SizeKnown = In.Base.Elems != 0;
  In.ArrayBytes = In.Base.Elems * Array.ElementBytes;
  In.Total = KernelStaticLDSBytes;
  if (In.Unsized)
    In.Total += Opts.DynamicBytes;
  else
    In.Total = std::max(In.Total, In.ArrayBytes);

  for (const Access *A : Accesses)
    In.Threads = std::max(In.Threads, A->Block.threads());
  for (const TargetModel *T : Targets)
    In.BlocksBefore.push_back(residentBlocks(*T, In.Total, In.Threads, Opts));
  return In;
}

std::optional<Refusal> baseline(const PlanInputs &In, const Evaluator &Ev, Evaluation &Before) {
  std::vector<ExprRef> Original, Identity;
  for (const Access *A : In.Accesses) {
    Original.push_back(A->ByteOffset);
    Identity.push_back(relayout(In.Array, *A, FixCandidate::pad(0)));
    if (!Identity.back())
      return Refusal{"the subscripts of " + accessText(*A) + " do not fit '" + In.Array.Name + "'",
                     A->Loc};
  }
  Before = Ev.evaluate(Original);
  if (!Before.Ok)
    return Refusal{"cost unknown: " + Before.Why, Before.WhyLoc};
  Evaluation Check = Ev.evaluate(Identity);
  for (size_t T = 0; T < In.Targets.size() && Check.Ok; ++T)
    for (size_t I = 0; I < In.Accesses.size(); ++I)
      if (std::fabs(Check.Cells[T][I].Readings[0].Passes - Before.Cells[T][I].Readings[0].Passes) >
          Eps)
        return Refusal{"the subscripts of " + accessText(*In.Accesses[I]) +
                           " do not reproduce its address",
                       In.Accesses[I]->Loc};
  if (!Check.Ok)
    return Refusal{"cost unknown: " + Check.Why, Check.WhyLoc};
  if (!anyConflict(Before))
    return Refusal{"no bank conflict to remove", {}};
  return std::nullopt;
}

} // namespace lds::planner
