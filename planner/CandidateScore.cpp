//===- CandidateScore.cpp - One candidate costed and judged ---------------===//

#include "planner/CandidateScore.h"
#include "planner/Occupancy.h"
#include "planner/PlanText.h"

namespace lds::planner {

Scored scoreCandidate(const PlanInputs &In, const Evaluator &Ev, const Evaluation &Before,
                      const FixCandidate &C, uint64_t Permuted) {
  Scored S;
  S.C = C;
  S.Lay = layoutOf(In.Array, S.C, In.W, In.DynRows);
  if (C.swizzles())
    S.Lay.SwizzledColumns = Permuted;
  std::vector<ExprRef> Offsets;
  for (const Access *A : In.Accesses)
    Offsets.push_back(relayout(In.Array, *A, S.C));
  S.Eval = Ev.evaluate(Offsets);
  S.Growth = static_cast<int64_t>((S.Lay.NewElems - S.Lay.Elems) * In.Array.ElementBytes);
  if (!S.Eval.Ok) {
    S.Rejected = "cost unknown: " + S.Eval.Why;
  } else {
    S.Improves = S.Eval.Cost < Before.Cost - Eps;
    S.Rejected = Ev.worse(Before, S.Eval);
    if (S.Rejected.empty() && In.SizeKnown && S.Growth > 0) {
      OccupancyAfter After = occupancyAfter(In, S.Growth);
      S.BlocksAfter = std::move(After.Blocks);
      S.Rejected = std::move(After.Why);
      S.OccupancyOnly = !S.Rejected.empty();
    }
  }
  if (S.BlocksAfter.empty())
    S.BlocksAfter = In.BlocksBefore;
  return S;
}

std::string consideredLine(const PlanInputs &In, const Scored &S) {
  std::string Line = S.C.str() + ": ";
  for (size_t T = 0; T < In.Targets.size() && S.Eval.Ok; ++T) {
    Line += (T ? ", " : "") + In.Targets[T]->Name + " " + way(worstDegree(S.Eval, T, false));
    if (hasAlternatives(S.Eval, T))
      Line += " (" + way(worstDegree(S.Eval, T, true)) + " disputed)";
  }
  if (S.Eval.Ok && S.Growth)
    Line += ", +" + std::to_string(S.Growth) + " B";
  if (!S.Rejected.empty())
    Line += (S.Eval.Ok ? "; rejected: " : "rejected: ") + S.Rejected;
  else if (!S.Improves)
    Line += "; no better";
  return Line;
}

std::vector<Scored> scoreCandidates(const PlanInputs &In, const Evaluator &Ev,
                                    const Evaluation &Before, const CandidateSet &Set,
                                    std::vector<std::string> &Considered) {
  std::vector<Scored> All;
  auto Score = [&](const FixCandidate &C, uint64_t Permuted) {
    All.push_back(scoreCandidate(In, Ev, Before, C, Permuted));
    All.back().Order = All.size() - 1;
    Considered.push_back(consideredLine(In, All.back()));
  };
  for (const FixCandidate &C : Set.Pads)
    Score(C, 0);
  for (size_t I = 0; I < Set.Swizzles.size(); ++I)
    Score(Set.Swizzles[I], Set.SwizzledColumns[I]);
  if (In.Strat == Strategy::Auto && !Set.Pads.empty() && !Set.Swizzles.empty())
    for (const auto &[C, Permuted] : padSwizzleCandidates(All, Set))
      Score(C, Permuted);
  return All;
}

} // namespace lds::planner
