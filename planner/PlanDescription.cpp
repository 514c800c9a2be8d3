//===- PlanDescription.cpp - The plan of the chosen candidate, in words ---===//

#include "planner/PlanDescription.h"
#include "planner/PlanText.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace lds::planner {

namespace {

/// What S does on target T (index into the targets), against Before.
TargetOutcome outcomeOf(const PlanInputs &In, const Evaluator &Ev, const Evaluation &Before,
                        const Scored &S, size_t T) {
  TargetOutcome O;
  O.Target = In.Targets[T]->Name;
  for (size_t I = 0; I < In.Accesses.size(); ++I) {
    const Cell &B = Before.Cells[T][I], &A = S.Eval.Cells[T][I];
    O.PassesBefore += B.Readings[0].Passes;
    O.PassesAfter += A.Readings[0].Passes;
    for (size_t R = 1; R < A.Readings.size(); ++R) {
      if (O.AltPassesAfter.size() < R)
        O.AltPassesAfter.resize(R, 0);
      O.AltPassesAfter[R - 1] += A.Readings[R].Passes;
    }
  }
  O.DegreeBefore = worstDegree(Before, T, false);
  O.DegreeAfter = worstDegree(S.Eval, T, false);
  O.AltDegreeBefore = worstDegree(Before, T, true);
  O.AltDegreeAfter = worstDegree(S.Eval, T, true);
  O.AltBanks = hasAlternatives(S.Eval, T) ? Ev.targets()[T].AltBanks : 0;
  O.BlocksPerCUBefore = In.BlocksBefore[T];
  O.BlocksPerCUAfter = S.BlocksAfter[T];
  return O;
}

/// "32-way -> 1-way on gfx942 and gfx950", targets grouped by their change
/// (Alt: under the alternative readings, of the targets that have one).
std::string changesText(const std::vector<TargetOutcome> &Outcomes, bool Alt) {
  std::vector<std::pair<std::pair<double, double>, std::vector<std::string>>> Groups;
  for (const TargetOutcome &O : Outcomes) {
    if (Alt && !O.AltBanks)
      continue;
    std::pair<double, double> Key = Alt ? std::make_pair(O.AltDegreeBefore, O.AltDegreeAfter)
                                        : std::make_pair(O.DegreeBefore, O.DegreeAfter);
    auto It = std::find_if(Groups.begin(), Groups.end(), [&](const auto &G) {
      return std::fabs(G.first.first - Key.first) < Eps &&
             std::fabs(G.first.second - Key.second) < Eps;
    });
    if (It == Groups.end())
      Groups.push_back({Key, {O.Target}});
    else
      It->second.push_back(O.Target);
  }
  std::string Text;
  for (const auto &G : Groups) {
    if (!Text.empty())
      Text += ", ";
    double From = G.first.first, To = G.first.second;
    if (std::fabs(From - 1) < Eps && std::fabs(To - 1) < Eps)
      Text += "no conflict on " + joinNames(G.second);
    else if (std::fabs(From - To) < Eps)
      Text += way(From) + " unchanged on " + joinNames(G.second);
    else
      Text += way(From) + " -> " + way(To) + " on " + joinNames(G.second);
  }
  return Text;
}

/// "runs 8x", or "runs 8x, in 1 of 4 waves" for an access that not every
/// wave of the block executes.
std::string runsText(const Access &A, const Cell &C) {
  std::string Text = "runs " + num(Evaluator::weight(A)) + "x";
  if (C.BlockWaves && C.ExecutingWaves < C.BlockWaves)
    Text += ", in " + std::to_string(C.ExecutingWaves) + " of " + std::to_string(C.BlockWaves) +
            " waves";
  return Text;
}

/// "; a trade on sm_90: the store at f.cu:37:13 1 -> 2 passes (runs 8x),
/// the load at f.cu:44:31 8 -> 4 passes (runs 64x), weighted passes 576 ->
/// 320" for each target where S makes an access worse: what it gives up
/// for what, counted by how often each access runs.
std::string tradeText(const PlanInputs &In, const Scored &S) {
  std::string Text;
  for (size_t T = 0; T < In.Targets.size(); ++T) {
    std::string Changes;
    for (size_t I = 0; I < In.Accesses.size(); ++I)
      for (const std::vector<CellRef> *Cells : {&S.Worse, &S.Better})
        for (const CellRef &C : *Cells)
          if (C.Target == T && C.Access == I)
            Changes += (Changes.empty() ? "" : ", ") + accessText(*In.Accesses[I]) + " " +
                       num(C.From) + " -> " + num(C.To) + " passes (" +
                       runsText(*In.Accesses[I], S.Eval.Cells[T][I]) + ")";
    bool Worse = false;
    for (const CellRef &C : S.Worse)
      Worse |= C.Target == T;
    if (!Worse)
      continue;
    auto [Before, After] = targetCosts(In, S, T);
    Text += "; a trade on " + In.Targets[T]->Name + ": " + Changes + ", weighted passes " +
            num(Before) + " -> " + num(After);
  }
  return Text;
}

/// Plan.Description, once Plan's outcomes and sizes are filled.
std::string descriptionOf(const PlanInputs &In, const Scored &S, const FixPlan &Plan) {
  const SharedArray &Array = In.Array;
  std::string D;
  if (S.C.pads()) {
    D = "pad rows " + std::to_string(S.Lay.RowLength) + " -> " +
        std::to_string(S.Lay.NewRowLength) + " " + plural(Array);
    if (S.C.swizzles()) {
      D += " and " + swizzleDescription(S.C.Swz, Array.ElementBytes);
    }
    D += ": " + changesText(Plan.Outcomes, false);
    if (!In.SizeKnown)
      D += ", +" + elemsText(S.C.PadElems, Array) +
           " per row of dynamic LDS (the launch must pass the larger size), "
           "occupancy not checked";
    else {
      D += ", +" + std::to_string(S.Growth) + " B LDS";
      if (In.Unsized)
        D += " (the launch must pass " + std::to_string(Plan.ArrayBytesAfter) + " B)";
      D += ", occupancy unchanged";
    }
  } else {
    D = swizzleDescription(S.C.Swz, Array.ElementBytes) + ": " + changesText(Plan.Outcomes, false) +
        ", no extra LDS";
  }
  for (const TargetOutcome &O : Plan.Outcomes)
    if (O.AltBanks) {
      D += "; under the disputed " + std::to_string(O.AltBanks) +
           "-bank reading: " + changesText(Plan.Outcomes, true);
      break;
    }
  D += tradeText(In, S);
  if (Plan.Rank)
    D += "; the layout ranked " + std::to_string(Plan.Rank) + " (--fix-rank; the best, " +
         candidateText(Plan.Ranked[0].C, Array, In.Base) + ", has weighted passes " +
         num(Plan.Ranked[0].Cost) + ", this one " + num(S.Eval.Cost) + ")";
  return D;
}

} // namespace

void describeChoice(const PlanInputs &In, const Evaluator &Ev, const Evaluation &Before,
                    const Scored &S, FixPlan &Plan) {
  Plan.Considered.push_back("chosen: " + S.C.str() + " (weighted passes " + num(Before.Cost) +
                            " -> " + num(S.Eval.Cost) + ")");
  Plan.Found = true;
  Plan.Choice = S.C;
  for (const Access *A : In.Accesses)
    Plan.Linear.push_back(A->Subs.Linear);
  Plan.CostBefore = Before.Cost;
  Plan.CostAfter = S.Eval.Cost;
  Plan.AltCostAfter = S.Eval.AltCost;
  Plan.IdealAfter = allIdeal(S.Eval);
  Plan.WorstAfter = worstTargetFactor(S.Eval);
  Plan.NewLayout = S.Lay;
  if (In.SizeKnown) {
    Plan.ArrayBytesAfter = S.Lay.NewElems * In.Array.ElementBytes;
    Plan.LDSBytesAfter = In.Total + static_cast<uint64_t>(S.Growth);
  } else {
    Plan.LDSBytesAfter = In.Total;
  }
  for (size_t T = 0; T < In.Targets.size(); ++T)
    Plan.Outcomes.push_back(outcomeOf(In, Ev, Before, S, T));
  Plan.Description = descriptionOf(In, S, Plan);
}

} // namespace lds::planner
