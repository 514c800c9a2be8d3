//===- FixPlanner.cpp - Search pads and swizzles, evaluate, choose --------===//
//
// planFix in steps, each in its own file (the rules are in FixPlanner.h):
//   Baseline.cpp          the array as it is: checks, layout, LDS budget, cost
//   SubscriptRange.cpp    every lane's subscripts name an element
//   PadCandidates.cpp,
//   SwizzleCandidates.cpp the candidates, simplest first
//   CandidateScore.cpp    each candidate re-costed (Evaluation.cpp) and judged
//   Occupancy.cpp         workgroups per CU: LDS budget and wave slots
//   Choice.cpp            the best admissible bijection, or why none
//   PlanDescription.cpp   the plan and its description
//   Relayout.cpp          layouts, addresses under them, the bijection check
//   PlanText.cpp          the words all of them use
// Here: the order of the steps, and the row lengths of a 1-D array whose
// accesses are written with different ones.
//
//===----------------------------------------------------------------------===//

#include "planner/FixPlanner.h"
#include "planner/Baseline.h"
#include "planner/CandidateScore.h"
#include "planner/Choice.h"
#include "planner/PlanDescription.h"
#include "planner/PlanText.h"
#include "planner/SubscriptRange.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace lds {

using namespace planner;

namespace {

FixPlan refuse(FixPlan Plan, const Refusal &R) {
  Plan.Found = false;
  Plan.Refusal = R.Why;
  Plan.RefusalLoc = R.Loc;
  return Plan;
}

/// The plan with the accesses' subscripts as given (one row length).
FixPlan planForRowLength(const SharedArray &Array, const std::vector<const Access *> &Accesses,
                         const std::vector<const TargetModel *> &Targets,
                         uint64_t KernelStaticLDSBytes, Strategy Strat, const BankModel &Model,
                         const PlanOptions &Opts) {
  FixPlan Plan;
  if (std::optional<Refusal> R = checkAccesses(Array, Accesses, Targets))
    return refuse(Plan, *R);
  const PlanInputs In = planInputs(Array, Accesses, Targets, KernelStaticLDSBytes, Strat, Opts);
  if (!In.Base.Ok)
    return refuse(Plan, {In.Base.Why, Accesses.front()->Loc});
  Plan.ArrayBytesBefore = In.ArrayBytes;
  Plan.LDSBytesBefore = In.Total;
  Plan.OccupancyChecked = In.SizeKnown;

  const Evaluator Ev(Accesses, Targets, Model, Opts);
  Evaluation Before;
  if (std::optional<Refusal> R = baseline(In, Ev, Before))
    return refuse(Plan, *R);
  ColumnReach Columns;
  if (std::optional<Refusal> R = checkSubscriptRanges(In, Columns, Plan.Considered))
    return refuse(Plan, *R);

  CandidateSet Set;
  if (Strat != Strategy::Swizzle)
    Set.Pads = padCandidates(In);
  if (Strat != Strategy::Pad)
    addSwizzleCandidates(In, Columns, Set, Plan.Considered);
  if (Set.Pads.empty() && Set.Swizzles.empty())
    return refuse(Plan,
                  {Strat == Strategy::Swizzle ? Set.NoSwizzleWhy
                                              : "no padding or swizzle fits '" + Array.Name + "'",
                   {}});

  const std::vector<Scored> All = scoreCandidates(In, Ev, Before, Set, Plan.Considered);
  std::vector<Unwritable> Refused;
  const std::vector<const Scored *> Taken =
      chooseWritable(In, rankCandidates(All, Strat), size_t(Opts.Rank) + 1 + Opts.Ties, Refused,
                     Plan.Considered);
  if (!Refused.empty())
    Plan.SetAside = Refused.front();
  if (Taken.empty())
    return refuse(Plan, {nothingChosen(In, All, Set, Refused), {}});
  // An array with fewer runners-up than asked takes its last one, so that
  // `bench --search` varies one array's layout while the others stay put.
  Plan.Rank = std::min<unsigned>(Opts.Rank, unsigned(Taken.size() - 1));
  for (unsigned I = 0; I <= Plan.Rank; ++I)
    Plan.Ranked.push_back({Taken[I]->C, Taken[I]->Eval.Cost, Taken[I]->Eval.AltCost,
                           worstTargetFactor(Taken[I]->Eval)});
  for (size_t I = Plan.Rank + 1; I < Taken.size(); ++I)
    if (equallyGood(*Taken[I], *Taken[Plan.Rank])) {
      FixPlan &Tie = Plan.Ties.emplace_back();
      Tie.ArrayBytesBefore = Plan.ArrayBytesBefore;
      Tie.LDSBytesBefore = Plan.LDSBytesBefore;
      Tie.OccupancyChecked = Plan.OccupancyChecked;
      Tie.Ranked = Plan.Ranked;
      Tie.Rank = Plan.Rank;
      describeChoice(In, Ev, Before, *Taken[I], Tie);
    }
  describeChoice(In, Ev, Before, *Taken[Plan.Rank], Plan);
  return Plan;
}

/// A's subscripts read with row length W: its own when it is written so,
/// else the linear index it is (r * W' + c, or i), split as {i / W, i % W}.
Access asRowsOf(const Access &A, uint64_t W) {
  Access V = A;
  if (A.Subs.FlatRowLength == W)
    return V;
  auto I64 = [](const ExprRef &E) { return LaneExpr::cast(E, IntType::i64()); };
  auto C = [](uint64_t K) { return LaneExpr::constant(static_cast<int64_t>(K), IntType::i64()); };
  ExprRef Linear = I64(A.Subs.Index[0]);
  if (A.Subs.FlatRowLength)
    Linear = LaneExpr::binary(
        BinaryOp::Add,
        LaneExpr::binary(BinaryOp::Mul, Linear, C(A.Subs.FlatRowLength), IntType::i64()),
        I64(A.Subs.Index[1]), IntType::i64());
  V.Subs.Index = {LaneExpr::binary(BinaryOp::Div, Linear, C(W), IntType::i64()),
                  LaneExpr::binary(BinaryOp::Rem, Linear, C(W), IntType::i64())};
  V.Subs.FlatRowLength = W;
  V.Subs.Linear = true;
  return V;
}

/// Plan A is better than plan B (both found).
bool betterPlan(const FixPlan &A, const FixPlan &B, Strategy Strat) {
  if (A.IdealAfter != B.IdealAfter) // rankCandidates' order
    return A.IdealAfter;
  if (std::fabs(A.WorstAfter - B.WorstAfter) > Eps)
    return A.WorstAfter < B.WorstAfter;
  if (std::fabs(A.CostAfter - B.CostAfter) > Eps)
    return A.CostAfter < B.CostAfter;
  if (std::fabs(A.AltCostAfter - B.AltCostAfter) > Eps)
    return A.AltCostAfter < B.AltCostAfter;
  if (Strat == Strategy::Auto && A.Choice.K != B.Choice.K)
    return A.Choice.K < B.Choice.K;
  return A.LDSBytesAfter < B.LDSBytesAfter;
}

/// The row lengths a 1-D array's accesses are written with, when they
/// differ (or some are written linearly): each is tried for all of them,
/// with the access that writes it in WrittenBy. Empty: plan the accesses as
/// they are.
std::vector<uint64_t> writtenRowLengths(const SharedArray &Array,
                                        const std::vector<const Access *> &Accesses,
                                        std::map<uint64_t, const Access *> &WrittenBy) {
  std::vector<uint64_t> Lengths;
  bool Mixed = false;
  if (Array.Dims.size() != 1)
    return {};
  for (const Access *A : Accesses) {
    if (!A->Subs.Valid)
      return {}; // planForRowLength refuses with its reason
    uint64_t W = A->Subs.FlatRowLength;
    Mixed |= W != Accesses.front()->Subs.FlatRowLength;
    if (W && !A->Subs.Linear && WrittenBy.emplace(W, A).second)
      Lengths.push_back(W);
  }
  if (Lengths.empty())
    for (const Access *A : Accesses)
      if (uint64_t W = A->Subs.FlatRowLength; W && WrittenBy.emplace(W, A).second)
        Lengths.push_back(W);
  return Mixed ? Lengths : std::vector<uint64_t>();
}

/// The plan with every access read as rows of W (asRowsOf).
FixPlan planAsRowsOf(uint64_t W, const SharedArray &Array,
                     const std::vector<const Access *> &Accesses,
                     const std::vector<const TargetModel *> &Targets, uint64_t KernelStaticLDSBytes,
                     Strategy Strat, const BankModel &Model, const PlanOptions &Opts) {
  std::vector<Access> Views;
  for (const Access *A : Accesses)
    Views.push_back(asRowsOf(*A, W));
  std::vector<const Access *> Ptrs;
  for (const Access &V : Views)
    Ptrs.push_back(&V);
  return planForRowLength(Array, Ptrs, Targets, KernelStaticLDSBytes, Strat, Model, Opts);
}

} // namespace

FixPlan planFix(const SharedArray &Array, const std::vector<const Access *> &Accesses,
                const std::vector<const TargetModel *> &Targets, uint64_t KernelStaticLDSBytes,
                Strategy Strat, const BankModel &Model, const PlanOptions &Opts) {
  // A 1-D array whose accesses are written with different row lengths (or
  // some linearly): each written length is tried for all of them.
  std::map<uint64_t, const Access *> WrittenBy;
  const std::vector<uint64_t> Lengths = writtenRowLengths(Array, Accesses, WrittenBy);
  if (Lengths.empty())
    return planForRowLength(Array, Accesses, Targets, KernelStaticLDSBytes, Strat, Model, Opts);

  FixPlan Best;
  std::vector<std::string> Refusals;
  std::vector<std::string> Considered;
  // The plan whose favourite the rewrite could not write, cheapest first:
  // when no length gives a plan, that refusal is the one to report.
  std::optional<FixPlan> Unwritten;
  for (uint64_t W : Lengths) {
    FixPlan P = planAsRowsOf(W, Array, Accesses, Targets, KernelStaticLDSBytes, Strat, Model, Opts);
    std::string As = "as r * " + std::to_string(W) + " + c (" + accessText(*WrittenBy[W]) + ")";
    for (const std::string &L : P.Considered)
      Considered.push_back(As + ": " + L);
    if (!P.Found) {
      Refusals.push_back(As + ": " + P.Refusal);
      if (!Best.Found && !Best.RefusalLoc.valid())
        Best.RefusalLoc = P.RefusalLoc;
      if (P.SetAside.Valid && (!Unwritten || P.SetAside.Cost < Unwritten->SetAside.Cost - Eps))
        Unwritten = P;
      continue;
    }
    if (!Best.Found || betterPlan(P, Best, Strat))
      Best = std::move(P);
  }
  if (!Best.Found && Unwritten)
    Best = std::move(*Unwritten);
  Best.Considered = std::move(Considered);
  if (!Best.Found && !Best.SetAside.Valid) {
    std::string Why = "its accesses index '" + Array.Name + "' with different strides; ";
    for (size_t I = 0; I < Refusals.size(); ++I)
      Why += (I ? "; " : "") + Refusals[I];
    Best.Refusal = Why;
  }
  return Best;
}

} // namespace lds
